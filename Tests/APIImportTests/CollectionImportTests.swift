import APIClient
import APIImport
import APIMapping
import Foundation
import Testing

@Suite struct CollectionImportTests {
    @Test(arguments: CollectionFixtures.all)
    func everyRealCollectionImportsAsAProfileThatReadsBack(_ fixture: String) throws {
        let (result, _, profile) = try CollectionFixtures.imported(fixture)
        #expect(!profile.endpoints.isEmpty, "\(fixture): no endpoint")
        #expect(profile.endpoints.count <= result.draft.endpoints.count)
    }

    /// Literal credentials in real files: each must end as an `${env:…}` placeholder.
    @Test(arguments: [
        ("insomnia/kong/bearer-token-v2_1-output.json", "bearer-token-value"),
        ("insomnia/kong/basic-auth-v2_1-output.json", "basic-password"),
        ("insomnia/slumber/insomnia.json", "hunter2"),
        ("postman/schemas/nestedEntities.json", "D+EdQ-gs"),
        ("http/slumber/jetbrains.http", "efaxijasdfjasdfa"),
        ("http/slumber/jetbrains.http", "Zm9vOmJhcg"),
        ("http/vscode-restclient/query-method-examples.http", "your-bearer-token"),
        ("bruno/testbench", "your_secret_token"),
        ("bruno/testbench", "della"),
        ("bruno/testbench", "client_secret_1"),
    ])
    func aLiteralSecretNeverReachesTheProfile(_ fixture: String, _ secret: String) throws {
        let (_, yaml, _) = try CollectionFixtures.imported(fixture)
        #expect(!yaml.contains(secret), "\(fixture) leaks \(secret)")
        #expect(yaml.contains("${env:"), "\(fixture): no environment placeholder")
    }

    @Test func postmanNestedAuthIsInheritedAndUnsupportedAuthIsSaid() throws {
        let (result, yaml, profile) = try CollectionFixtures.imported(
            "postman/schemas/nestedEntities.json", name: "auth")
        #expect(profile.endpoints.map(\.id) == ["basic", "o_auth1"])
        #expect(result.draft.endpoints.first?.tags == ["F1"])
        guard case .basic(let username, let password)? = result.draft.auth else {
            Issue.record("expected basic auth, got \(String(describing: result.draft.auth))")
            return
        }
        // {{username}} and {{token}} are declared nowhere: the credentials come from the environment.
        #expect(username == "${env:AUTH_USERNAME}")
        #expect(password == "${env:AUTH_TOKEN}")
        #expect(result.scripts == 4)
        #expect(yaml.contains("oauth1 auth, which profiles do not do"))
        #expect(yaml.contains("pre-request script (1 lines), not run:"))
        #expect(result.warnings.contains { $0.contains("folder 'F1'") })
    }

    @Test func postmanFoldersBecomeTagsAndUndeclaredVariablesParameters() throws {
        let (result, _, profile) = try CollectionFixtures.imported("postman/posting/test-postman-collection.json")
        #expect(profile.baseURL.text == "https://api.example.com")
        #expect(result.draft.endpoints.map(\.tags) == [["Users"], ["Users/User Details"]])
        let user = try #require(profile.endpoint("get_user"))
        #expect(user.path.text == "/users/{id}")
        let users = try #require(profile.endpoint("get_users"))
        #expect(users.query.map(\.name) == ["email", "relations"])
        #expect(users.params.first { $0.name == "email" }?.defaultValue == "example@gmail.com")
    }

    @Test func postmanV1IsRefusedNamingTheVersion() throws {
        let error = #expect(throws: CollectionImportError.self) {
            try CollectionFixtures.collection("postman/newman-v1-collection.json")
        }
        #expect(error?.description.contains("Postman Collection v1") == true)
        #expect(error?.description.contains("v2.1") == true)
    }

    @Test func postmanEnvironmentsBecomeEnvironmentsAndSecretsPlaceholders() throws {
        var collection = try CollectionFixtures.collection("postman/newman-sample-collection.json")
        collection.environments.append(
            try PostmanCollectionReader.environment(
                try CollectionFixtures.text("postman/kong/postman-env-basic-input.json"), file: "env.json"))
        collection.environments.append(
            CollectionEnvironment(
                name: "staging", variables: [CollectionVariable(name: "api_token", value: "s3cr3t-value", secret: true)]
            ))
        let result = CollectionAssembler.assemble(collection, name: "sample")
        let (yaml, profile) = try result.draft.validatedYAML(file: "sample.yaml")
        #expect(profile.environments.map(\.name) == ["production_env", "staging"])
        // The disabled value is left out; the enabled one is a variable of its environment.
        #expect(yaml.contains("foo: \"production\""))
        #expect(!yaml.contains("hahah"))
        #expect(!yaml.contains("s3cr3t-value"))
        #expect(yaml.contains("${env:SAMPLE_API_TOKEN}"))
    }

    @Test func insomniaEnvironmentsFoldersAndTags() throws {
        let (result, yaml, profile) = try CollectionFixtures.imported("insomnia/slumber/insomnia.json", name: "scratch")
        #expect(profile.environments.map(\.name) == ["local", "remote"])
        #expect(profile.baseURL.text == "https://httpbin.org")
        #expect(
            result.draft.endpoints.map(\.id) == [
                "login", "with_text_body", "with_json_body", "bearer_auth", "digest_auth_unsupported", "basic_auth",
                "no_auth",
            ])
        #expect(result.draft.endpoints[3].tags == ["My Folder/Inner Folder"])
        #expect(yaml.contains("digest auth, which profiles do not do"))
        // The Login form's password is a secret; the token of a `{% response %}` tag reads the environment.
        let login = try #require(result.draft.endpoints.first)
        #expect(login.bodyText == "username=user&password=${env:SCRATCH_PASSWORD}")
        #expect(result.warnings.contains { $0.contains("{{% response") || $0.contains("response 'body'") })
    }

    @Test func insomniaBodiesOfEveryKind() throws {
        let (result, _, _) = try CollectionFixtures.imported("insomnia/kong/complex-v2_1-output.json")
        let endpoints = result.draft.endpoints
        #expect(
            endpoints[0].multipart == [
                DraftHeader(name: "file", value: "@/home/user/test.txt"), DraftHeader(name: "foo", value: "bar"),
            ])
        #expect(endpoints[1].bodyText == "foo=bar")
        #expect(endpoints[2].bodyText == "hello world!")
        let graphql = try #require(endpoints[5].body?.objectValue)
        #expect(graphql["query"]?.stringValue?.hasPrefix("mutation loginUser") == true)
        #expect(graphql["variables"]?.objectValue?["password"]?.stringValue == "${password}")
    }

    @Test func httpFileVariablesEnvironmentsAndPrivateSecrets() throws {
        let (result, yaml, profile) = try CollectionFixtures.imported("http/slumber/jetbrains.http", name: "bin")
        #expect(profile.environments.map(\.name) == ["development", "production"])
        #expect(
            result.draft.endpoints.map(\.id) == [
                "simple_get", "json_post", "put_root", "with_query", "can_template_variables",
            ])
        #expect(profile.baseURL.text == "http://httpbin.org")
        // `@name = {{first_name}}_{{last_name}}` is expanded: profiles do not chain variables.
        #expect(yaml.contains("name: \"joe_list\""))
        // The private file's value is a secret; the public ones are variables.
        #expect(yaml.contains("super-secret-number: \"${env:BIN_SUPER_SECRET_NUMBER}\""))
        #expect(yaml.contains("my-var: \"my-dev-value\""))
        guard case .basic? = result.draft.auth else {
            Issue.record("the literal Basic header should become basic auth")
            return
        }
    }

    @Test func httpFileOfVSCodeWithCRLFAndDynamicValues() throws {
        let (result, yaml, profile) = try CollectionFixtures.imported("http/vscode-restclient/tests.http", name: "arm")
        #expect(profile.endpoints.count == 11)
        #expect(profile.baseURL.text == "https://management.azure.com")
        // Every request sends `Authorization: {{$aadToken …}}`: the profile's header auth.
        #expect(yaml.contains("header: {name: Authorization, value: \"${aad_token}\"}"))
        #expect(
            result.warnings.contains { $0.contains("$aadToken") }
                || result.draft.endpoints[0].comments.contains { $0.contains("$aadToken") })
    }

    @Test func httpFileMethodsProfilesCannotSendAreSaid() throws {
        let (result, yaml, profile) = try CollectionFixtures.imported(
            "http/vscode-restclient/query-method-examples.http")
        #expect(result.draft.endpoints.count == 7)
        #expect(profile.endpoints.map(\.method) == ["POST"])
        #expect(yaml.contains("# skipped "))
    }

    @Test(arguments: [
        "@a = x{{a}}\nGET https://x.test/{{a}}\n",
        "@a = x{{b}}\n@b = y{{a}}\nGET https://x.test/{{a}}/{{b}}\n",
        // Each level doubles: expanded blindly 2^18 characters, past the 64 KiB limit.
        (0..<18).map { "@v\($0) = {{v\($0 + 1)}}{{v\($0 + 1)}}\n" }.joined() + "@v18 = x\nGET https://x.test/{{v0}}\n",
    ])
    func variablesThatUseThemselvesOrExplodeStayBoundedAndLoad(_ text: String) throws {
        let collection = try HTTPFileParser(file: "cycle.http").parse(text)
        let result = CollectionAssembler.assemble(collection, name: "cycle")
        let (yaml, _) = try result.draft.validatedYAML(file: "cycle.yaml")
        #expect(yaml.utf8.count < 4 << 20)
        #expect(result.warnings.contains { $0.contains("which profiles cannot: kept as text") })
    }

    @Test func brunoFoldersThreeDeepWithInheritedAuth() throws {
        let (result, yaml, profile) = try CollectionFixtures.imported("bruno/testbench", name: "bench")
        let tags = Dictionary(uniqueKeysWithValues: result.draft.endpoints.map { ($0.id, $0.tags) })
        #expect(tags["bearer_auth_200"] == ["auth/bearer/via auth"])
        #expect(tags["inherit_bearer_auth_200"] == ["auth/inherit auth"])
        // Both use {{bearer_auth_token}}: the one by its own auth, the other by the collection's.
        #expect(result.draft.auth == .bearer(token: "${var:bearer_auth_token}"))
        #expect(yaml.contains("bearer_auth_token: \"${env:BENCH_BEARER_AUTH_TOKEN}\""))
        #expect(profile.environments.map(\.name) == ["local", "prod"])
        #expect(yaml.contains("bark: \"${env:PROC_ENV_VAR}\""))
        let form = try #require(result.draft.endpoints.first { $0.id == "echo_form-url-encoded" })
        #expect(form.bodyText?.hasPrefix("form-data-key=${form-data-key}") == true)
    }

    @Test(arguments: [
        ("postman/x.json", #"{"info": {"name": "x"}, "item": 3}"#, "x.json:1:33: $.item: expected an 'item' array"),
        (
            "postman/y.json", "{\"info\": {\"name\": \"y\"},\n \"item\": [ {\"name\": \"a\"} ]}",
            "y.json:2:12: $.item[0]"
        ),
        ("postman/z.json", "{\"info\": ", "z.json:1:10: not JSON"),
        (
            "insomnia/i.json", #"{"_type": "export", "__export_format": 3, "resources": []}"#,
            "i.json:1:40: $.__export_format"
        ),
        ("http/h.http", "GET https://x.test/a\n\n###\nnot a request line\n", "h.http:4: expected a request line"),
        ("http/g.http", "POST https://x.test/a\nContent-Type application/json\n", "g.http:2: expected a header"),
        // CRLF lines count as lines (Swift holds "\r\n" as one Character).
        (
            "http/c.http", "GET https://x.test/a\r\n\r\n###\r\nnot a request line\r\n",
            "c.http:4: expected a request line"
        ),
    ])
    func malformedInputIsALocatedError(_ name: String, _ text: String, _ expected: String) throws {
        let error = #expect(throws: CollectionImportError.self) {
            if name.hasPrefix("postman/") {
                _ = try PostmanCollectionReader.read(text, file: name)
            } else if name.hasPrefix("insomnia/") {
                _ = try InsomniaExportReader.read(text, file: name)
            } else {
                _ = try HTTPFileParser(file: name).parse(text)
            }
        }
        #expect(error?.description.contains(expected) == true, "\(error?.description ?? "no error")")
    }

    @Test func anUnclosedBruBlockIsALocatedError() throws {
        let error = #expect(throws: CollectionImportError.self) {
            _ = try BruFile(parsing: "meta {\n  name: a\n}\n\nget {\n  url: https://x.test\n", file: "a.bru")
        }
        #expect(error?.description == "a.bru:5: the block 'get' is not closed by '}'")
    }
}

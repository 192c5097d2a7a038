import APIHTTP
import APIImport
import APIMapping
import Testing

@Suite struct CurlDraftTests {
    @Test func queryItemsBecomeParameters() throws {
        let curl = try CurlCommand(
            parsing: "curl 'https://api.example.com/v1/users?page=2&per-page=50&filter%5Bname%5D=ada%20l'")
        let result = curl.endpointDraft(id: "list users!", baseURL: "https://api.example.com/v1/")
        let endpoint = result.endpoint
        #expect(endpoint.id == "list_users")
        #expect(endpoint.method == "GET")
        #expect(endpoint.path == "/users")
        #expect(
            endpoint.query == [
                DraftHeader(name: "page", value: "${page}"), DraftHeader(name: "per-page", value: "${per_page}"),
                DraftHeader(name: "filter[name]", value: "${filter_name}"),
            ])
        #expect(endpoint.params.map(\.name) == ["page", "per_page", "filter_name"])
        #expect(endpoint.params.map(\.defaultValue) == ["2", "50", "ada l"])
        #expect(result.auth == nil)
    }

    struct AuthCase: CustomTestStringConvertible, Sendable {
        let name: String
        let line: String
        let auth: AuthDraft
        let variables: [String]
        let secret: String
        var testDescription: String { name }
    }

    static let authCases: [AuthCase] = [
        AuthCase(
            name: "literal bearer",
            line: "curl https://api.example.com/v1/me -H 'Authorization: Bearer sk_live_SECRET1'",
            auth: .bearer(token: "${env:EXAMPLE_TOKEN}"), variables: ["EXAMPLE_TOKEN"], secret: "sk_live_SECRET1"),
        AuthCase(
            name: "bearer from a shell variable",
            line: #"curl https://api.openai.com/v1/models -H "Authorization: Bearer $OPENAI_API_KEY""#,
            auth: .bearer(token: "${env:OPENAI_API_KEY}"), variables: ["OPENAI_API_KEY"], secret: "$OPENAI_API_KEY"),
        AuthCase(
            name: "oauth2-bearer", line: "curl --oauth2-bearer tok_SECRET2 https://api.example.com/me",
            auth: .bearer(token: "${env:EXAMPLE_TOKEN}"), variables: ["EXAMPLE_TOKEN"], secret: "tok_SECRET2"),
        AuthCase(
            name: "basic with -u", line: "curl -u ada:pa55SECRET3 https://api.example.com/me",
            auth: .basic(username: "${env:EXAMPLE_USERNAME}", password: "${env:EXAMPLE_PASSWORD}"),
            variables: ["EXAMPLE_USERNAME", "EXAMPLE_PASSWORD"], secret: "pa55SECRET3"),
        AuthCase(
            name: "Stripe key as user", line: "curl https://api.stripe.com/v1/charges -u sk_test_SECRET4:",
            auth: .basic(username: "${env:STRIPE_API_KEY}", password: ""), variables: ["STRIPE_API_KEY"],
            secret: "sk_test_SECRET4"),
        AuthCase(
            name: "basic header", line: "curl https://api.example.com/me -H 'Authorization: Basic YWRhOlNFQ1JFVDU='",
            auth: .basic(username: "${env:EXAMPLE_USERNAME}", password: "${env:EXAMPLE_PASSWORD}"),
            variables: ["EXAMPLE_USERNAME", "EXAMPLE_PASSWORD"], secret: "YWRhOlNFQ1JFVDU="),
        AuthCase(
            name: "API key header", line: "curl https://api.example.com/v1/items -H 'X-API-Key: SECRET6'",
            auth: .header(name: "X-API-Key", value: "${env:EXAMPLE_API_KEY}"), variables: ["EXAMPLE_API_KEY"],
            secret: "SECRET6"),
        AuthCase(
            name: "Discord bot scheme",
            line: "curl https://discord.com/api/v10/users/@me -H 'Authorization: Bot SECRET7'",
            auth: .header(name: "Authorization", value: "Bot ${env:DISCORD_TOKEN}"), variables: ["DISCORD_TOKEN"],
            secret: "SECRET7"),
        AuthCase(
            name: "key in the query", line: "curl 'https://maps.example.com/api/geocode?address=Paris&key=SECRET8'",
            auth: .query(name: "key", value: "${env:EXAMPLE_KEY}"), variables: ["EXAMPLE_KEY"], secret: "SECRET8"),
    ]

    @Test(arguments: authCases)
    func authIsDetectedAndTheSecretIsNotKept(_ testCase: AuthCase) throws {
        let curl = try CurlCommand(parsing: testCase.line)
        let result = curl.endpointDraft(id: "call", baseURL: "https://api.example.com/v1")
        #expect(result.auth == testCase.auth)
        #expect(result.environmentVariables == testCase.variables)
        #expect(!"\(result)".contains(testCase.secret.replacing("$", with: "")) || testCase.secret.hasPrefix("$"))
        #expect(!"\(result.endpoint)".contains(testCase.secret))
        let profile = try ProfileDraft(curlLines: [testCase.line], name: "demo")
        #expect(!"\(profile)".contains(testCase.secret))
    }

    @Test func secondCredentialStaysOnTheEndpointAsAPlaceholder() throws {
        let line =
            "curl https://api.cloudflare.com/client/v4/zones -H 'X-Auth-Email: ada@example.com' -H 'X-Auth-Key: SECRET9' -b 'sid=SECRET10'"
        let result = try CurlCommand(parsing: line).endpointDraft(
            id: "zones", baseURL: "https://api.cloudflare.com/client/v4")
        #expect(result.auth == .header(name: "X-Auth-Key", value: "${env:CLOUDFLARE_AUTH_KEY}"))
        #expect(
            result.endpoint.headers == [
                DraftHeader(name: "X-Auth-Email", value: "ada@example.com"),
                DraftHeader(name: "Cookie", value: "${env:CLOUDFLARE_COOKIE}"),
            ])
        #expect(!"\(result)".contains("SECRET"))
    }

    @Test func bodies() throws {
        let json = try CurlCommand(parsing: #"curl https://x.test/v1/a -d '{"n":1,"tags":["a"]}'"#)
            .endpointDraft(id: "a", baseURL: "https://x.test/v1").endpoint
        #expect(json.body == ["n": 1, "tags": ["a"]])
        #expect(json.bodyText == nil)
        let form = try CurlCommand(parsing: "curl https://x.test/v1/a -d a=1 -d b=2").endpointDraft(
            id: "a", baseURL: "https://x.test/v1"
        )
        .endpoint
        #expect(form.bodyText == "a=1&b=2")
        #expect(form.headers == [DraftHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")])
        let broken = try CurlCommand(parsing: "curl https://x.test/v1/a -H 'Content-Type: application/json' -d '{oops'")
            .endpointDraft(id: "a", baseURL: "https://x.test/v1").endpoint
        #expect(broken.bodyText == "{oops")
        #expect(broken.comments.contains { $0.contains("not valid JSON") })
        let multipart = try CurlCommand(
            parsing: "curl https://x.test/v1/files -F purpose=fine-tune -F file=@train.jsonl"
        )
        .endpointDraft(id: "upload", baseURL: "https://x.test/v1").endpoint
        // The fields are sent: text as it was, the file as a parameter whose example is the path
        // uploaded (never its default: a file to upload is given for each call).
        #expect(
            multipart.multipart == [
                DraftHeader(name: "purpose", value: "fine-tune"), DraftHeader(name: "file", value: "${file}"),
            ])
        let fileParameter = try #require(multipart.params.first { $0.name == "file" })
        #expect(fileParameter.type == "file")
        #expect(fileParameter.example == "train.jsonl")
        #expect(fileParameter.defaultValue == nil)
        let file = try CurlCommand(parsing: "curl https://x.test/v1/a -d @payload.json").endpointDraft(
            id: "a", baseURL: "https://x.test/v1"
        )
        .endpoint
        #expect(file.body == nil && file.bodyText == nil)
        #expect(file.comments.contains { $0.contains("@payload.json") })
    }

    @Test func templatesInHeaders() throws {
        let result = try CurlCommand(parsing: #"curl https://x.test/a -H "Notion-Version: $VERSION" -H 'X-Price: 5$'"#)
            .endpointDraft(id: "a", baseURL: "https://x.test")
        #expect(
            result.endpoint.headers == [
                DraftHeader(name: "Notion-Version", value: "${env:VERSION}"),
                DraftHeader(name: "X-Price", value: "5$$"),
            ])
        #expect(result.environmentVariables == ["VERSION"])
    }

    @Test func pathOutsideTheBaseURLStaysAbsolute() throws {
        let endpoint = try CurlCommand(parsing: "curl https://uploads.example.com/v1/files").endpointDraft(
            id: "f", baseURL: "https://api.example.com/v1"
        )
        .endpoint
        #expect(endpoint.path == "https://uploads.example.com/v1/files")
        #expect(!endpoint.comments.isEmpty)
    }

    @Test func profileFromSeveralCommands() throws {
        let draft = try ProfileDraft(
            curl: """
                # Stripe, from the docs
                curl https://api.stripe.com/v1/customers -u sk_test_SECRET11: -d limit=3 -G
                curl https://api.stripe.com/v1/charges -u sk_test_SECRET11: -d amount=2000 -d currency=usd
                curl https://api.stripe.com/v1/customers/cus_NffrFeUfNV2Hib -u sk_test_SECRET11: -H 'Stripe-Version: 2024-06-20'
                curl https://api.stripe.com/v1/customers -u sk_test_SECRET11: -G -d limit=10 -H 'X-Empty;'
                curl https://files.stripe.com/v1/files -u sk_test_SECRET11: -F purpose=dispute_evidence -F file=@receipt.png
                """, name: "stripe")
        #expect(draft.baseURL == "https://api.stripe.com/v1")
        #expect(
            draft.endpoints.map(\.id) == [
                "get_customers", "post_charges", "get_customers_cus_NffrFeUfNV2Hib", "get_customers_2", "post_v1_files",
            ])
        #expect(
            draft.endpoints.map(\.path) == [
                "/customers", "/charges", "/customers/cus_NffrFeUfNV2Hib", "/customers",
                "https://files.stripe.com/v1/files",
            ])
        #expect(draft.auth == .basic(username: "${env:STRIPE_API_KEY}", password: ""))
        // The files host gets a credential of its own: the profile's never leaves api.stripe.com.
        let files = try #require(draft.endpoints.last)
        #expect(files.auth == .own(.basic(username: "${env:FILES_STRIPE_API_KEY}", password: "")))
        #expect(draft.comments.contains("set in the environment: STRIPE_API_KEY, FILES_STRIPE_API_KEY"))
        #expect(draft.comments.contains { $0.hasPrefix("line 5:") && $0.contains("X-Empty") })
        #expect(!"\(draft)".contains("SECRET11"))
    }

    @Test func sharedHeadersMoveToTheProfile() throws {
        let draft = try ProfileDraft(
            curlLines: [
                #"curl https://api.notion.com/v1/users -H "Authorization: Bearer $NOTION_KEY" -H "Notion-Version: 2022-06-28""#,
                #"curl -X POST https://api.notion.com/v1/search -H "Authorization: Bearer $NOTION_KEY" -H "Notion-Version: 2022-06-28" -H 'Content-Type: application/json' -d '{"query":"x"}'"#,
            ], name: "notion")
        #expect(draft.baseURL == "https://api.notion.com/v1")
        #expect(draft.headers == [DraftHeader(name: "Notion-Version", value: "2022-06-28")])
        #expect(draft.endpoints[1].headers == [DraftHeader(name: "Content-Type", value: "application/json")])
        #expect(draft.auth == .bearer(token: "${env:NOTION_KEY}"))
    }

    @Test func telegramTokenInThePathBecomesAPlaceholder() throws {
        let draft = try ProfileDraft(
            curlLines: [
                #"curl "https://api.telegram.org/bot123456789:AAFakeTokenForTestsOnly_abcdefghij/getMe""#,
                #"curl -X POST "https://api.telegram.org/bot123456789:AAFakeTokenForTestsOnly_abcdefghij/sendMessage" -d "chat_id=42&text=Hi""#,
            ], name: "telegram")
        #expect(draft.baseURL == "https://api.telegram.org/bot${env:TELEGRAM_BOT_TOKEN}")
        #expect(draft.endpoints.map(\.id) == ["get_getMe", "post_sendMessage"])
        #expect(!"\(draft)".contains("AAFakeToken"))
    }

    @Test(arguments: CurlExample.all)
    func everyExampleImportsWithoutItsSecrets(_ example: CurlExample) throws {
        let draft = try ProfileDraft(curlLines: [example.line], name: "docs")
        #expect(draft.endpoints.count == 1)
        for secret in ["sk_test_FAKEKEY", "xoxb-0000", "key-0000fake", "FAKE.BOT.TOKEN", "t0k3n", "AAFakeToken"] {
            #expect(!"\(draft)".contains(secret))
        }
    }
}

extension CurlDraftTests {
    @Test func shellVariablesInTheHostBecomeEnvironmentPlaceholders() throws {
        let draft = try ProfileDraft(curlLines: [CurlExample.all[15].line], name: "algolia")
        #expect(draft.baseURL == "https://${env:APPLICATION_ID}-dsn.algolia.net/1")
        #expect(draft.endpoints.map(\.path) == ["/indexes/products/query"])
        #expect(draft.auth == .header(name: "X-Algolia-API-Key", value: "${env:API_KEY}"))
        #expect(draft.comments.contains("set in the environment: APPLICATION_ID, API_KEY"))
    }
}

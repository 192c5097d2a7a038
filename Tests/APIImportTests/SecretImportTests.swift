import APIHTTP
import APIImport
import APIMapping
import Foundation
import Testing

/// "The literal secret is kept nowhere": secrets in bodies, multipart fields and paths of curl
/// commands and HAR captures become `${env:…}` placeholders.
@Suite struct SecretImportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [String]
        /// Strings that must appear nowhere in the draft.
        var secrets: [String]
        /// Variables the profile comments must list.
        var variables: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "OAuth client credentials form body",
            lines: [
                "curl https://auth.example.com/oauth/token -d grant_type=client_credentials -d client_id=abc -d client_secret=s3cr3t"
            ],
            secrets: ["s3cr3t"], variables: ["AUTH_CLIENT_SECRET"]),
        Case(
            name: "multipart api_key field beside a file",
            lines: ["curl -F api_key=s3cr3t -F file=@x.png https://upload.example.com/v1/files"],
            secrets: ["s3cr3t"], variables: ["AUTH_API_KEY"]),
        Case(
            name: "JSON keys at any depth, numbers included",
            lines: [
                #"curl https://api.example.com/v1/login -H 'Content-Type: application/json' -d '{"user":{"name":"ada","credentials":[{"pin":4321}]},"refresh_token":"rt-77","device":{"sessionId":"sess-99"}}'"#
            ],
            secrets: ["4321", "rt-77", "sess-99"],
            variables: ["AUTH_PIN", "AUTH_REFRESH_TOKEN", "AUTH_SESSIONID"]),
        Case(
            name: "values that look like secrets whatever their key",
            lines: [
                #"curl 'https://api.example.com/v1/search?q=ghp_abcdefghij0123456789&cursor=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg' -H 'X-Debug: sk_live_51Habc0123' -d '{"note":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl","key_id":"AKIAIOSFODNN7EXAMPLE"}'"#
            ],
            secrets: [
                "ghp_abcdefghij0123456789", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg", "sk_live_51Habc0123",
                "eyJhbGciOiJIUzI1NiJ9", "AKIAIOSFODNN7EXAMPLE",
            ],
            variables: ["AUTH_Q", "AUTH_CURSOR", "AUTH_DEBUG", "AUTH_NOTE", "AUTH_KEY_ID"]),
        Case(
            name: "Telegram bot token outside the common root",
            lines: [
                "curl https://api.telegram.org/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe",
                "curl https://api.telegram.org/file/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/photos/file_1.jpg",
            ],
            secrets: ["AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"], variables: ["AUTH_BOT_TOKEN"]),
        Case(
            name: "Slack webhook token",
            lines: [
                #"curl -X POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX -d '{"text":"hi"}'"#
            ],
            secrets: ["XXXXXXXXXXXXXXXXXXXXXXXX"], variables: ["AUTH_WEBHOOK_TOKEN"]),
        Case(
            name: "Discord webhook token",
            lines: [
                #"curl -H 'Content-Type: application/json' -d '{"content":"hi"}' https://discord.com/api/webhooks/123456789012345678/abcDEF-ghiJKL_mnoPQR"#
            ],
            secrets: ["abcDEF-ghiJKL_mnoPQR"], variables: ["AUTH_WEBHOOK_TOKEN"]),
        Case(
            name: "warnings mask extra URLs and mistyped headers",
            lines: [
                "curl https://api.example.com/v1/a https://ada:pa55word@api.example.com/v1/b?api_key=k3y9 -H 'sk_live_abc'"
            ],
            secrets: ["pa55word", "k3y9", "sk_live_abc"], variables: []),
    ]

    @Test(arguments: cases) func curlSecretsAreKeptNowhere(_ testCase: Case) throws {
        let draft = try ProfileDraft(curlLines: testCase.lines, name: "auth")
        for secret in testCase.secrets {
            #expect(DraftStrings.leaks(of: secret, in: draft).isEmpty, "\(secret) leaked")
        }
        let listed = draft.comments.first { $0.hasPrefix("set in the environment: ") } ?? ""
        for variable in testCase.variables { #expect(listed.contains(variable), "\(variable) not listed") }
        for endpoint in draft.endpoints {
            #expect(!endpoint.id.contains("{") && !endpoint.id.contains("env"), "id \(endpoint.id)")
        }
    }

    @Test func formBodyKeepsOrderAndEncoding() throws {
        let draft = try ProfileDraft(
            curlLines: [
                "curl https://auth.example.com/oauth/token -d grant_type=client_credentials -d client_id=abc -d client_secret=s3cr3t -d 'note=a%20b&price=$5'"
            ], name: "auth")
        let endpoint = try #require(draft.endpoints.first)
        #expect(
            endpoint.bodyText
                == "grant_type=client_credentials&client_id=abc&client_secret=${env:AUTH_CLIENT_SECRET}&note=a%20b&price=$5"
        )
        #expect(endpoint.secretVariables == ["AUTH_CLIENT_SECRET"])
    }

    @Test func multipartKeepsNamesAndFiles() throws {
        let result = try CurlCommand(
            parsing: "curl -F api_key=s3cr3t -F file=@x.png -F title=cat https://up.example.com/v1"
        )
        .endpointDraft(id: "upload", baseURL: "https://up.example.com/v1")
        #expect(
            result.endpoint.multipart == [
                DraftHeader(name: "api_key", value: "${env:EXAMPLE_API_KEY}"),
                DraftHeader(name: "file", value: "${file}"), DraftHeader(name: "title", value: "cat"),
            ])
        #expect(result.environmentVariables == ["EXAMPLE_API_KEY"])
    }

    @Test func pathSecretsBecomePlaceholders() throws {
        let draft = try ProfileDraft(
            curlLines: [
                "curl https://api.telegram.org/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe",
                "curl https://api.telegram.org/file/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/photos/file_1.jpg",
            ], name: "tg")
        #expect(
            draft.endpoints.map { "\($0.id) \($0.path)" } == [
                "get_bot_getMe /bot${env:TG_BOT_TOKEN}/getMe",
                "get_file_bot_photos_file_1_jpg /file/bot${env:TG_BOT_TOKEN}/photos/file_1.jpg",
            ])
        #expect(draft.endpoints.allSatisfy { $0.secretVariables == ["TG_BOT_TOKEN"] })
    }

    @Test func harLoginPasswordIsKeptNowhere() throws {
        let draft = try HARImport.profile(from: try HARImportTests.fixture("login-password.har"), name: "shop")
        #expect(DraftStrings.leaks(of: "hunter2", in: draft).isEmpty)
        let login = try HARImportTests.endpoint(draft, "POST", "/session")
        #expect(login.body == ["email": "a@b.c", "password": "${env:SHOP_PASSWORD}"])
        #expect(login.secretVariables == ["SHOP_PASSWORD"])
        let otp = try HARImportTests.endpoint(draft, "POST", "/session/otp")
        #expect(otp.bodyText == "remember=1&otp=${env:SHOP_OTP}")
        #expect(draft.comments.contains("set in the environment: SHOP_PASSWORD, SHOP_OTP"))
    }

    @Test func warningsAndIgnoredOptionsNameOptionsOnly() throws {
        let parsed = try CurlCommand.parse(
            "curl --proxy-user u:pr0xy --pass k3ypass -H 'sk_live_abc' -H 'X-Empty;' https://x.test/a 'https://u:pa55@x.test/b?api_key=k3y9&page=2'"
        )
        #expect(parsed.ignoredOptions == ["--proxy-user", "--pass"])
        #expect(
            parsed.warnings.contains(
                "ignored the extra URL https://x.test/b?api_key=••••&page=2: one request per command is imported"))
        #expect(parsed.warnings.contains("ignored -H ••••: a header needs 'Name: value'"))
        #expect(parsed.warnings.contains { $0.contains("'X-Empty;'") })
        for secret in ["pr0xy", "k3ypass", "sk_live_abc", "pa55", "k3y9"] {
            #expect(DraftStrings.leaks(of: secret, in: parsed.warnings + parsed.ignoredOptions).isEmpty)
        }
    }
}

/// The one list of secret names, shared by headers, query items and body keys.
@Suite struct SecretNameTests {
    @Test(arguments: [
        ("client_secret", true), ("password", true), ("passwd", true), ("user[pwd]", true), ("X-Signature", true),
        ("sig", true), ("sid", true), ("otp", true), ("pin", true), ("X-Auth", true), ("authToken", true),
        ("X-API-Key", true), ("apikey", true), ("private_key", true), ("secretKey", true), ("Cookie", true),
        ("refresh_token", true), ("PHPSESSID", true), ("credentials", true), ("key", true),
        ("Idempotency-Key", false), ("author", false), ("design", false), ("pinned", false), ("inside", false),
        ("X-Auth-Email", false), ("email", false), ("page", false), ("grant_type", false), ("client_id", false),
    ])
    func secretNames(_ name: String, _ secret: Bool) throws {
        #expect(try SecretNameProbe.isSecret(name) == secret)
    }
}

/// Whether a name is secret, seen through the public API: a form field of that name is hidden.
enum SecretNameProbe {
    static func isSecret(_ name: String) throws -> Bool {
        let line = "curl https://x.test/a -d " + ShellWords.quote(name + "=v4lue")
        let draft = try ProfileDraft(curlLines: [line], name: "x")
        return draft.endpoints.first?.bodyText?.contains("v4lue") == false
    }
}

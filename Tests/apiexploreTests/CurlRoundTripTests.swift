import APIImport
import Foundation
import Testing

/// curl lines in the style of public API documentation (real hosts and shapes, made-up values),
/// each imported with `profiles import curl` and printed back with `request --print-curl`: the
/// same method, URL, headers and body come out, except that every credential has become a
/// `${VARIABLE}` reference.
@Suite struct CurlRoundTripTests {
    static let lines: [String] = [
        #"curl https://api.stripe.com/v1/customers/cus_Q1w2E3r4 -u sk_test_made_up_key_000:"#,
        #"curl -X POST https://api.stripe.com/v1/refunds -u sk_test_made_up_key_000: -d charge=ch_3Mx -d amount=500"#,
        #"curl -H "Authorization: Bearer ghp_madeUpToken" -H "Accept: application/vnd.github+json" https://api.github.com/repos/octo/hello/pulls?state=closed&per_page=5"#,
        #"curl -X PATCH https://api.github.com/repos/octo/hello/issues/7 -H 'Authorization: Bearer ghp_madeUpToken' -d '{"state":"closed","labels":["wontfix"]}'"#,
        #"curl -X POST https://slack.com/api/chat.postMessage -H "Authorization: Bearer xoxb-made-up" -H "Content-type: application/json; charset=utf-8" --data '{"channel":"C0123","text":"Deploy finished :rocket:"}'"#,
        #"curl 'https://slack.com/api/conversations.history?channel=C0123&limit=20' -H 'Authorization: Bearer xoxb-made-up'"#,
        #"curl -X POST https://api.openai.com/v1/chat/completions -H "Content-Type: application/json" -H "Authorization: Bearer $OPENAI_API_KEY" -d '{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Say hi"}]}'"#,
        #"curl https://api.openai.com/v1/models -H "Authorization: Bearer $OPENAI_API_KEY""#,
        #"curl -X POST https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json --data-urlencode "Body=Hello there" --data-urlencode "To=+15558675310" -u AC123:made_up_auth_token"#,
        #"curl --request POST --url https://api.sendgrid.com/v3/mail/send --header 'Authorization: Bearer SG.madeup' --header 'Content-Type: application/json' --data '{"personalizations":[{"to":[{"email":"ada@example.com"}]}],"subject":"Hi"}'"#,
        #"curl -s --user 'api:key-made-up' https://api.mailgun.net/v3/example.com/events?limit=25"#,
        #"curl -X GET "https://api.cloudflare.com/client/v4/zones?name=example.com&status=active" -H "X-Auth-Email: ada@example.com" -H "X-Auth-Key: made-up-cloudflare-key" -H "Content-Type: application/json""#,
        #"curl -X DELETE -H "Content-Type: application/json" -H "Authorization: Bearer dop_v1_madeup" "https://api.digitalocean.com/v2/droplets/3164494""#,
        #"curl -X POST -H "Content-Type: application/json" -H "Authorization: Bearer dop_v1_madeup" -d '{"name":"example.com","region":"nyc3","size":"s-1vcpu-1gb"}' https://api.digitalocean.com/v2/droplets"#,
        #"curl -X GET "https://shop-name.myshopify.com/admin/api/2024-01/products.json?limit=3" -H "X-Shopify-Access-Token: shpat_madeup""#,
        #"curl -H "Authorization: Bot made.up.token" https://discord.com/api/v10/users/@me"#,
        #"curl -X POST https://api.notion.com/v1/databases/d9824bdc/query -H 'Authorization: Bearer secret_madeup' -H 'Notion-Version: 2022-06-28' -H "Content-Type: application/json" --data '{"page_size":10}'"#,
        #"curl -X POST -H "X-Algolia-API-Key: madeupkey" -H "X-Algolia-Application-Id: APPID1" --data-binary '{"params":"query=shoes&hitsPerPage=2"}' "https://APPID1-dsn.algolia.net/1/indexes/products/query""#,
        #"curl -XGET 'http://localhost:9200/library/_search?pretty' -H 'Content-Type: application/json' -d '{"query":{"match":{"title":"swift"}}}'"#,
        #"curl -X PUT "localhost:9200/library/_doc/1?refresh=true" -H 'Content-Type: application/json' -d '{"title":"Dune","year":1965}'"#,
        #"curl https://api.telegram.org/bot110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getUpdates?offset=10"#,
        #"curl --compressed -H 'Accept: application/json' 'https://api.example.com/v2/search?q=caf%C3%A9&page=2'"#,
        #"curl -k -X HEAD https://staging.example.com/health"#,
        #"curl --json '{"name":"ada","tags":["a","b"]}' https://httpbin.example.org/anything/users"#,
        #"curl -X POST 'https://api.example.com/v1/tokens' -H 'X-API-Key: made-up-key-123' --data-raw 'grant=refresh&scope=read%20write'"#,
        #"curl -A 'my-client/1.0' -e 'https://example.com/page' 'https://api.example.com/v1/items?sort=-price'"#,
        #"curl -X POST https://hooks.example.com/services/T000/B000 -H 'Content-type: application/json' --data '{"text":"It'\''s done: 100% ($5)"}'"#,
    ]

    /// Header names whose values are credentials: the print has a `${…}` reference there instead.
    static let credentialHeaders: Set<String> = [
        "authorization", "x-auth-key", "x-shopify-access-token", "x-algolia-api-key", "x-api-key",
    ]

    @Test func twentySevenDocumentationLinesComeBackTheSame() async throws {
        #expect(Self.lines.count >= 25)
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        for (index, line) in Self.lines.enumerated() {
            let name = "c\(index)"
            let imported = try await workspace.run(["profiles", "import", "curl", line, "--name", name])
            try #require(imported.status == 0, "\(line)\n\(imported.stderr)")
            let profile = try String(
                contentsOf: workspace.profiles.appendingPathComponent("\(name).yaml"), encoding: .utf8)
            let endpoint = try #require(
                profile.split(separator: "\n").first {
                    $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":")
                },
                "\(profile)")
            let id = endpoint.trimmingCharacters(in: .whitespaces).dropLast()
            let printed = try await workspace.run(["request", name, String(id), "--print-curl"])
            try #require(printed.status == 0, "\(line)\n\(printed.stderr)")
            try Self.expectSameRequest(original: line, printed: printed.stdout, profile: profile)
        }
    }

    @Test func literalCredentialsArePrintedOnlyWhenAsked() async throws {
        let workspace = try BackendWorkspace(profiles: [
            "login": """
            name: login
            base_url: https://api.example.com
            headers: {X-Api-Key: literal-key-7781}
            redact: {headers: [X-Api-Key], body: [password]}
            endpoints:
              login: {method: POST, path: /login, body: {user: ann, password: hunter2-literal}}
            """
        ])
        defer { CommandRunner.remove(workspace.directory) }
        for flags in [["--print-curl"], ["--dry-run"]] {
            let output = try await workspace.run(["request", "login", "login"] + flags)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!output.stdout.contains("hunter2-literal") && !output.stdout.contains("literal-key-7781"))
            #expect(output.stdout.contains("ann") && output.stdout.contains("••••"), "\(output.stdout)")
        }
        let shown = try await workspace.run(["request", "login", "login", "--print-curl", "--show-secrets"])
        #expect(shown.stdout.contains("hunter2-literal") && shown.stdout.contains("literal-key-7781"))
    }

    static func expectSameRequest(original: String, printed: String, profile: String) throws {
        let before = try CurlCommand(parsing: original)
        let after = try CurlCommand(parsing: printed)
        let context = "\(original)\n\(printed)\n\(profile)"
        #expect(after.method == before.method, "\(context)")
        // A credential in the URL (Telegram's bot token) comes back as a reference.
        #expect(matches(normalized(before.url), template: normalized(after.url)), "\(context)")
        #expect(after.bodyText == before.bodyText, "\(context)")
        var expected = before.headers
        // curl labels -d data as a form; a body that is JSON is imported as JSON, and labelled so.
        if let body = before.bodyText, before.header("Content-Type") == nil {
            let json = body.hasPrefix("{") || body.hasPrefix("[")
            expected.append(
                CurlHeader(name: "Content-Type", value: json ? "application/json" : "application/x-www-form-urlencoded")
            )
        }
        for header in expected {
            let value = after.header(header.name)
            if credentialHeaders.contains(header.name.lowercased()) {
                #expect(value?.contains("${") == true, "\(header.name) is a reference: \(context)")
                #expect(!printed.contains(header.value.split(separator: " ").last.map(String.init) ?? header.value))
            } else {
                #expect(value == header.value, "\(header.name): \(context)")
            }
        }
        if let user = before.user {
            let password = user.split(separator: ":", maxSplits: 1).last.map(String.init) ?? ""
            #expect(after.user?.contains("${") == true, "\(context)")
            if !password.isEmpty { #expect(!printed.contains(password), "\(context)") }
        }
    }

    /// Whether `text` is `template` with each `${NAME}` standing for some non-empty text.
    static func matches(_ text: String, template: String) -> Bool {
        var pieces: [Substring] = []
        var rest = template[...]
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            pieces.append(rest[..<open.lowerBound])
            rest = rest[rest.index(after: close)...]
        }
        pieces.append(rest)
        guard pieces.count > 1 else { return text == template }
        guard text.hasPrefix(pieces[0]), text.hasSuffix(pieces[pieces.count - 1]) else { return false }
        var remaining = text.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = remaining.range(of: piece), found.lowerBound > remaining.startIndex else { return false }
            remaining = remaining[found.upperBound...]
        }
        return !remaining.isEmpty
    }

    /// A URL compared by meaning: percent-escapes decoded, a scheme-less host given `http://`, the
    /// host in lower case, and a query item without a value (`?pretty`) the same as an empty one.
    static func normalized(_ url: String) -> String {
        var full = url.contains("://") ? url : "http://" + url
        full = full.removingPercentEncoding ?? full
        guard let components = URLComponents(string: full.replacingOccurrences(of: " ", with: "%20")) else {
            return full
        }
        let items = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        return
            "\(components.scheme ?? "")://\(components.host?.lowercased() ?? "")\(components.port.map { ":\($0)" } ?? "")"
            + components.path + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }
}

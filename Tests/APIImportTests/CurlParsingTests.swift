import APIImport
import Testing

@Suite struct CurlParsingTests {
    @Test(arguments: CurlExample.all)
    func documentationExamples(_ example: CurlExample) throws {
        let curl = try CurlCommand(parsing: example.line)
        #expect(curl.method == example.method)
        #expect(curl.url == example.url)
        #expect(curl.headers == example.headers)
        #expect(curl.bodyText == example.body)
    }

    @Test func stripeUserAndJoinedData() throws {
        let curl = try CurlCommand(parsing: CurlExample.all[0].line)
        #expect(curl.user == "sk_test_FAKEKEYFORTESTS0000:")
        #expect(curl.data == [.text("amount=2000&currency=usd&source=tok_visa&description=My first test charge")])
    }

    @Test func formFields() throws {
        let curl = try CurlCommand(
            parsing:
                "curl -F purpose=fine-tune -F 'file=@data.jsonl;type=application/jsonl' -F 'note=<note.txt' --form-string 'raw=@literal' https://x.test"
        )
        #expect(
            curl.form == [
                CurlFormField(name: "purpose", value: "fine-tune"),
                CurlFormField(name: "file", value: "data.jsonl", source: .file, contentType: "application/jsonl"),
                CurlFormField(name: "note", value: "note.txt", source: .fileContent),
                CurlFormField(name: "raw", value: "@literal"),
            ])
        #expect(curl.method == "POST")
    }

    @Test func fileData() throws {
        let curl = try CurlCommand(
            parsing: "curl -d @a.txt --data-binary @b.bin --data-urlencode q@query.txt --data-raw @c https://x.test")
        #expect(
            curl.data == [
                .file("a.txt", .stripNewlines), .file("b.bin", .binary), .file("query.txt", .urlencode(name: "q")),
                .text("@c"),
            ])
        #expect(curl.bodyText == nil)
    }

    @Test func ignoredOptionsAndWarnings() throws {
        let parsed = try CurlCommand.parse(
            "curl -sSL --retry 3 -o out.json -H 'X-Empty;' -H 'Accept:' -b cookies.txt https://x.test/a https://x.test/b > log.txt | jq ."
        )
        #expect(parsed.ignoredOptions == ["-s", "-S", "-L", "--retry", "-o"])
        #expect(parsed.command.headers.isEmpty)
        #expect(parsed.command.url == "https://x.test/a")
        #expect(parsed.warnings.count == 6)
        #expect(parsed.warnings.contains { $0.contains("X-Empty") && $0.contains("empty header") })
        #expect(parsed.warnings.contains { $0.contains("https://x.test/b") })
        #expect(parsed.warnings.contains { $0.contains("after |") })
    }

    @Test func jsonPiecesConcatenateWithoutAmpersand() throws {
        let curl = try CurlCommand(parsing: #"curl --json '{"a":' --json '1}' -H 'Accept: text/plain' https://x.test"#)
        #expect(curl.bodyText == #"{"a":1}"#)
        #expect(curl.header("accept") == "text/plain")
        #expect(curl.header("content-type") == "application/json")
    }

    @Test func getMovesDataAfterExistingQuery() throws {
        let curl = try CurlCommand(
            parsing: "curl -G 'https://x.test/s?q=1#top' --data-urlencode 'term=a b' --url-query 'x=1&2'")
        #expect(curl.url == "https://x.test/s?q=1&x=1%262&term=a%20b#top")
        #expect(curl.method == "GET" && curl.data.isEmpty)
    }

    @Test func explicitMethodWinsAndLowercaseIsUppercased() throws {
        #expect(try CurlCommand(parsing: "curl -X post -I https://x.test").method == "POST")
        #expect(try CurlCommand(parsing: "curl --head https://x.test").method == "HEAD")
        #expect(try CurlCommand(parsing: "curl -d x=1 --no-compressed --compressed https://x.test").compressed)
    }

    @Test func parseAllReadsAFile() throws {
        let results = try CurlCommand.parseAll(
            """
            # users
            curl https://x.test/users

            curl -X POST https://x.test/users \\
              -d name=ada
            """)
        #expect(results.map(\.command.method) == ["GET", "POST"])
        #expect(results.map(\.position.line) == [2, 4])
    }
}

import APIImport
import Testing

@Suite struct CurlRenderingTests {
    static let extraLines = [
        "curl -F purpose=fine-tune -F 'file=@data.jsonl;type=application/jsonl;filename=x.jsonl' -F 'note=<n.txt' --form-string 'raw=@lit;eral' https://x.test",
        "curl -d @a.txt --data-binary @b.bin --data-urlencode q@query.txt --data-raw @c -d tail=1 https://x.test",
        "curl -X HEAD -d x=1 https://x.test",
        "curl -k --compressed -u 'ada:p@ss w0rd' 'https://x.test/a b?c=d e'",
        #"curl -H $'X-Multi: a\tb' -d $'line1\nline2\'s' https://x.test"#,
        "curl -T up.bin https://x.test/up",
    ]

    static let allLines = CurlExample.all.map(\.line) + extraLines

    @Test(arguments: allLines)
    func parseRenderParseIsStable(_ line: String) throws {
        let curl = try CurlCommand(parsing: line)
        #expect(try CurlCommand(parsing: curl.rendered()) == curl)
        #expect(try CurlCommand(parsing: curl.rendered(multiline: true)) == curl)
        #expect(try CurlCommand.parseAll(curl.rendered(multiline: true)).map(\.command) == [curl])
    }

    @Test func canonicalForm() throws {
        let curl = try CurlCommand(
            parsing:
                #"curl -sS https://api.example.com/v1/notes?draft=1 -H "Content-Type: application/json" -d '{"title":"It'\''s done"}' -k"#
        )
        #expect(
            curl.rendered()
                == #"curl -X POST 'https://api.example.com/v1/notes?draft=1' -H 'Content-Type: application/json' --data-raw '{"title":"It'\''s done"}' -k"#
        )
        #expect(
            curl.rendered(multiline: true) == """
                curl -X POST 'https://api.example.com/v1/notes?draft=1' \\
                  -H 'Content-Type: application/json' \\
                  --data-raw '{"title":"It'\\''s done"}' \\
                  -k
                """)
    }

    @Test func headUsesHeadOption() throws {
        #expect(try CurlCommand(parsing: "curl -I https://x.test").rendered() == "curl --head https://x.test")
    }

    @Test func formAndFilesRender() throws {
        let curl = try CurlCommand(parsing: Self.extraLines[0])
        #expect(
            curl.rendered()
                == "curl -X POST https://x.test -F purpose=fine-tune -F 'file=@data.jsonl;type=application/jsonl;filename=x.jsonl' -F 'note=<n.txt' --form-string 'raw=@lit;eral'"
        )
        let data = try CurlCommand(parsing: Self.extraLines[1])
        #expect(
            data.rendered()
                == "curl -X POST https://x.test --data @a.txt --data-binary @b.bin --data-urlencode q@query.txt --data-raw '@c&tail=1'"
        )
    }
}

extension CurlRenderingTests {
    static let trickyTexts = [
        "plain", "it's", #"say "hi""#, "back\\slash", "$HOME and ${X}", "tab\there", "two\nlines", "ünïcødé ✓",
        "semi;colon|pipe&amp", "#hash", "-starts-with-dash", "!bang", "`tick`", "'", "''", "\\'",
    ]

    @Test(arguments: trickyTexts)
    func builtCommandsRoundTrip(_ text: String) throws {
        var curl = CurlCommand(method: "PATCH", url: "https://x.test/a?q=\(text)")
        curl.headers = [CurlHeader(name: "X-Text", value: text)]
        curl.data = [.text(text)]
        curl.form = []
        curl.user = "u:\(text)"
        #expect(try CurlCommand(parsing: curl.rendered()) == curl)
        #expect(try CurlCommand(parsing: curl.rendered(multiline: true)) == curl)
        var form = CurlCommand(url: "https://x.test/upload")
        form.method = "POST"
        form.form = [CurlFormField(name: "f", value: text)]
        #expect(try CurlCommand(parsing: form.rendered()) == form)
    }
}

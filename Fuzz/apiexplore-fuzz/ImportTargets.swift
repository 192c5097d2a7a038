import APIClient
import APIImport
import Foundation

/// The importers: whatever they accept must come out as a profile that reads back, and a curl
/// line they render must parse to the same command.
let importTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "curl", summary: "curl lines: parse, render and parse again, import and read the profile back",
        seeds: {
            .tokens([
                #"curl -X POST https://api.example.com/v1/items -H "Authorization: Bearer $TOKEN" -d '{"a":1}'"#,
                #"curl -u key: https://api.stripe.com/v1/charges -d amount=2000 -d currency=usd"#,
                "curl -G 'https://x.test/search?q=caf%C3%A9' --data-urlencode 'tag=a b' -k --compressed",
                "curl https://api.telegram.org/bot110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe",
                "curl -F 'file=@photo.jpg;type=image/jpeg' -F name=x https://x.test/upload \\\n  -H 'X-API-Key: k'",
            ])
        },
        dictionary: .tokens([
            "curl ", " -X ", " -H ", " -d ", " --data-raw ", " --json ", " -u ", " -F ", " -G", " -b ", "'", "\"",
            "\\", "$'", "\\x41", "\\u00e9", "$TOKEN", "${TOKEN}", "https://", "?", "&", "=", "#", "\n", " \\\n",
            "{id}", "$$", "${env:X}", "\u{202E}", "\u{85}", "\u{2028}", ": ", "@", ";", "|",
        ]),
        run: { bytes in
            guard let line = text(bytes) else { return false }
            let results: [CurlParseResult]
            do {
                results = try CurlCommand.parseAll(line)
            } catch {
                return false
            }
            for result in results {
                let rendered = result.command.rendered()
                do {
                    let again = try CurlCommand(parsing: rendered)
                    if again != result.command { fatalError("render/parse changed the command: \(rendered)") }
                } catch {
                    fatalError("a rendered command does not parse: \(rendered): \(error)")
                }
            }
            readsBack { try ProfileDraft(curlResults: results, name: "fuzz") }
            return true
        }),
    FuzzTarget(
        name: "openapi", summary: "OpenAPI and Swagger descriptions (JSON or YAML) to a profile that reads back",
        seeds: {
            Seeds.files("Tests/APIImportTests/Fixtures/openapi/oai", suffixes: [".yaml", ".json"])
                + Seeds.files("Tests/APIImportTests/Fixtures/openapi-envelopes", suffixes: [".yaml", ".json"])
        },
        dictionary: .tokens([
            "openapi: 3.1.0\n", "swagger: \"2.0\"\n", "paths:\n", "  /a/{id}:\n", "    get:\n", "$ref: ",
            "'#/components/schemas/A'", "'other.yaml#/x'", "'https://x.test/a.yaml'", "operationId: ",
            "parameters:\n", "- name: ", "in: query", "in: path", "required: true", "enum: [", "servers:\n",
            "- url: ", "{var}", "allOf:\n", "type: object\n", "properties:\n", "&a ", "*a", "<<: ", "\u{85}", "#",
            "'", "\"", "${", "$$",
        ]),
        run: { bytes in
            let location = URL(fileURLWithPath: "/nonexistent/apiexplore-fuzz/description.yaml")
            let result: OpenAPIImport
            do {
                result = try OpenAPIImporter(options: .init(name: "fuzz")).importDescription(
                    data: Data(bytes), location: location)
            } catch {
                return false
            }
            readsBack { result.draft }
            return true
        }),
    FuzzTarget(
        name: "har", summary: "HAR files to a profile that reads back",
        seeds: { Seeds.files("Tests/APIImportTests/Fixtures/har", suffixes: [".har"]) },
        dictionary: .tokens([
            #"{"log":{"entries":["#, #"{"request":{"method":"GET","url":""#, "https://x.test/users/1001",
            #"","headers":[{"name":"Authorization","value":"Bearer t"}]}}"#, "]}}", "\"postData\":{\"text\":\"",
            "\\u0000", "\u{85}", "${", "{id}", "%2F", "..",
        ]),
        run: { bytes in
            guard let text = text(bytes) else { return false }
            let draft: ProfileDraft
            do {
                draft = try HARImport.profile(from: text, name: "fuzz")
            } catch {
                return false
            }
            readsBack { draft }
            return true
        }),
]

/// Fails the run when an accepted input gives a profile that does not read back: the importer's
/// promise is that every import loads.
private func readsBack(_ make: () throws -> ProfileDraft) {
    let draft: ProfileDraft
    do {
        draft = try make()
    } catch {
        // The importer refused the input with an error: that is an answer, not a bug.
        return
    }
    do {
        _ = try draft.validatedYAML(file: "profiles/fuzz.yaml")
    } catch {
        fatalError("an imported profile does not read back: \(error)\n\(draft.yaml())")
    }
}

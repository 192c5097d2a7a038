import APIClient
import APIImport
import Foundation

/// The collection readers: whatever they accept must assemble into a profile that reads back;
/// whatever they refuse, they refuse with a located error, never a trap or a hang.
let collectionTargets: [FuzzTarget] = [
    collectionTarget(
        name: "postman", summary: "Postman collections v2.x to a profile that reads back",
        folder: "postman", suffixes: [".json"],
        dictionary: [
            #"{"info":{"name":"x","schema":"v2.1.0"},"item":["#, #"{"name":"a","item":["#,
            #"{"name":"r","request":{"method":"GET","url":"{{base}}/a/:id"}}"#,
            #""auth":{"type":"bearer","bearer":[{"key":"token","value":"t"}]}"#,
            #""auth":null"#, #""variable":[{"key":"base","value":"https://x.test"}]"#, "{{", "}}", "{{$guid}}", ":id",
            #""body":{"mode":"raw","raw":"{\"a\":\"{{x}}\"}"}"#, #""mode":"graphql""#, "]}", "\\u0000", "$$",
        ],
        read: { (text: String) throws(CollectionImportError) in
            try PostmanCollectionReader.read(text, file: "fuzz.json")
        }),
    collectionTarget(
        name: "insomnia", summary: "Insomnia v4 exports to a profile that reads back",
        folder: "insomnia", suffixes: [".json"],
        dictionary: [
            #"{"_type":"export","__export_format":4,"resources":["#, #"{"_id":"w","_type":"workspace"}"#,
            #"{"_id":"g","parentId":"w","_type":"request_group","name":"f"}"#,
            #"{"_id":"r","parentId":"g","_type":"request","url":"{{ _.host }}/a","method":"POST"}"#,
            #"{"_id":"e","parentId":"w","_type":"environment","data":{"host":"https://x.test"}}"#,
            #""parentId":"r""#, "{% response 'body' %}", "{{ _.", "]}",
        ],
        read: { (text: String) throws(CollectionImportError) in try InsomniaExportReader.read(text, file: "fuzz.json") }
    ),
    collectionTarget(
        name: "http-file", summary: ".http/.rest files to a profile that reads back",
        folder: "http", suffixes: [".http", ".rest"],
        dictionary: [
            "###", "\n### a\n", "# @name b\n", "@host = https://x.test\n", "GET {{host}}/a HTTP/1.1\n", "POST ",
            "Content-Type: application/json\n", "\n\n", "{\"a\": \"{{x}}\"}", "< ./file.json\n",
            "> {% client.log(1) %}\n",
            "{{$uuid}}", "{{$processEnv TOKEN}}", "{{login.response.body.$.token}}", "\r\n", "  ?a=1\n",
        ],
        read: { (text: String) throws(CollectionImportError) in try HTTPFileParser(file: "fuzz.http").parse(text) }),
    collectionTarget(
        name: "bru", summary: "Bruno .bru request files to a profile that reads back",
        folder: "bruno", suffixes: [".bru"],
        dictionary: [
            "meta {\n  name: a\n  seq: 1\n}\n", "get {\n  url: {{host}}/a\n  auth: inherit\n}\n", "}\n", "  ~k: v\n",
            "body:json {\n  {\"a\": 1}\n}\n", "vars:secret [\n  a,\n  b\n]\n", "  @description('''x''')\n", "'''",
            "auth:bearer {\n  token: {{t}}\n}\n", "{{process.env.X}}",
        ],
        read: { (text: String) throws(CollectionImportError) in
            try BrunoCollectionReader.read(files: [("bruno.json", "{}"), ("fuzz.bru", text)], folder: "fuzz")
        }),
]

private func collectionTarget(
    name: String, summary: String, folder: String, suffixes: [String], dictionary: [String],
    read: @escaping @Sendable (String) throws(CollectionImportError) -> APICollection
) -> FuzzTarget {
    FuzzTarget(
        name: name, summary: summary,
        seeds: { Seeds.files("Tests/APIImportTests/Fixtures/collections/\(folder)", suffixes: suffixes) },
        dictionary: .tokens(dictionary),
        run: { bytes in
            guard let text = text(bytes) else { return false }
            let collection: APICollection
            do throws(CollectionImportError) {
                collection = try read(text)
            } catch {
                // A located refusal is an answer; a message without a location would be a bug.
                if error.line == nil, error.path == nil, !error.message.hasPrefix("no ") {
                    fatalError("an error without a location: \(error)")
                }
                return false
            }
            let result = CollectionAssembler.assemble(collection, name: "fuzz")
            do {
                _ = try result.draft.validatedYAML(file: "profiles/fuzz.yaml")
            } catch {
                fatalError("an imported collection does not read back: \(error)\n\(result.draft.yaml())")
            }
            return true
        })
}

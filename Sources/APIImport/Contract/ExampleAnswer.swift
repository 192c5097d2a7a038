import APIMapping
import Foundation

/// The answer an operation's description gives: its first 2xx response (else `default`), with the
/// media type's example, the first of its `examples`, or a body made from its schema.
enum ExampleAnswer {
    static func answer(for operation: Located, store: SourceStore) throws(ImportError) -> OpenAPIContract.Answer {
        let responses = operation.child("responses")?.members ?? []
        let success = responses.filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        guard let (code, raw) = success.first ?? responses.first(where: { $0.key == "default" }) else {
            return OpenAPIContract.Answer(status: 204, contentType: nil, body: [])
        }
        let status = Int(code) ?? 200
        let response = try store.resolve(raw)
        guard status != 204, status != 205, let content = response.child("content"), !content.members.isEmpty else {
            return OpenAPIContract.Answer(status: status, contentType: nil, body: [])
        }
        if let media = DraftBuilder.jsonMedia(in: content) {
            let key = content.members.first { $0.value.pointer == media.pointer }?.key ?? "application/json"
            let type = key == "*/*" ? "application/json" : key
            if let example = try example(media, store: store) {
                return OpenAPIContract.Answer(status: status, contentType: type, body: Array(example.jsonText().utf8))
            }
            var skeleton = SchemaSkeleton(store: store)
            skeleton.includesOptional = true
            let value =
                try media.child("schema").map { (schema: Located) throws(ImportError) in
                    try skeleton.value(for: schema)
                } ?? .object([:])
            return OpenAPIContract.Answer(status: status, contentType: type, body: Array(value.jsonText().utf8))
        }
        let (key, media) = content.members[0]
        if case .string(let text)? = try example(media, store: store) {
            return OpenAPIContract.Answer(status: status, contentType: key, body: Array(text.utf8))
        }
        return OpenAPIContract.Answer(status: status, contentType: key.contains("*") ? nil : key, body: [])
    }

    /// A media type's `example`, else the value of the first of its `examples`.
    private static func example(_ media: Located, store: SourceStore) throws(ImportError) -> JSONValue? {
        if let example = media.value.objectValue?["example"] { return example }
        if let first = media.child("examples")?.members.first {
            let example = try store.resolve(first.value)
            if let value = example.value.objectValue?["value"] { return value }
        }
        return nil
    }
}

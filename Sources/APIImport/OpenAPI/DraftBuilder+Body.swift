import APIMapping
import Foundation

extension DraftBuilder {
    /// The request body: JSON from an example or a schema skeleton, a form as text, multipart as fields.
    mutating func requestBody(_ body: Located, into endpoint: inout EndpointDraft) throws(ImportError) {
        let content = body.child("content")
        if let media = Self.jsonMedia(in: content) {
            if let example = try mediaExample(media) {
                endpoint.body = example
            } else if let schema = media.child("schema") {
                var skeleton = SchemaSkeleton(store: store)
                endpoint.body = try skeleton.value(for: schema)
                if skeleton.budget < 0 {
                    endpoint.comments.append("the body skeleton was cut short: its schema fans out too far; fill it in")
                }
            } else {
                endpoint.body = .object([:])
            }
            return
        }
        let members = content?.members ?? []
        if let form = members.first(where: { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }) {
            let fields = try formFields(form.value)
            endpoint.bodyText = fields.map { Self.formEncode($0.name) + "=" + Self.formEncode($0.value) }.joined(
                separator: "&")
            endpoint.headers.append(DraftHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"))
            return
        }
        if let multipart = members.first(where: { $0.key.lowercased().hasPrefix("multipart/") }) {
            endpoint.multipart = try formFields(multipart.value)
            return
        }
        if let other = members.first {
            if let example = try mediaExample(other.value), case .string(let text) = example {
                endpoint.bodyText = text
                endpoint.headers.append(DraftHeader(name: "Content-Type", value: other.key))
            } else {
                warnings.append(
                    "\(endpoint.id): request body of type \(other.key) not filled in (\(place(other.value)))")
                endpoint.comments.append("request body: \(other.key)")
            }
        }
    }

    /// A form's fields: required properties (all when none is required), binary ones as `@name` files.
    private func formFields(_ media: Located) throws(ImportError) -> [DraftHeader] {
        guard let rawSchema = media.child("schema") else { return [] }
        var skeleton = SchemaSkeleton(store: store)
        let properties = try skeleton.objectProperties(rawSchema)
        var fields: [DraftHeader] = []
        for (name, schema) in properties.chosen {
            let resolved = try store.resolve(schema)
            let format = resolved.string("format")
            if format == "binary" || format == "base64" || resolved.string("type") == "file" {
                fields.append(DraftHeader(name: name, value: "@\(name)"))
                continue
            }
            let value = try skeleton.value(for: resolved)
            fields.append(DraftHeader(name: name, value: Self.text(of: value) ?? value.jsonText()))
        }
        return fields
    }

    private static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(
            of: "%20", with: "+")
    }
}

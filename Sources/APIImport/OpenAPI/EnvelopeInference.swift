import APIMapping
import Foundation

/// Infers a profile envelope from the operations' 2xx JSON response schemas.
///
/// A wrapper is inferred when at least 60% (and at least two) of the operations with a JSON success
/// schema share a status-like key; its most common message-like key is the tip, and its payload-like
/// key the model when most of them share one (else the model is the whole body, `""`, as Slack's).
/// Each operation whose own payload differs gets an `envelopeModel`. Without a status key: JSON:API
/// (`data` beside `errors`) is `errors` absent; a shared `{data}` is a model-only envelope; keyed
/// descriptions (DigitalOcean's `{droplets, links, meta}`) get per-endpoint models only.
struct EnvelopeInference {
    let store: SourceStore
    static let threshold = 0.6

    /// One operation's success schema, reduced to its top-level keys.
    struct Shape {
        var keys: [String] = []
        var status: String?
        var statusSchema: Located?
        var tip: String?
        /// The keys that are neither status, tip nor paging keys.
        var rest: [String] = []
        /// The first payload-named key of `rest` (`data`, `result`).
        var payload: String?
        /// The only object- or array-typed key of `rest`, if exactly one is.
        var single: String?
    }

    mutating func apply(to draft: inout ProfileDraft, schemas: [Located?], examples: [JSONValue?]) throws(ImportError) {
        var shapes: [Int: Shape] = [:]
        for (index, schema) in schemas.enumerated() {
            guard let schema else { continue }
            shapes[index] = try shape(of: schema)
        }
        let considered = shapes.keys.sorted()
        let total = considered.count
        guard total >= 2 else { return }
        let needed = max(2, Int((Double(total) * Self.threshold).rounded(.up)))
        guard let status = Self.mostCommon(considered.compactMap { shapes[$0]?.status }),
            case let members = considered.filter({ shapes[$0]?.status == status }), members.count >= needed
        else {
            try statusless(into: &draft, shapes: shapes, considered: considered, needed: needed)
            return
        }
        let tip = Self.mostCommon(members.compactMap { shapes[$0]?.tip })
        var model = ""
        if let payload = Self.mostCommon(members.compactMap { shapes[$0]?.payload }),
            Double(members.filter({ shapes[$0]?.payload == payload }).count) >= Double(members.count) * Self.threshold
        {
            model = payload
        }
        let statusSchema = members.lazy.compactMap { shapes[$0]?.statusSchema }.first
        var envelope = EnvelopeDraft(
            status: status,
            success: try Self.successValues(
                key: status, schema: statusSchema, examples: members.compactMap { examples[$0] }, store: store),
            tip: tip, model: model)
        let shared = [status, tip, model.isEmpty ? nil : model].compactMap { $0 }
        let outliers = considered.filter { shapes[$0]?.status != status }
        // Members wearing the wrapper with another payload key (`result` for `data`) are named too.
        let variants = model.isEmpty ? [] : members.filter { shapes[$0]?.payload.map { $0 != model } ?? false }
        let fitting = members.count - variants.count
        envelope.comments.append(
            "\(fitting) of \(total) operations with a JSON answer share {\(shared.joined(separator: ", "))}")
        let named = considered.filter { outliers.contains($0) || variants.contains($0) }
        if !named.isEmpty {
            envelope.comments.append(
                "not matching: "
                    + Self.capped(
                        named.map { index in
                            let own = shapes[index]?.payload ?? shapes[index]?.single
                            return draft.endpoints[index].id + (own.map { " (\($0))" } ?? " (bare)")
                        }))
        }
        for index in members {
            guard let shape = shapes[index] else { continue }
            let own = model.isEmpty ? (shape.single ?? "") : (shape.payload ?? shape.single ?? model)
            if own != model { draft.endpoints[index].envelopeModel = own }
        }
        for index in outliers {
            draft.endpoints[index].envelopeModel = shapes[index]?.single ?? ""
            draft.endpoints[index].comments.append("answers without the envelope's `\(status)`")
        }
        draft.envelope = envelope
    }

    /// No status key: JSON:API, a model-only `{data}` envelope, or per-endpoint models.
    private func statusless(into draft: inout ProfileDraft, shapes: [Int: Shape], considered: [Int], needed: Int)
        throws(ImportError)
    {
        let jsonAPI = considered.filter {
            shapes[$0]?.keys.contains("data") == true && shapes[$0]?.keys.contains("errors") == true
        }
        if jsonAPI.count >= needed {
            var envelope = EnvelopeDraft(status: "errors", tip: "errors>0>detail", model: "data")
            envelope.successRule = "absent"
            envelope.comments.append(
                "\(jsonAPI.count) of \(considered.count) operations answer {data, errors} (JSON:API)")
            let outliers = considered.filter { !jsonAPI.contains($0) }
            if !outliers.isEmpty {
                envelope.comments.append("not matching: " + Self.capped(outliers.map { draft.endpoints[$0].id }))
            }
            draft.envelope = envelope
            return
        }
        let single = considered.filter { shapes[$0]?.rest.count == 1 && shapes[$0]?.single != nil }
        guard single.count >= needed else { return }
        let keys = single.compactMap { shapes[$0]?.single }
        if let common = Self.mostCommon(keys), keys.filter({ $0 == common }).count >= needed,
            Self.payloadKeys.contains(common.lowercased())
        {
            var envelope = EnvelopeDraft(model: common)
            envelope.successRule = "http"
            envelope.comments.append(
                "\(keys.filter { $0 == common }.count) of \(considered.count) operations answer {\(common)}")
            let outliers = considered.filter { shapes[$0]?.single != common }
            if !outliers.isEmpty {
                envelope.comments.append("not matching: " + Self.capped(outliers.map { draft.endpoints[$0].id }))
            }
            for index in outliers { draft.endpoints[index].envelopeModel = shapes[index]?.single ?? "" }
            draft.envelope = envelope
            return
        }
        // Keyed answers ({droplet: …}, {droplets: […], links, meta}): each endpoint names its own model.
        for index in single { draft.endpoints[index].envelopeModel = shapes[index]?.single }
    }

    private func shape(of schema: Located) throws(ImportError) -> Shape {
        var skeleton = SchemaSkeleton(store: store)
        let properties = try skeleton.objectProperties(schema)
        var shape = Shape()
        var byLower: [String: (String, Located)] = [:]
        for (key, property) in properties.all {
            shape.keys.append(key)
            byLower[key.lowercased()] = (key, property)
        }
        if let found = Self.statusKeys.lazy.compactMap({ byLower[$0] }).first {
            (shape.status, shape.statusSchema) = (found.0, found.1)
        }
        for candidate in Self.messageKeys {
            guard let (key, property) = byLower[candidate], key != shape.status else { continue }
            // A message is text; an object named `message` (Slack's chat.postMessage) is a payload.
            if try !isContainer(property) {
                shape.tip = key
                break
            }
        }
        var containers: [String] = []
        for (key, property) in properties.all where key != shape.status && key != shape.tip {
            guard !Self.metaKeys.contains(key.lowercased()) else { continue }
            shape.rest.append(key)
            if shape.payload == nil, Self.payloadKeys.contains(key.lowercased()) { shape.payload = key }
            if try isContainer(property) { containers.append(key) }
        }
        if containers.count == 1 { shape.single = containers[0] }
        // A status-named field with neither tip nor payload beside many others is a resource's field, not a wrapper.
        if shape.status != nil, shape.tip == nil, shape.payload == nil, shape.rest.count > 1 { shape.status = nil }
        return shape
    }

    func isContainer(_ raw: Located) throws(ImportError) -> Bool {
        let schema = try store.resolve(raw)
        guard let object = schema.value.objectValue else { return false }
        let types: [String] =
            switch object["type"] {
            case .string(let type): [type]
            case .array(let types): types.compactMap(\.stringValue)
            default: []
            }
        if types.contains("object") || types.contains("array") { return true }
        if !types.isEmpty { return false }
        if object["properties"] != nil || object["items"] != nil { return true }
        for combinator in ["allOf", "oneOf", "anyOf"] {
            if let first = schema.child(combinator)?.elements.first { return try isContainer(first) }
        }
        return false
    }

    static func mostCommon(_ values: [String]) -> String? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for value in values {
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += 1
        }
        var best: String?
        for value in order where best == nil || counts[value, default: 0] > counts[best!, default: 0] { best = value }
        return best
    }

    static func capped(_ ids: [String], limit: Int = 10) -> String {
        ids.prefix(limit).joined(separator: ", ") + (ids.count > limit ? " and \(ids.count - limit) more" : "")
    }
}

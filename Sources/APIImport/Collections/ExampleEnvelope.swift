import APIMapping

/// The envelope inferred from a collection's recorded example answers, as ``EnvelopeInference``
/// does from an OpenAPI description's schemas: a status key most (60 %, at least two) of the
/// requests with a JSON example share, the value their successes agree on, the message key, and
/// the payload key when most share one.
///
/// ```swift
/// // examples: {"code":0,"msg":"ok","data":{…}} on two requests
/// ExampleEnvelope.infer(examples)?.envelope   // status code, success [0], tip msg, model data
/// ```
enum ExampleEnvelope {
    struct Result {
        var envelope: EnvelopeDraft
        /// Endpoints (by index) whose model is elsewhere than the envelope's.
        var models: [(Int, String)]
    }

    private struct Shape {
        var status: String?
        var statusValue: JSONValue?
        var tip: String?
        var payload: String?
        var rest: [String] = []
    }

    static func infer(_ examples: [[CollectionExample]]) -> Result? {
        var shapes: [Int: Shape] = [:]
        for (index, list) in examples.enumerated() {
            for example in list where example.status.map({ (200..<300).contains($0) }) ?? true {
                guard let object = object(example.body) else { continue }
                shapes[index] = shape(object)
                break
            }
        }
        let considered = shapes.keys.sorted()
        guard considered.count >= 2 else { return nil }
        let needed = max(2, Int((Double(considered.count) * EnvelopeInference.threshold).rounded(.up)))
        if let status = EnvelopeInference.mostCommon(considered.compactMap { shapes[$0]?.status }),
            case let members = considered.filter({ shapes[$0]?.status == status }), members.count >= needed
        {
            var counts: [JSONValue: Int] = [:]
            for index in members { if let value = shapes[index]?.statusValue { counts[value, default: 0] += 1 } }
            var success: [JSONValue] = [0]
            if let best = counts.max(by: { $0.value < $1.value }) { success = [best.key] }
            let tip = EnvelopeInference.mostCommon(members.compactMap { shapes[$0]?.tip })
            var model = ""
            if let payload = EnvelopeInference.mostCommon(members.compactMap { shapes[$0]?.payload }),
                Double(members.filter({ shapes[$0]?.payload == payload }).count)
                    >= Double(members.count) * EnvelopeInference.threshold
            {
                model = payload
            }
            var envelope = EnvelopeDraft(status: status, success: success, tip: tip, model: model)
            let shared = [status, tip, model.isEmpty ? nil : model].compactMap { $0 }
            envelope.comments.append(
                "\(members.count) of \(considered.count) requests with a recorded JSON example answer "
                    + "{\(shared.joined(separator: ", "))}")
            var models: [(Int, String)] = []
            for index in considered where shapes[index]?.status != status { models.append((index, "")) }
            return Result(envelope: envelope, models: models)
        }
        let payloads = considered.filter { shapes[$0]?.rest.count == 1 && shapes[$0]?.payload != nil }
        guard let common = EnvelopeInference.mostCommon(payloads.compactMap { shapes[$0]?.payload }),
            payloads.filter({ shapes[$0]?.payload == common }).count >= needed
        else { return nil }
        var envelope = EnvelopeDraft(model: common)
        envelope.successRule = "http"
        envelope.comments.append(
            "\(payloads.count) of \(considered.count) requests with a recorded JSON example answer {\(common)}")
        return Result(
            envelope: envelope, models: considered.filter { shapes[$0]?.payload != common }.map { ($0, "") })
    }

    private static func object(_ body: String) -> JSONObject? {
        let trimmed = body.drop { $0.isWhitespace }
        guard trimmed.hasPrefix("{") else { return nil }
        do {
            return try JSONDocument(parsing: body).root.value.objectValue
        } catch {
            return nil
        }
    }

    private static func shape(_ object: JSONObject) -> Shape {
        var shape = Shape()
        var byLower: [String: (String, JSONValue)] = [:]
        for member in object.members { byLower[member.key.lowercased()] = (member.key, member.value) }
        if let found = EnvelopeInference.statusKeys.lazy.compactMap({ byLower[$0] }).first,
            found.1.kind != .object, found.1.kind != .array
        {
            (shape.status, shape.statusValue) = (found.0, found.1)
        }
        for candidate in EnvelopeInference.messageKeys {
            if let (key, value) = byLower[candidate], key != shape.status, value.kind != .object, value.kind != .array {
                shape.tip = key
                break
            }
        }
        for member in object.members where member.key != shape.status && member.key != shape.tip {
            guard !EnvelopeInference.metaKeys.contains(member.key.lowercased()) else { continue }
            shape.rest.append(member.key)
            if shape.payload == nil, EnvelopeInference.payloadKeys.contains(member.key.lowercased()) {
                shape.payload = member.key
            }
        }
        if shape.status != nil, shape.tip == nil, shape.payload == nil, shape.rest.count > 1 { shape.status = nil }
        return shape
    }
}

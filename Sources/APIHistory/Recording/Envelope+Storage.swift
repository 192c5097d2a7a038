import APIMapping

/// Why a stored envelope could not be read back: the column holds something this version did not write.
struct StoredEnvelopeError: Error, CustomStringConvertible {
    /// What was wrong, naming the field.
    var description: String
}

extension Envelope {
    /// The envelope as the JSON the `envelope` column holds, paths in profile syntax:
    ///
    /// ```json
    /// {"status":"code","success":[0],"tip":["msg","message"],"model":"data","require_http_success":true,
    ///  "coerce_status":false}
    /// ```
    ///
    /// `success` is an array of values, or one of `"absent"`, `"present"`, `"http"`; `status` is `null` when
    /// only HTTP decides.
    var storageJSON: JSONValue {
        let success: JSONValue =
            switch success {
            case .values(let values):
                .array(
                    values.map {
                        switch $0 {
                        case .number(let number): .number(number)
                        case .string(let string): .string(string)
                        case .bool(let bool): .bool(bool)
                        }
                    })
            case .absent: .string("absent")
            case .present: .string("present")
            case .http: .string("http")
            }
        return .object([
            "status": status.map { .string($0.description) } ?? .null,
            "success": success,
            "tip": .array(tip.map { .string($0.description) }),
            "model": .string(model.description),
            "require_http_success": .bool(requireHTTPSuccess),
            "coerce_status": .bool(coerceStatus),
        ])
    }

    /// Reads an envelope back from ``storageJSON``.
    ///
    /// - Throws: ``StoredEnvelopeError`` naming the first field that is missing or malformed.
    init(storageJSON node: JSONNode) throws(StoredEnvelopeError) {
        func path(_ text: String?, _ field: String) throws(StoredEnvelopeError) -> ProfilePath {
            guard let text else { throw StoredEnvelopeError(description: "stored envelope: '\(field)' is not a path") }
            do {
                return try ProfilePath(text)
            } catch {
                throw StoredEnvelopeError(description: "stored envelope: '\(field)': \(error)")
            }
        }
        func flag(_ field: String) throws(StoredEnvelopeError) -> Bool {
            guard let value = node[field]?.boolValue else {
                throw StoredEnvelopeError(description: "stored envelope: '\(field)' is not a bool")
            }
            return value
        }
        let success: SuccessRule
        switch node["success"] {
        case let rule? where rule.kind == .array:
            var values: [StatusValue] = []
            for element in rule.elements {
                if let number = element.numberValue {
                    values.append(.number(number))
                } else if let string = element.stringValue {
                    values.append(.string(string))
                } else if let bool = element.boolValue {
                    values.append(.bool(bool))
                } else {
                    throw StoredEnvelopeError(description: "stored envelope: a 'success' value is not a scalar")
                }
            }
            success = .values(values)
        case let rule?:
            switch rule.stringValue {
            case "absent": success = .absent
            case "present": success = .present
            case "http": success = .http
            default: throw StoredEnvelopeError(description: "stored envelope: unknown 'success' rule")
            }
        case nil:
            throw StoredEnvelopeError(description: "stored envelope: 'success' is missing")
        }
        guard let tipNode = node["tip"], tipNode.kind == .array else {
            throw StoredEnvelopeError(description: "stored envelope: 'tip' is not an array")
        }
        var tips: [ProfilePath] = []
        for tip in tipNode.elements {
            tips.append(try path(tip.stringValue, "tip"))
        }
        var status: ProfilePath?
        if let statusNode = node["status"], !statusNode.isNull {
            status = try path(statusNode.stringValue, "status")
        }
        self.init(
            status: status,
            success: success, tip: tips, model: try path(node["model"]?.stringValue, "model"),
            requireHTTPSuccess: try flag("require_http_success"), coerceStatus: try flag("coerce_status"))
    }
}

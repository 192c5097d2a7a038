extension Envelope {
    /// Reads an envelope from its one-line form, as `apiexplore probe --envelope` takes it.
    ///
    /// Comma-separated `field=value` pairs; `|` separates alternatives:
    ///
    /// | field | value |
    /// |---|---|
    /// | `status` | a profile path |
    /// | `success` | `0`, `"0000"`, `true`, a bare word (a string), `200\|"200"`; or `absent`, `present`, `http` |
    /// | `tip` | profile paths tried in order: `msg\|error>errMsg` |
    /// | `model` | a profile path; empty for the whole body |
    /// | `require_http_success` | `true` (default) or `false` |
    /// | `coerce_status` | `false` (default) or `true` |
    ///
    /// ```swift
    /// let envelope = try Envelope(inlineSpec: #"status=code,success=0,tip=msg|error>errMsg,model=data"#)
    /// let slack = try Envelope(inlineSpec: "status=ok,success=true,tip=error")
    /// ```
    ///
    /// A `status` without a `success` rule is an error, so a forgotten rule never silently means
    /// "HTTP decides". Quote a string that looks like a number, a
    /// bool or a keyword (`success="absent"`); quoted values may contain `,` and `|`.
    ///
    /// - Throws: ``EnvelopeSpecError`` naming the column of the problem.
    public init(inlineSpec spec: String) throws(EnvelopeSpecError) {
        self.init()
        var sawSuccess = false
        var seen: Set<String> = []
        for field in try InlineSpecScanner(spec).fields() {
            guard seen.insert(field.name).inserted else {
                throw EnvelopeSpecError(spec: spec, offset: field.nameOffset, message: "'\(field.name)' is given twice")
            }
            switch field.name {
            case "status":
                status = try field.path(single: true)
            case "success":
                success = try field.successRule()
                sawSuccess = true
            case "tip":
                tip = try field.paths()
            case "model":
                model = try field.path(single: true) ?? ProfilePath(keys: [])
            case "require_http_success":
                requireHTTPSuccess = try field.bool()
            case "coerce_status":
                coerceStatus = try field.bool()
            default:
                throw EnvelopeSpecError(
                    spec: spec, offset: field.nameOffset,
                    message: "unknown field '\(field.name)'; expected status, success, tip, model, "
                        + "require_http_success or coerce_status")
            }
        }
        if status == nil && sawSuccess && success != .http {
            throw EnvelopeSpecError(
                spec: spec, offset: spec.unicodeScalars.count,
                message: "a success rule needs a status path (status=PATH), or use success=http")
        }
        if status != nil && !sawSuccess {
            throw EnvelopeSpecError(
                spec: spec, offset: spec.unicodeScalars.count,
                message: "a status path needs a success rule (success=VALUE, absent, present or http)")
        }
    }
}

extension EnvelopeOverride {
    /// Reads the fields a call changes from the one-line form of ``Envelope/init(inlineSpec:)``: only
    /// the fields given are set, and `status=` with nothing after it removes the status path.
    ///
    /// ```swift
    /// let override = try EnvelopeOverride(inlineSpec: "model=data>list,tip=msg")
    /// override.applied(to: profileEnvelope).model  // data>list
    /// ```
    ///
    /// - Throws: ``EnvelopeSpecError`` naming the column of the problem.
    public init(inlineSpec spec: String) throws(EnvelopeSpecError) {
        self.init()
        var seen: Set<String> = []
        for field in try InlineSpecScanner(spec).fields() {
            guard seen.insert(field.name).inserted else {
                throw EnvelopeSpecError(spec: spec, offset: field.nameOffset, message: "'\(field.name)' is given twice")
            }
            switch field.name {
            case "status": status = .some(try field.path(single: true))
            case "success": success = try field.successRule()
            case "tip": tip = try field.paths()
            case "model": model = try field.path(single: true) ?? ProfilePath(keys: [])
            case "require_http_success": requireHTTPSuccess = try field.bool()
            case "coerce_status": coerceStatus = try field.bool()
            default:
                throw EnvelopeSpecError(
                    spec: spec, offset: field.nameOffset,
                    message: "unknown field '\(field.name)'; expected status, success, tip, model, "
                        + "require_http_success or coerce_status")
            }
        }
    }
}

/// An envelope spec that could not be read, with the column of the problem.
public struct EnvelopeSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The spec as given.
    public let spec: String
    /// The 0-based position of the problem, in Unicode scalars.
    public let offset: Int
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(spec: String, offset: Int, message: String) {
        self.spec = spec
        self.offset = offset
        self.message = message
    }

    public var description: String {
        "invalid envelope at column \(offset + 1): \(message)\n  \(spec)\n  \(String(repeating: " ", count: offset))^"
    }
}

/// Splits `a=b,c="x,y"|z` into fields and alternatives, tracking positions for errors.
struct InlineSpecScanner {
    struct Alternative {
        var text: String
        var quoted: Bool
        var offset: Int
    }

    struct Field {
        let spec: String
        let name: String
        let nameOffset: Int
        let alternatives: [Alternative]

        func fail(_ alternative: Alternative, _ message: String) -> EnvelopeSpecError {
            EnvelopeSpecError(spec: spec, offset: alternative.offset, message: message)
        }

        func paths() throws(EnvelopeSpecError) -> [ProfilePath] {
            var result: [ProfilePath] = []
            for alternative in alternatives where !(alternative.text.isEmpty && !alternative.quoted) {
                do {
                    result.append(try ProfilePath(alternative.text))
                } catch {
                    throw EnvelopeSpecError(
                        spec: spec, offset: alternative.offset + (alternative.quoted ? 1 : 0) + error.offset,
                        message: "\(name): \(error.message)")
                }
            }
            return result
        }

        func path(single: Bool) throws(EnvelopeSpecError) -> ProfilePath? {
            if alternatives.count > 1 { throw fail(alternatives[1], "\(name) takes one path, not alternatives") }
            return try paths().first
        }

        func bool() throws(EnvelopeSpecError) -> Bool {
            guard alternatives.count == 1, !alternatives[0].quoted,
                alternatives[0].text == "true" || alternatives[0].text == "false"
            else { throw fail(alternatives[0], "\(name) must be true or false") }
            return alternatives[0].text == "true"
        }

        func successRule() throws(EnvelopeSpecError) -> Envelope.SuccessRule {
            if alternatives.count == 1, !alternatives[0].quoted {
                switch alternatives[0].text {
                case "absent": return .absent
                case "present": return .present
                case "http": return .http
                default: break
                }
            }
            var values: [Envelope.StatusValue] = []
            for alternative in alternatives {
                if alternative.quoted {
                    values.append(.string(alternative.text))
                } else if alternative.text == "true" || alternative.text == "false" {
                    values.append(.bool(alternative.text == "true"))
                } else if let number = JSONNumber(alternative.text) {
                    values.append(.number(number))
                } else if ["absent", "present", "http"].contains(alternative.text) {
                    throw fail(alternative, "'\(alternative.text)' cannot be combined with other values")
                } else if alternative.text.isEmpty {
                    throw fail(alternative, "empty success value; quote an empty string as \"\"")
                } else {
                    values.append(.string(alternative.text))
                }
            }
            return .values(values)
        }
    }

    let spec: String
    let scalars: [Unicode.Scalar]

    init(_ spec: String) {
        self.spec = spec
        self.scalars = Array(spec.unicodeScalars)
    }

    func fields() throws(EnvelopeSpecError) -> [Field] {
        var fields: [Field] = []
        var k = 0
        while k < scalars.count {
            let nameStart = k
            while k < scalars.count, scalars[k] != "=", scalars[k] != "," { k += 1 }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<k]))
            if let space = scalars[nameStart..<k].firstIndex(where: { $0.properties.isWhitespace }) {
                throw EnvelopeSpecError(spec: spec, offset: space, message: "no spaces are allowed in a field name")
            }
            guard k < scalars.count, scalars[k] == "=" else {
                throw EnvelopeSpecError(spec: spec, offset: k, message: "expected '=' after '\(name)'")
            }
            if name.isEmpty { throw EnvelopeSpecError(spec: spec, offset: nameStart, message: "missing field name") }
            k += 1
            var alternatives: [Alternative] = []
            while true {
                let (alternative, next) = try alternativeAt(k)
                alternatives.append(alternative)
                k = next
                if k < scalars.count, scalars[k] == "|" {
                    k += 1
                    continue
                }
                break
            }
            fields.append(Field(spec: spec, name: name, nameOffset: nameStart, alternatives: alternatives))
            if k < scalars.count {
                guard scalars[k] == "," else {
                    throw EnvelopeSpecError(spec: spec, offset: k, message: "expected ',' between fields")
                }
                k += 1
            }
        }
        return fields
    }

    private func alternativeAt(_ start: Int) throws(EnvelopeSpecError) -> (Alternative, Int) {
        var k = start
        if k < scalars.count, scalars[k] == "\"" {
            k += 1
            var text = String.UnicodeScalarView()
            while k < scalars.count, scalars[k] != "\"" {
                if scalars[k] == "\\", k + 1 < scalars.count { k += 1 }
                text.append(scalars[k])
                k += 1
            }
            guard k < scalars.count else {
                throw EnvelopeSpecError(spec: spec, offset: start, message: "unterminated quoted value")
            }
            return (Alternative(text: String(text), quoted: true, offset: start), k + 1)
        }
        while k < scalars.count, scalars[k] != ",", scalars[k] != "|" {
            // `\,` and `\|` do not exist: a profile path escapes only `>` and `\`, kept as written.
            if scalars[k] == "\\", k + 1 < scalars.count { k += 1 }
            k += 1
        }
        let text = String(String.UnicodeScalarView(scalars[start..<k]))
        // `tip=msg | error` would silently look for the keys "msg " and " error"; quote keys with spaces.
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        {
            let offset = first.properties.isWhitespace ? start : k - 1
            throw EnvelopeSpecError(
                spec: spec, offset: offset, message: "unexpected space; quote a value that starts or ends with one")
        }
        return (Alternative(text: text, quoted: false, offset: start), k)
    }
}

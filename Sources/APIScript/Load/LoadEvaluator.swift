import APIClient
import APIHTTP
import APIMapping

/// What a load run reads of one response: its outcome, its business status and the business error
/// the profile's `errors:` names, and nothing else.
struct LoadVerdict: Sendable, Hashable {
    /// `success`, `business-failure`, `http-failure` or `undetermined`.
    let outcome: ExchangeOutcome
    /// The business status as JSON text (`0`, `40013`, `"ok"`); `nil` when the envelope has none.
    let businessStatus: String?
    /// The business error, catalogued or not; `nil` for a success.
    let businessError: BusinessError?
}

/// Evaluates the responses of a load run cheaply: the envelope's status and tip paths are found
/// in the body by ``ProfilePath/scan(_:)``, without a tree, and a verdict already seen for the same
/// HTTP status and the same bytes at those paths is reused. A body the scan cannot read (not JSON,
/// or a path that needs the whole document) is parsed and evaluated as any call's would be.
///
/// One evaluator per worker: it keeps its cache without locks.
struct LoadEvaluator {
    private let envelope: Envelope
    private let errors: ErrorCatalogue
    private let request: ResolvedRequest
    private let paths: [ProfilePath]
    private var cache: [Key: LoadVerdict] = [:]
    /// Distinct statuses and tips a run keeps verdicts for; past it (tips that carry an id, say)
    /// each response is evaluated from its scan alone.
    private static let cacheLimit = 1024

    private struct Key: Hashable {
        let status: Int
        let values: [UInt8]
    }

    init(request: ResolvedRequest, errors: ErrorCatalogue) {
        var envelope = request.envelope
        // The model is not read in a load run: the root always exists, so no "model not found" issue is built.
        envelope.model = ProfilePath(keys: [])
        self.envelope = envelope
        self.errors = errors
        self.request = request
        paths = (envelope.status.map { [$0] } ?? []) + envelope.tip
    }

    /// The verdict on one response.
    mutating func verdict(_ response: HTTPResponseRecord) -> LoadVerdict {
        // An envelope that reads nothing of the body (GitHub's bare JSON): HTTP alone decides.
        if paths.isEmpty {
            return LoadVerdict(
                outcome: (200..<300).contains(response.status) ? .success : .httpFailure,
                businessStatus: nil, businessError: nil)
        }
        guard let found = scan(response.body) else { return fullVerdict(response) }
        var values: [UInt8] = []
        for range in found {
            // 0xFF never occurs in UTF-8: it separates the values and marks a missing one.
            if let range { values += response.body[range] }
            values.append(0xFF)
        }
        let key = Key(status: response.status, values: values)
        if let known = cache[key] { return known }
        let result = fastVerdict(response.status, body: response.body, found: found) ?? fullVerdict(response)
        if cache.count < Self.cacheLimit { cache[key] = result }
        return result
    }

    /// Where each path's value is in `body`; `nil` when the scan cannot tell for one of them.
    private func scan(_ body: [UInt8]) -> [Range<Int>?]? {
        // Only JSON objects and arrays are scanned; XML, text and empty bodies take the full path.
        guard let first = body.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return nil }
        var found: [Range<Int>?] = []
        for path in paths {
            switch path.scan(body) {
            case .found(let range): found.append(range)
            case .missing: found.append(nil)
            case .unknown: return nil
            }
        }
        return found
    }

    /// The envelope evaluated on a small document holding only the values the scan found, each at
    /// its path; `nil` when a value does not parse (then the whole body is evaluated).
    private func fastVerdict(_ status: Int, body: [UInt8], found: [Range<Int>?]) -> LoadVerdict? {
        var root = JSONValue.object(JSONObject())
        for (path, range) in zip(paths, found) {
            guard let range else { continue }
            let value: JSONValue
            do {
                value = try JSONDocument(parsing: body[range]).root.value
            } catch {
                return nil
            }
            root = Self.placing(value, at: path.segments.map(\.key)[...], in: root)
        }
        let evaluation = envelope.evaluate(httpStatus: status, body: JSONDocument(root).root)
        return Self.verdict(evaluation, errors: errors)
    }

    /// `root` with `value` at `keys`, objects made on the way (a digit key in an object reads as
    /// the profile path's index would in an array).
    private static func placing(_ value: JSONValue, at keys: ArraySlice<String>, in root: JSONValue) -> JSONValue {
        guard let key = keys.first else { return value }
        var object = root.objectValue ?? JSONObject()
        let child = object[key] ?? .object(JSONObject())
        object[key] = placing(value, at: keys.dropFirst(), in: child)
        return .object(object)
    }

    /// The verdict from the whole body, parsed as any call's is.
    private func fullVerdict(_ response: HTTPResponseRecord) -> LoadVerdict {
        let body = ResponseBody(
            bytes: response.body, contentType: response.header("Content-Type"), xmlArrays: request.xmlArrays,
            feeds: request.normalizesFeeds)
        return Self.verdict(envelope.evaluate(httpStatus: response.status, body: body.document?.root), errors: errors)
    }

    private static func verdict(_ evaluation: EnvelopeEvaluation, errors: ErrorCatalogue) -> LoadVerdict {
        LoadVerdict(
            outcome: evaluation.outcome, businessStatus: evaluation.status?.node.value.jsonText(),
            businessError: errors.businessError(for: evaluation))
    }
}

import APIMapping
import Foundation

extension EnvelopeInference {
    /// Keys that carry a business status (compared lower-cased), most telling first: when a wrapper
    /// has several (JSend's `status` and optional `code`), the earlier one is the status.
    static let statusKeys: [String] = [
        "ok", "success", "status", "errcode", "err_code", "error_code", "errorcode", "errno", "err_no", "ret",
        "retcode", "ret_code", "rc", "result_code", "resultcode", "status_code", "statuscode", "code", "state",
    ]
    /// Keys that carry a message for people, most telling first.
    static let messageKeys: [String] = [
        "msg", "message", "errmsg", "err_msg", "error_msg", "errormsg", "error_message", "errormessage", "error",
        "tip", "error_description", "errordesc", "description", "detail", "reason", "info",
    ]
    /// Keys that carry the payload.
    static let payloadKeys: Set<String> = [
        "data", "result", "results", "body", "payload", "content", "response", "obj", "object", "record",
        "records", "datas", "resp", "value",
    ]
    /// Keys that travel beside a payload without being one (paging, links, counts).
    static let metaKeys: Set<String> = [
        "links", "_links", "meta", "_meta", "pagination", "response_metadata", "paging", "page", "per_page", "total",
        "total_count",
        "count", "next", "previous", "next_page", "cursor", "next_cursor", "has_more", "jsonapi", "included",
    ]

    /// The success values for a status key: the schema's `const`, what the success examples say, the
    /// schema's own example or default, a preferred `enum` member, else by type (`true`, `0`, `"success"`).
    static func successValues(key: String, schema: Located?, examples: [JSONValue], store: SourceStore)
        throws(ImportError) -> [JSONValue]
    {
        let resolved = try schema.map { (s: Located) throws(ImportError) in try store.resolve(s) }
        let object = resolved?.value.objectValue
        if let constant = object?["const"] { return [constant] }
        // The value most success examples agree on (an operation's first example may show a failure).
        var counts: [JSONValue: Int] = [:]
        for example in examples {
            if let value = example.objectValue?[key], value.kind != .null, value.kind != .object, value.kind != .array {
                counts[value, default: 0] += 1
            }
        }
        if let best = counts.max(by: { $0.value < $1.value }) { return [best.key] }
        if let value = object?["example"] ?? object?["default"], value.kind != .object, value.kind != .array,
            value.kind != .null
        {
            return [value]
        }
        let type = object?["type"]?.stringValue
        if let choices = object?["enum"]?.arrayValue, !choices.isEmpty {
            let preferred: [JSONValue] = ["success", "ok", "OK", "SUCCESS", "Success", true, 0, 200]
            return [preferred.first(where: choices.contains) ?? choices[0]]
        }
        switch type {
        case "boolean": return [true]
        case "integer", "number": return [0]
        case "string": return [.string(key.lowercased() == "status" || key.lowercased() == "state" ? "success" : "0")]
        default:
            return ["ok", "success"].contains(key.lowercased()) ? [true] : [0]
        }
    }
}

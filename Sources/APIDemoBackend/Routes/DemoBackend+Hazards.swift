import APIMapping
import Hummingbird
import NIOCore

/// Hostile transports under `/hazards`: huge, slow, dripping, truncated and reset responses, an HTML 503,
/// terminal escape sequences, a gzip body, redirect chains, and an echo of the request.
extension DemoBackend {
    /// The longest delay `/hazards/slow` and `/hazards/drip` accept, so a typo cannot hang a test run.
    static let maximumDelayMilliseconds = 60_000

    static func addHazardRoutes(to router: Router<DemoRequestContext>) {
        router.get("/hazards/large") { request, _ -> Response in
            let size = max(request.uri.queryParameters.get("size", as: Int.self) ?? 1_048_576, 0)
            return largeArrayResponse(size: size)
        }
        router.get("/hazards/slow") { request, _ -> Response in
            let delay = clampedDelay(request.uri.queryParameters.get("delay_ms", as: Int.self) ?? 1000)
            try await Task.sleep(for: .milliseconds(delay))
            return .json(#"{"slow":true,"delay_ms":\#(delay),"message":"终于到了"}"#)
        }
        router.get("/hazards/drip") { request, _ -> Response in
            let chunks = min(max(request.uri.queryParameters.get("chunks", as: Int.self) ?? 5, 1), 10_000)
            let interval = clampedDelay(request.uri.queryParameters.get("interval_ms", as: Int.self) ?? 100)
            return dripResponse(chunks: chunks, intervalMilliseconds: interval)
        }
        router.get("/hazards/truncated") { _, context -> Response in
            truncatedResponse(channel: context.channel)
        }
        // GET and POST, so a failed POST can be seen to keep its method and body in history.
        for method: HTTPRequest.Method in [.get, .post] {
            router.on("/hazards/reset", method: method) { _, context -> Response in
                // Close the connection before any byte of a response is written: the client sees the peer hang up.
                try await context.channel.close()
                throw DemoBackendError(message: "connection dropped on purpose by /hazards/reset")
            }
        }
        router.get("/hazards/html503") { _, _ -> Response in
            .text(
                """
                <!DOCTYPE html>
                <html><head><title>503 Service Temporarily Unavailable</title></head>
                <body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body>
                </html>
                """,
                status: .serviceUnavailable,
                contentType: "text/html; charset=utf-8",
                headers: [.retryAfter: "120"]
            )
        }
        router.get("/hazards/escapes") { _, _ -> Response in
            .json(escapesJSON)
        }
        router.get("/hazards/gzip") { _, _ -> Response in
            let body = Gzip.encode(Array(gzipPayloadJSON.utf8))
            return Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8", .contentEncoding: "gzip"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
            )
        }
        router.get("/hazards/gzip-bomb") { request, _ -> Response in
            let size = min(max(request.uri.queryParameters.get("size", as: Int.self) ?? 67_108_864, 0), 1 << 30)
            let body = Gzip.encodeRepetition(
                prefix: Array(#"{"padding":""#.utf8),
                byte: UInt8(ascii: " "),
                count: size,
                suffix: Array(#""}"#.utf8)
            )
            return Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8", .contentEncoding: "gzip"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
            )
        }
        router.get("/hazards/redirect") { request, _ -> Response in
            let remaining = max(request.uri.queryParameters.get("n", as: Int.self) ?? 1, 0)
            guard remaining > 0 else { return .json(#"{"redirected":true}"#) }
            return Response(status: .found, headers: [.location: "/hazards/redirect?n=\(remaining - 1)"])
        }
        // Any path below the echo too, so an imported description can be pointed at it whole.
        for method: HTTPRequest.Method in [.get, .post, .put, .patch, .delete] {
            for path in ["/hazards/echo", "/hazards/echo/**"] {
                router.on(RouterPath(path), method: method) { request, _ -> Response in
                    var request = request
                    let body = try await request.collectBody(upTo: 16 * 1_048_576)
                    return .json(echoJSON(request: request, body: body))
                }
            }
        }
    }

    static func clampedDelay(_ milliseconds: Int) -> Int {
        min(max(milliseconds, 0), maximumDelayMilliseconds)
    }

    /// A JSON array of fixed-width records, written in chunks of about 64 KiB, never buffered whole.
    ///
    /// Every record has the same length, so the exact `Content-Length` (at most `size`) is known before the
    /// first byte is written.
    static func largeArrayResponse(size: Int) -> Response {
        let recordLength = largeRecord(0).utf8.count
        // "[" + n records + (n - 1) commas + "]"
        let count = size >= recordLength + 2 ? (size - 1) / (recordLength + 1) : 0
        let length = count == 0 ? 2 : 2 + count * recordLength + (count - 1)
        let recordsPerChunk = max(65_536 / (recordLength + 1), 1)
        let body = ResponseBody(contentLength: length) { writer in
            var next = 0
            var buffer = ByteBuffer(string: "[")
            while next < count {
                let end = min(next + recordsPerChunk, count)
                for index in next..<end {
                    if index > 0 { buffer.writeString(",") }
                    buffer.writeString(largeRecord(index))
                }
                next = end
                if next == count { buffer.writeString("]") }
                try await writer.write(buffer)
                buffer.clear()
            }
            if count == 0 {
                buffer.writeString("]")
                try await writer.write(buffer)
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: body)
    }

    /// A record of constant length: the numbers are zero-padded inside strings.
    static func largeRecord(_ index: Int) -> String {
        let digits = String(index)
        let padded = String(repeating: "0", count: max(10 - digits.count, 0)) + digits
        return #"{"id":"\#(padded)","name":"用户\#(padded)","city":"杭州","active":true}"#
    }

    static func dripResponse(chunks: Int, intervalMilliseconds: Int) -> Response {
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "["))
            for index in 0..<chunks {
                if index > 0 { try await Task.sleep(for: .milliseconds(intervalMilliseconds)) }
                let separator = index == 0 ? "" : ","
                try await writer.write(ByteBuffer(string: #"\#(separator){"chunk":\#(index),"text":"一滴"}"#))
            }
            try await writer.write(ByteBuffer(string: "]"))
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: body)
    }

    /// Announces 4096 bytes, sends the start of a JSON document, then hangs up.
    static func truncatedResponse(channel: any Channel) -> Response {
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: #"{"items":[{"id":1,"name":"张伟"},{"id":2,"na"#))
            try await channel.close()
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: "4096"],
            body: body
        )
    }

    /// `text` as a JSON string literal, quotes included.
    private static func jsonString(_ text: String) -> String { JSONValue.string(text).jsonText() }

    static func echoJSON(request: Request, body: ByteBuffer) -> String {
        let query = request.uri.queryParameters.map {
            "[\(jsonString(String($0.key))),\(jsonString(String($0.value)))]"
        }
        let headers = request.headers.map { "[\(jsonString($0.name.rawName)),\(jsonString($0.value))]" }
        return """
            {"method":\(jsonString(request.method.rawValue)),"path":\(jsonString(request.uri.path)),\
            "query":[\(query.joined(separator: ","))],"headers":[\(headers.joined(separator: ","))],\
            "body":\(jsonString(String(decoding: body.readableBytesView, as: UTF8.self))),\
            "bodyLength":\(body.readableBytes)}
            """
    }

    static let escapesJSON = """
        {"title":"\\u001b[2J\\u001b[HScreen cleared","bell":"ding\\u0007dong",\
        "osc":"\\u001b]0;pwned title\\u0007","csi8bit":"\u{9B}31mred via C1 CSI","nel":"line\u{85}break",\
        "bidi":"user\u{202E}gnp.exe","backspace":"secret\\b\\b\\b\\b\\b\\bpublic","nul":"a\\u0000b",\
        "nested":{"list":["\\u001b[31m红色\\u001b[0m","normal 正常"]}}
        """

    static let gzipPayloadJSON = """
        {"compressed":true,"encoding":"gzip",\
        "items":[{"id":1,"title":"压缩的响应"},{"id":2,"title":"Compressed body"}]}
        """
}

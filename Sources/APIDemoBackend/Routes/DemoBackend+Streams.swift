import APIMapping
import Hummingbird
import NIOCore

/// Streams under `/streams`: a chat-like token stream and a stream that breaks mid-event (server-sent
/// events, WHATWG HTML §9.2), a job's progress ending in a final envelope (NDJSON), and JSON Lines
/// with a malformed line.
extension DemoBackend {
    /// The most events or steps a stream route sends, so a typo cannot stream forever.
    static let maximumStreamEvents = 100_000

    static func addStreamRoutes(to router: Router<DemoRequestContext>) {
        router.get("/streams/chat") { request, _ -> Response in
            let parameters = request.uri.queryParameters
            let prompt = parameters.get("prompt") ?? "你好"
            let interval = clampedDelay(parameters.get("interval_ms", as: Int.self) ?? 20)
            let failAt = parameters.get("fail_at", as: Int.self)
            // Resumes after the last event the client saw, as a reconnecting EventSource asks.
            let resumeAfter = lastEventID(request).flatMap { Int($0) }
            return chatResponse(prompt: prompt, interval: interval, failAt: failAt, resumeAfter: resumeAfter)
        }
        router.get("/streams/broken") { request, context -> Response in
            let parameters = request.uri.queryParameters
            let count = clampedEvents(parameters.get("events", as: Int.self) ?? 6)
            let breakAfter = min(max(parameters.get("break_after", as: Int.self) ?? 3, 0), count)
            let resumeAfter = lastEventID(request).flatMap { Int($0) }
            return brokenStreamResponse(
                count: count, breakAfter: breakAfter, resumeAfter: resumeAfter, channel: context.channel)
        }
        router.get("/streams/job") { request, _ -> Response in
            let parameters = request.uri.queryParameters
            let steps = clampedEvents(parameters.get("steps", as: Int.self) ?? 5)
            let interval = clampedDelay(parameters.get("interval_ms", as: Int.self) ?? 20)
            let failAt = parameters.get("fail_at", as: Int.self)
            return jobResponse(steps: steps, interval: interval, failAt: failAt)
        }
        router.get("/streams/flood") { request, _ -> Response in
            let count = min(max(request.uri.queryParameters.get("events", as: Int.self) ?? 1000, 1), 10_000_000)
            return floodResponse(count: count)
        }
        router.get("/streams/lines") { request, _ -> Response in
            let count = clampedEvents(request.uri.queryParameters.get("count", as: Int.self) ?? 5)
            let malformed = request.uri.queryParameters.get("malformed", as: Int.self)
            return linesResponse(count: count, malformed: malformed)
        }
    }

    static func clampedEvents(_ count: Int) -> Int { min(max(count, 1), maximumStreamEvents) }

    /// The prompt's echo, one token per event (`event: token`, `id: N`, an envelope as data), then a
    /// `done` event whose envelope holds the whole text. `fail_at=N` makes token N a business failure.
    static func chatResponse(prompt: String, interval: Int, failAt: Int?, resumeAfter: Int?) -> Response {
        let tokens = ["我", "收到", "了", "：", prompt, "。"] + ["Streaming", " ", "works", "."]
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": chat stream for the demo backend\nretry: 500\n\n"))
            let first = (resumeAfter ?? -1) + 1
            for index in tokens.indices where index >= first {
                if index > first { try await Task.sleep(for: .milliseconds(interval)) }
                let data: JSONValue =
                    index == failAt
                    ? ["code": 42901, "msg": "rate limited mid-stream", "data": .null]
                    : [
                        "code": 0, "msg": "ok",
                        "data": ["index": .number(JSONNumber(index)), "token": .string(tokens[index])],
                    ]
                try await writer.write(ByteBuffer(string: "event: token\nid: \(index)\ndata: \(data.jsonText())\n\n"))
            }
            let done: JSONValue = [
                "code": 0, "msg": "完成",
                "data": ["text": .string(tokens.joined()), "tokens": .number(JSONNumber(tokens.count))],
            ]
            try await writer.write(ByteBuffer(string: "event: done\nid: \(tokens.count)\ndata: \(done.jsonText())\n\n"))
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: body)
    }

    /// `count` events with ids 0…count-1, multi-line data, a comment between them; a first
    /// connection (no `Last-Event-ID`) hangs up in the middle of event `break_after`, a reconnection
    /// carries on after the id it names and ends cleanly.
    static func brokenStreamResponse(count: Int, breakAfter: Int, resumeAfter: Int?, channel: any Channel)
        -> Response
    {
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 50\n\n"))
            let first = (resumeAfter ?? -1) + 1
            for index in first..<count {
                if resumeAfter == nil, index == breakAfter {
                    try await writer.write(ByteBuffer(string: "id: \(index)\ndata: {\"part\": \(index),\n"))
                    try await channel.close()
                    return
                }
                try await writer.write(
                    ByteBuffer(
                        string:
                            ": event \(index) follows\nid: \(index)\ndata: {\"part\": \(index),\ndata:  \"of\": \(count)}\n\n"
                    ))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream"], body: body)
    }

    /// A job's progress as JSON Lines: one envelope per step, then the final envelope with the
    /// result; `fail_at=N` makes step N a business failure and the job stop there.
    static func jobResponse(steps: Int, interval: Int, failAt: Int?) -> Response {
        let body = ResponseBody { writer in
            for step in 1...steps {
                if step > 1 { try await Task.sleep(for: .milliseconds(interval)) }
                if step == failAt {
                    let failure: JSONValue = [
                        "code": 50001, "msg": "任务失败: quota exceeded", "data": ["step": .number(JSONNumber(step))],
                    ]
                    try await writer.write(ByteBuffer(string: failure.jsonText() + "\n"))
                    try await writer.finish(nil)
                    return
                }
                let progress: JSONValue = [
                    "code": 0, "msg": "running",
                    "data": [
                        "step": .number(JSONNumber(step)), "of": .number(JSONNumber(steps)),
                        "percent": .number(JSONNumber(step * 100 / steps)),
                    ],
                ]
                try await writer.write(ByteBuffer(string: progress.jsonText() + "\n"))
            }
            let done: JSONValue = [
                "code": 0, "msg": "完成",
                "data": ["state": "finished", "result": ["rows": .number(JSONNumber(steps * 100))]],
            ]
            try await writer.write(ByteBuffer(string: done.jsonText() + "\n"))
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: body)
    }

    /// `count` small server-sent events (`id: N`, `data: {"n":N}`) as fast as the connection takes
    /// them, in chunks of about 64 KiB: the benchmark's stream.
    static func floodResponse(count: Int) -> Response {
        let body = ResponseBody { writer in
            var buffer = ByteBuffer()
            buffer.reserveCapacity(70_000)
            for index in 0..<count {
                buffer.writeString("id: \(index)\ndata: {\"n\":\(index)}\n\n")
                if buffer.readableBytes >= 65_536 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream"], body: body)
    }

    /// `count` JSON lines; line `malformed` (1-based), if given, is not valid JSON.
    static func linesResponse(count: Int, malformed: Int?) -> Response {
        var text = ""
        for line in 1...count {
            text += line == malformed ? #"{"line": \#(line), "broken": tru}"# : #"{"line": \#(line)}"#
            text += "\n"
        }
        return Response(
            status: .ok, headers: [.contentType: "application/x-ndjson"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

extension DemoBackend {
    /// The `Last-Event-ID` a reconnecting event stream client sends.
    static func lastEventID(_ request: Request) -> String? {
        request.headers.first { $0.name.canonicalName == "last-event-id" }?.value
    }
}

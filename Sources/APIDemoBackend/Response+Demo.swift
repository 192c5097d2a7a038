import Hummingbird
import NIOCore

extension Response {
    /// A response carrying `text` as UTF-8 with the given media type.
    static func text(
        _ text: String,
        status: HTTPResponse.Status = .ok,
        contentType: String = "application/json; charset=utf-8",
        headers: HTTPFields = [:]
    ) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A JSON response; `json` is JSON text written as the demo serves it.
    static func json(_ json: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        text(json, status: status, headers: headers)
    }
}

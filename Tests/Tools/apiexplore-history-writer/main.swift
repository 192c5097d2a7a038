// Writes synthetic exchanges into a history (a file, or a postgres:// URL) and prints each
// acknowledged id on its own line.
//
//     apiexplore-history-writer PATH-OR-URL COUNT LABEL
//
// COUNT 0 writes until killed. An id is printed only after `record` returned, that is after its
// transaction committed: the crash test kills this process at random and then expects every
// printed id in the file; the two-writer test runs two of these on one file at once.
import APIClient
import APIHTTP
import APIHistory
import APIMapping
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: apiexplore-history-writer PATH COUNT LABEL\n".utf8))
    exit(64)
}
let label = arguments[3]

let profile = try Profile(
    yaml: """
        name: writer
        description: Synthetic exchanges for the history crash and concurrency tests
        base_url: http://127.0.0.1:9
        envelope: {status: code, success: 0, tip: msg, model: data}
        endpoints:
          item:
            path: /items/{n}
            query: {access_token: "secret-writer-token"}
        """,
    file: "writer.yaml")
let store = try HistoryStore(
    location: HistoryLocation.resolve(explicitPath: arguments[1], environment: ProcessInfo.processInfo.environment))

var written = 0
while count == 0 || written < count {
    written += 1
    let request = try profile.resolveRequest(
        endpoint: "item", parameters: ["n": "\(label)-\(written)"], environment: [:])
    let bytes = Array(
        #"{"code":0,"msg":"ok \#(label) \#(written)","data":{"writer":"\#(label)","n":\#(written),"text":"第\#(written)条"}}"#
            .utf8)
    let response = HTTPResponseRecord(
        status: 200, reason: "OK", headers: [("Content-Type", "application/json")], body: bytes,
        httpVersion: "HTTP/1.1", timing: .init(headersReceived: .microseconds(300), bodyComplete: .microseconds(500)))
    let body = ResponseBody(bytes: bytes, contentType: "application/json", xmlArrays: [])
    let exchange = APIExchange(
        profileName: profile.name, endpointID: "item", request: request, response: response, body: body,
        evaluation: request.envelope.evaluate(httpStatus: 200, body: body.document?.root))
    let id = try await store.record(exchange, profile: profile)
    FileHandle.standardOutput.write(Data("\(id)\n".utf8))
}
try await store.close()

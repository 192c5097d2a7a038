import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing

@testable import APIHTTP

/// `HTTPTransport.readBody` judges a collected body by when it was complete, not by whether a timer got to
/// cancel its reader: AsyncHTTPClient's deadline and ours both hand their cancellation to a task, and a busy
/// concurrency pool let whole answers arrive after the total timeout and pass as HTTP 200.
@Suite struct BodyDeadlineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// Where the deadline is from now.
        let offset: TimeAmount
        let timedOut: Bool

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a body complete before its deadline", offset: .seconds(60), timedOut: false),
        Case(name: "a body complete only after its deadline", offset: .seconds(-1), timedOut: true),
    ]

    @Test(arguments: cases)
    func aBodyIsOnTimeOnlyIfCompleteByItsDeadline(_ testCase: Case) async throws {
        let body = Array("{\"late\":true}".utf8)
        // The whole body is already here, as it is when the answer arrived while its reader waited for a thread.
        let response = HTTPClientResponse(
            status: .ok, headers: ["Content-Length": "\(body.count)"], body: .bytes(ByteBuffer(bytes: body)))
        let watch = DeadlineWatch(loop: MultiThreadedEventLoopGroup.singleton.any())
        do {
            let read = try await HTTPTransport.readBody(
                response, headers: [], limit: 1_000, handler: nil, deadline: .now() + testCase.offset,
                deadlines: watch, progress: nil)
            #expect(!testCase.timedOut, "a body read after its deadline passed as whole")
            #expect(read.body == body)
        } catch {
            #expect(testCase.timedOut, "\(error)")
            #expect(error as? HTTPClientError == .deadlineExceeded)
        }
    }
}

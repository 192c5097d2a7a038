import APIHTTP
import Testing

/// A transport its owner let go of without ``HTTPTransport/shutdown()`` (a test or a command that
/// threw first) shuts its clients down itself; AsyncHTTPClient stops a debug build that frees a
/// client still running, and in a full test run that took every other test with it.
@Suite("Transport lifetime")
struct TransportLifetimeTests {
    @Test("A transport let go without shutdown does not stop the process")
    func letGoWithoutShutdown() async {
        await #expect(processExitsWith: .success) {
            let transport = HTTPTransport()
            withExtendedLifetime(transport) {}
        }
    }
}

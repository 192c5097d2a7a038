import APIMock
import Testing

@Suite("Mock server: only requests naming it by a loopback Host are answered")
struct MockHostCheckTests {
    @Test(arguments: [
        ("127.0.0.1:8765", "127.0.0.1", true), ("localhost:8765", "127.0.0.1", true),
        ("LOCALHOST:8765", "127.0.0.1", true), ("[::1]:8765", "127.0.0.1", true),
        ("evil.example:8765", "127.0.0.1", false), ("evil.example", "127.0.0.1", false),
        ("127.0.0.1:8766", "127.0.0.1", false), ("127.0.0.1", "127.0.0.1", false),
        ("127.0.0.1:08765x", "127.0.0.1", false), ("[::1]x", "127.0.0.1", false),
        ("localhost.evil.example:8765", "127.0.0.1", false), ("", "127.0.0.1", false),
        ("192.168.1.5:8765", "192.168.1.5", true), ("[fe80::1]:8765", "fe80::1", true),
        ("mock.lan:8765", "0.0.0.0", false),
    ])
    func acceptsOnlyItsOwnNames(authority: String, listening: String, accepted: Bool) {
        #expect(MockServer.acceptsHost(authority, listeningOn: listening, port: 8765) == accepted)
    }

    @Test func noHostAndPort80() {
        #expect(!MockServer.acceptsHost(nil, listeningOn: "127.0.0.1", port: 8765))
        #expect(MockServer.acceptsHost("localhost", listeningOn: "127.0.0.1", port: 80))
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("::1", true), ("localhost", true),
        ("0.0.0.0", false), ("::", false), ("192.168.1.5", false),
    ])
    func loopback(host: String, expected: Bool) {
        #expect(MockServer.isLoopback(host) == expected)
    }
}

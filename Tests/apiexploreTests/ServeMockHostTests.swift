import Foundation
import Testing

/// `serve-mock` refuses requests that name another host (DNS rebinding) and warns when it listens
/// beyond loopback.
@Suite("serve-mock: the Host check and the --host warning")
struct ServeMockHostTests {
    static let profile = BackendWorkspace.envelopeProfile(
        "shop", "http://127.0.0.1:1", "endpoints:\n  user: {path: \"/users/{id}\"}")

    @Test func aRequestForAnotherHostIsMisdirected() async throws {
        let workspace = try BackendWorkspace(profiles: ["shop": Self.profile])
        defer { CommandRunner.remove(workspace.directory) }
        let mock = try await DemoServer(
            arguments: ["serve-mock", "shop", "--port", "0", "--profiles-dir", workspace.profiles.path],
            environment: workspace.environment)
        defer { mock.stop() }
        let port = try #require(mock.baseURL.split(separator: ":").last.map(String.init))
        let rebound = try await Subprocess.run(
            "curl", ["-s", "-w", "\n%{http_code}", "-H", "Host: evil.example", mock.baseURL + "/users/7"])
        #expect(rebound.stdout.hasSuffix("\n421"), "\(rebound.stdout)")
        #expect(rebound.stdout.contains("DNS rebinding") && rebound.stdout.contains(#""host":"evil.example""#))
        let withPort = try await Subprocess.run(
            "curl", ["-s", "-w", "\n%{http_code}", "-H", "Host: evil.example:\(port)", mock.baseURL + "/users/7"])
        #expect(withPort.stdout.hasSuffix("\n421"), "\(withPort.stdout)")
        // Its own names get an answer (404 here: nothing is recorded).
        for host in ["127.0.0.1:\(port)", "localhost:\(port)"] {
            let own = try await Subprocess.run(
                "curl",
                ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Host: \(host)", mock.baseURL + "/users/7"])
            #expect(own.stdout == "404", "\(host): \(own.stdout)")
        }
    }

    @Test func listeningBeyondLoopbackWarns() async throws {
        let workspace = try BackendWorkspace(profiles: ["shop": Self.profile])
        defer { CommandRunner.remove(workspace.directory) }
        // 192.0.2.1 (TEST-NET-1) is no address of this machine: the warning comes, then the bind fails.
        let output = try await workspace.run(["serve-mock", "shop", "--port", "0", "--host", "192.0.2.1"])
        #expect(output.status == 3, "\(output.stderr)")
        #expect(output.stderr.contains("warning: --host 192.0.2.1 is not loopback"), "\(output.stderr)")
        // On loopback no warning: a port already taken makes the bind fail the same way.
        let taken = try await DemoServer()
        defer { taken.stop() }
        let port = try #require(taken.baseURL.split(separator: ":").last.map(String.init))
        let quiet = try await workspace.run(["serve-mock", "shop", "--port", port, "--host", "127.0.0.1"])
        #expect(quiet.status == 3, "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("warning"), "\(quiet.stderr)")
    }
}

import APIClient
import Foundation
import Testing

/// A throwaway folder tree: explicit, working (with `profiles/`) and XDG config directories.
struct LookupFixture: ~Copyable {
    let root: URL
    var explicit: URL { root.appendingPathComponent("explicit") }
    var working: URL { root.appendingPathComponent("work") }
    var xdg: URL { root.appendingPathComponent("xdg") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("apiexplore-lookup-\(UUID().uuidString)")
        for directory in [
            explicit, working.appendingPathComponent("profiles"), xdg.appendingPathComponent("apiexplore/profiles"),
        ] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    deinit {
        do {
            try FileManager.default.removeItem(at: root)
        } catch {
            print("warning: could not remove \(root.path): \(error)")
        }
    }

    func write(_ name: String, description: String, in directory: URL) throws {
        try "name: \(name)\ndescription: \(description)\nbase_url: http://x\n"
            .write(to: directory.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
    }

    func library(explicit useExplicit: Bool = true) -> ProfileLibrary {
        ProfileLibrary(
            searchPath: ProfileSearchPath(
                explicitDirectory: useExplicit ? explicit.path : nil, workingDirectory: working.path,
                environment: ["XDG_CONFIG_HOME": xdg.path, "HOME": "/nonexistent"]))
    }
}

@Suite struct ProfileLookupTests {
    @Test func searchPathOrder() {
        let path = ProfileSearchPath(
            explicitDirectory: "mine", workingDirectory: "/w", environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])
        #expect(path.directories == ["/w/mine", "/w/profiles", "/c/apiexplore/profiles"])
        let home = ProfileSearchPath(explicitDirectory: nil, workingDirectory: "/w", environment: ["HOME": "/h"])
        #expect(home.directories == ["/w/profiles", "/h/.config/apiexplore/profiles"])
        let relativeXDG = ProfileSearchPath(
            explicitDirectory: "/abs", workingDirectory: "/w", environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])
        #expect(relativeXDG.directories == ["/abs", "/w/profiles", "/h/.config/apiexplore/profiles"])
    }

    @Test func explicitBeatsWorkingBeatsXDGBeatsBuiltin() throws {
        let fixture = try LookupFixture()
        try fixture.write("demo", description: "explicit", in: fixture.explicit)
        try fixture.write("demo", description: "working", in: fixture.working.appendingPathComponent("profiles"))
        try fixture.write("demo", description: "xdg", in: fixture.xdg.appendingPathComponent("apiexplore/profiles"))
        #expect(try fixture.library().load(named: "demo").description == "explicit")
        try FileManager.default.removeItem(at: fixture.explicit.appendingPathComponent("demo.yaml"))
        #expect(try fixture.library().load(named: "demo").description == "working")
        try FileManager.default.removeItem(at: fixture.working.appendingPathComponent("profiles/demo.yaml"))
        #expect(try fixture.library().load(named: "demo").description == "xdg")
        try FileManager.default.removeItem(at: fixture.xdg.appendingPathComponent("apiexplore/profiles/demo.yaml"))
        let builtin = try fixture.library().load(named: "demo")
        #expect(builtin.file == "builtin:demo.yaml")
        #expect(builtin.baseURL.usesDemoBaseURL)
    }

    @Test func listingShowsOnePerNameWithOrigin() throws {
        let fixture = try LookupFixture()
        try fixture.write("github", description: "my github", in: fixture.working.appendingPathComponent("profiles"))
        try fixture.write(
            "local", description: "only here", in: fixture.xdg.appendingPathComponent("apiexplore/profiles"))
        try "name: broken\nbase_url: [".write(
            to: fixture.explicit.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let listings = fixture.library().list()
        #expect(
            listings.map(\.name) == [
                "broken", "code-msg-data", "demo", "feeds", "gank", "github", "github-demo", "indodax", "jsend",
                "local", "pages", "slack",
            ])
        let byName = Dictionary(uniqueKeysWithValues: listings.map { ($0.name, $0) })
        #expect(byName["github"]?.description == "my github")
        #expect(byName["github"]?.origin == .file(fixture.working.appendingPathComponent("profiles/github.yaml").path))
        #expect(
            byName["local"]?.origin == .file(fixture.xdg.appendingPathComponent("apiexplore/profiles/local.yaml").path))
        #expect(byName["demo"]?.origin == .builtin)
        #expect(byName["demo"]?.problem == nil)
        #expect(byName["broken"]?.problem?.kind == .malformedYAML)
        // libyaml reports the unclosed flow sequence where the input ends.
        #expect(byName["broken"]?.problem?.line == 3)
    }

    @Test func unknownNameListsWhatExists() throws {
        let fixture = try LookupFixture()
        let error = profileError { _ = try fixture.library(explicit: false).load(named: "gitlab") }
        #expect(error?.kind == .profileNotFound)
        #expect(
            error?.message.hasSuffix(
                "available: code-msg-data, demo, feeds, gank, github, github-demo, indodax, jsend, pages, slack")
                == true)
    }

    @Test func brokenFileIsReportedNotSkipped() throws {
        let fixture = try LookupFixture()
        try "name: demo\nbase_url: http://x\nextra: 1\n".write(
            to: fixture.explicit.appendingPathComponent("demo.yaml"), atomically: true, encoding: .utf8)
        let error = profileError { _ = try fixture.library().load(named: "demo") }
        #expect(
            error?.description.hasPrefix(
                fixture.explicit.appendingPathComponent("demo.yaml").path + ":3:1: unknown key 'extra'") == true)
    }
}

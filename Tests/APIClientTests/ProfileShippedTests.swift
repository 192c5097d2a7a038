import APIClient
import APIHTTP
import APIMapping
import Foundation
import Testing

@Suite struct ProfileShippedTests {
    @Test func theExpectedProfilesShip() {
        #expect(
            shippedProfileFiles().map { $0.deletingPathExtension().lastPathComponent } == [
                "code-msg-data", "demo", "feeds", "gank", "github-demo", "github", "indodax", "jsend", "pages",
                "slack",
            ])
    }

    @Test(arguments: shippedProfileFiles().map(\.lastPathComponent))
    func shippedProfileParses(fileName: String) throws {
        let url = packageRoot.appendingPathComponent("profiles").appendingPathComponent(fileName)
        let profile = try Profile(yaml: String(contentsOf: url, encoding: .utf8), file: "profiles/\(fileName)")
        #expect(profile.name + ".yaml" == fileName)
        #expect(!profile.description.isEmpty)
        #expect(!profile.endpoints.isEmpty)
        for endpoint in profile.endpoints {
            // Every endpoint resolves with its defaults plus a value for each parameter without one.
            var parameters: [String: String] = [:]
            for name in endpoint.parameterNames
            where endpoint.params.first(where: { $0.name == name })?.defaultValue == nil {
                parameters[name] = "x"
            }
            let request = try profile.resolveRequest(
                endpoint: endpoint.id, parameters: parameters, environment: [:], demoBaseURL: "http://127.0.0.1:9")
            #expect(request.url.hasPrefix("http"))
        }
    }

    @Test(arguments: shippedProfileFiles().map(\.lastPathComponent))
    func builtinTextEqualsFileBytes(fileName: String) throws {
        let name = String(fileName.dropLast(".yaml".count))
        let builtin = try #require(BuiltinProfiles.all.first { $0.name == name }?.text, "no built-in for \(fileName)")
        let bytes = try Data(
            contentsOf: packageRoot.appendingPathComponent("profiles").appendingPathComponent(fileName))
        #expect(Array(builtin.utf8) == Array(bytes), "run .ci/embed-profiles.py")
    }

    @Test func everyBuiltinHasAFile() {
        let files = Set(shippedProfileFiles().map { $0.deletingPathExtension().lastPathComponent })
        #expect(Set(BuiltinProfiles.all.map(\.name)) == files)
    }

    @Test func githubMatchesTheIssue() throws {
        let github = try ProfileLibrary(
            searchPath: ProfileSearchPath(explicitDirectory: nil, workingDirectory: "/nonexistent", environment: [:])
        ).load(named: "github")
        #expect(
            github.endpoints.map(\.id) == [
                "user", "user_repos", "repo", "issues", "search_repositories", "rate_limit",
            ])
        #expect(github.envelope.success == .http)
        #expect(github.envelope.tip == [try ProfilePath("message")])
        guard case .bearer(let token, optional: true)? = github.auth else {
            Issue.record("expected an optional bearer token, found \(String(describing: github.auth))")
            return
        }
        #expect(token.text == "${env:GITHUB_TOKEN}")
        #expect(token.environmentNames == ["GITHUB_TOKEN"])
        let anonymous = try github.resolveRequest(
            endpoint: "user", parameters: ["username": "octocat"], environment: [:])
        #expect(anonymous.url == "https://api.github.com/users/octocat")
        #expect(!anonymous.headers.contains { $0.name == "Authorization" })
        #expect(anonymous.headers.first == HTTPHeader(name: "Accept", value: "application/vnd.github+json"))
        let search = try github.resolveRequest(
            endpoint: "search_repositories", parameters: ["q": "language:swift stars:>1000"],
            environment: ["GITHUB_TOKEN": "ghp_x"])
        #expect(
            search.url == "https://api.github.com/search/repositories?q=language%3Aswift%20stars%3A%3E1000&per_page=10")
        #expect(search.headers.last == HTTPHeader(name: "Authorization", value: "Bearer ghp_x"))
        #expect(search.envelope.model == (try ProfilePath("items")))
        #expect(search.envelope.tip == [try ProfilePath("message")])
        #expect(search.maxBodySize == 20 * 1024 * 1024)
        #expect(search.timeouts == Timeouts(connect: .seconds(10), read: .seconds(30), total: .seconds(60)))
    }

    @Test func demoProfilesNeedTheDemoServer() throws {
        let demo = try ProfileLibrary(
            searchPath: ProfileSearchPath(explicitDirectory: nil, workingDirectory: "/nonexistent", environment: [:])
        ).load(named: "demo")
        let error = profileError { _ = try demo.resolveRequest(endpoint: "user", parameters: [:], environment: [:]) }
        #expect(
            error?.description
                == "builtin:demo.yaml:5:12: profile 'demo' talks to the in-process demo server ('${demo:base_url}'), "
                + "which is not running")
        let request = try demo.resolveRequest(
            endpoint: "slack", parameters: [:], environment: [:], demoBaseURL: "http://127.0.0.1:8080/")
        #expect(request.url == "http://127.0.0.1:8080/slack/auth.test")
        #expect(request.method == "POST")
        #expect(request.envelope.status == (try ProfilePath("ok")))
        #expect(request.envelope.success == .values([.bool(true)]))
        #expect(request.envelope.model == ProfilePath(keys: []))
        let rss = try demo.resolveRequest(endpoint: "rss", parameters: [:], environment: [:], demoBaseURL: "http://d")
        #expect(rss.envelope.status == nil)
        #expect(rss.envelope.tip.isEmpty)
        #expect(rss.xmlArrays == [try ProfilePath("rss>channel>item"), try ProfilePath("feed>entry")])
    }
}

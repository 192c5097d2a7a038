extension AppState {
    /// `E`: the next environment of the profile, round the list.
    mutating func nextEnvironment() -> [AppEffect] {
        guard !environments.isEmpty else {
            message = "profile \(profileName) declares no environments"
            return []
        }
        guard running == nil else {
            message = "a request is running; switch environments when it is done (Esc cancels it)"
            return []
        }
        let index = environments.firstIndex { $0.name == environment } ?? -1
        let next = environments[(index + 1) % environments.count]
        if next.confirms {
            let kind = next.isProduction ? " (production)" : ""
            confirm("switch to \(next.name)\(kind)? later requests go there; y/n", then: .switchEnvironment(next.name))
            return []
        }
        message = "switching to \(next.name)…"
        return [.switchEnvironment(next.name)]
    }

    /// The environment the header shows, and whether it is production.
    var activeEnvironment: EnvironmentChoice? {
        environments.first { $0.name == environment }
    }
}

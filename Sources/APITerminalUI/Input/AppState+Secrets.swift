extension AppState {
    /// `S`: asks before showing secrets in clear, or masks them again at once.
    mutating func toggleSecrets() -> [AppEffect] {
        if revealsSecrets {
            revealsSecrets = false
            message = "secrets masked again"
            return [.revealSecrets(false)]
        }
        secretsQuestion = true
        message = "show secrets in clear on this screen? (history, logs and copies stay masked) y/n"
        return []
    }

    /// The answer to the `S` question: `y` shows secrets in clear; any other key keeps them masked.
    mutating func answerSecretsQuestion(_ key: Key) -> [AppEffect] {
        secretsQuestion = false
        guard key == .character("y") || key == .character("Y") else {
            message = "secrets stay masked"
            return []
        }
        revealsSecrets = true
        message = "secrets shown in clear; S masks them again"
        return [.revealSecrets(true)]
    }
}

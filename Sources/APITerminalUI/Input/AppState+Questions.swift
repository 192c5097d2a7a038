extension AppState {
    /// A question from the session: shown at once from the panes; while a line, a form or another
    /// question is open it waits until that is closed (``showWaitingQuestion()``), so letters typed
    /// there (a `y` in a `:` line) can never answer it.
    mutating func ask(_ question: SecretQuestion) {
        questions.append(question)
        if mode == .normal {
            showWaitingQuestion()
        } else if mode != .question {
            message = "\(question.profile) asks something: it shows once this line or form is closed"
        }
    }

    /// Shows the first waiting question when the keyboard is back on the panes.
    mutating func showWaitingQuestion() {
        guard mode == .normal, !questions.isEmpty else { return }
        modeBeforeQuestion = .normal
        mode = .question
        answerLine = LineEditor()
    }

    /// Keys while a question is shown: `y`/`n` for consent; text, Backspace and Enter for a secret
    /// (never echoed); Esc answers no.
    mutating func handleQuestionKey(_ key: Key) -> [AppEffect] {
        guard let question = questions.first else {
            mode = modeBeforeQuestion
            return []
        }
        switch (question.kind, key) {
        case (_, .escape):
            return answer(question, with: nil)
        case (.consent, .character("y")), (.consent, .character("Y")), (.fileConsent, .character("y")),
            (.fileConsent, .character("Y")):
            // A yes needs the whole command or path on screen: a long one could hide its tail past the edge.
            guard consentFits(question) else { return [] }
            return answer(question, with: "yes")
        case (.consent, .character("n")), (.consent, .character("N")), (.fileConsent, .character("n")),
            (.fileConsent, .character("N")):
            return answer(question, with: nil)
        case (.secret, .enter):
            return answer(question, with: answerLine.text)
        case (.secret, .up), (.secret, .down):
            // A secret has no history to recall.
            break
        case (.secret, let key):
            answerLine.handle(key)
        default:
            break
        }
        return []
    }

    private mutating func answer(_ question: SecretQuestion, with value: String?) -> [AppEffect] {
        questions.removeFirst()
        answerLine = LineEditor()
        if questions.isEmpty { mode = modeBeforeQuestion }
        return [.answer(id: question.id, with: value)]
    }

    /// The command as the consent question shows it: each run of spaces or tabs longer than one
    /// written as `[N spaces]`, so padding cannot push a tail out of sight.
    static func shown(_ command: String) -> String {
        var result = ""
        var run = 0
        func flush() {
            if run == 1 { result += " " } else if run > 1 { result += " [\(run) spaces] " }
            run = 0
        }
        for character in command {
            if character == " " || character == "\t" {
                run += 1
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    /// The consent question's line, `nil` for a typed secret.
    private func consentLine(_ question: SecretQuestion) -> String? {
        switch question.kind {
        case .consent(let command): "profile \(question.profile) wants to run: \(Self.shown(command)) — allow? y/n"
        case .fileConsent(let path):
            "profile \(question.profile) wants to read the secret file \(Self.shown(path)) — allow? y/n"
        case .secret: nil
        }
    }

    /// Whether a consent question fits on the input line, Esc hint included.
    func consentFits(_ question: SecretQuestion) -> Bool {
        guard let line = consentLine(question) else { return false }
        return DisplayWidth.of(line + "  (Esc: no)") <= columns
    }

    /// The prompt line for the current question: the secret shown as one `•` per character typed.
    var questionLine: String? {
        guard mode == .question, let question = questions.first else { return nil }
        switch question.kind {
        case .consent(let command):
            guard consentFits(question), let line = consentLine(question) else {
                return "profile \(question.profile) wants to run a command too long to show here "
                    + "(\(command.count) characters); n declines (allow it with --allow-commands after reading it)"
            }
            return line
        case .fileConsent(let path):
            guard consentFits(question), let line = consentLine(question) else {
                return "profile \(question.profile) wants to read a secret file whose path is too long to show "
                    + "(\(path.count) characters); n declines (allow it with --allow-secret-files after reading it)"
            }
            return line
        case .secret(let label):
            return "\(label) for \(question.profile) (not shown): "
                + String(repeating: "•", count: answerLine.text.count)
        }
    }
}

extension AppState {
    /// A question from the session: shown at once unless another is being answered.
    mutating func ask(_ question: SecretQuestion) {
        questions.append(question)
        if mode != .question {
            mode = .question
            answerText = ""
        }
    }

    /// Keys while a question is shown: `y`/`n` for consent; text, Backspace and Enter for a secret
    /// (never echoed); Esc answers no.
    mutating func handleQuestionKey(_ key: Key) -> [AppEffect] {
        guard let question = questions.first else {
            mode = .normal
            return []
        }
        switch (question.kind, key) {
        case (_, .escape):
            return answer(question, with: nil)
        case (.consent, .character("y")), (.consent, .character("Y")):
            return answer(question, with: "yes")
        case (.consent, .character("n")), (.consent, .character("N")):
            return answer(question, with: nil)
        case (.secret, .enter):
            return answer(question, with: answerText)
        case (.secret, .backspace):
            if !answerText.isEmpty { answerText.removeLast() }
        case (.secret, .character(let character)):
            answerText.append(character)
        default:
            break
        }
        return []
    }

    private mutating func answer(_ question: SecretQuestion, with value: String?) -> [AppEffect] {
        questions.removeFirst()
        answerText = ""
        if questions.isEmpty { mode = .normal }
        return [.answer(id: question.id, with: value)]
    }

    /// The prompt line for the current question: the secret shown as one `•` per character typed.
    var questionLine: String? {
        guard mode == .question, let question = questions.first else { return nil }
        switch question.kind {
        case .consent(let command):
            return "profile \(question.profile) wants to run: \(command) — allow? y/n"
        case .secret(let label):
            return "\(label) for \(question.profile) (not shown): " + String(repeating: "•", count: answerText.count)
        }
    }
}

import APISession
import Synchronization

/// Asks the user inside the terminal UI what the session needs before a request goes out: consent
/// to run a profile's `${cmd:…}` command (y/n) and the value of a `${prompt:…}` secret, typed with
/// nothing echoed. A question waits on the input line until it is answered; Esc answers no.
///
/// ```swift
/// let prompter = TerminalPrompter()
/// await session.setPrompter(prompter)
/// try await TerminalUI.run(profile: acme, services: services, prompter: prompter)
/// ```
package final class TerminalPrompter: SecretPrompter {
    private struct State {
        var post: (@Sendable (AppEvent) -> Void)?
        var pending: [Int: CheckedContinuation<String?, Never>] = [:]
        var nextID = 1
    }

    private let state = Mutex(State())

    /// Creates a prompter; it asks once the UI runs (``TerminalUI/run(profile:services:baseURL:notices:prompter:)``).
    package init() {}

    /// Asks on the UI's input line whether `command` may run; `false` when the user says no,
    /// presses Esc, or the UI has gone.
    ///
    /// - Parameters:
    ///   - command: The command, shown whole (or refused when it cannot be).
    ///   - profile: The profile asking.
    package func allowCommand(_ command: String, profile: String) async -> Bool {
        await ask(.consent(command: command), profile: profile) == "yes"
    }

    /// Asks on the UI's input line whether the secret file at `path` may be read; `false` when the
    /// user says no, presses Esc, or the UI has gone.
    ///
    /// - Parameters:
    ///   - path: The file, resolved, shown whole (or refused when it cannot be).
    ///   - profile: The profile asking.
    package func allowFile(_ path: String, profile: String) async -> Bool {
        await ask(.fileConsent(path: path), profile: profile) == "yes"
    }

    /// Asks on the UI's input line for a secret, typed with nothing of it drawn; `nil` when the
    /// user presses Esc or the UI has gone.
    ///
    /// - Parameters:
    ///   - label: What to type, from `${prompt:Label}`.
    ///   - profile: The profile asking.
    package func secret(for label: String, profile: String) async -> String? {
        await ask(.secret(label: label), profile: profile)
    }

    /// Where questions go: the UI's event loop.
    func attach(_ post: @escaping @Sendable (AppEvent) -> Void) {
        state.withLock { $0.post = post }
    }

    /// The UI has gone: every waiting question is answered no.
    func detach() {
        let waiting = state.withLock { state in
            state.post = nil
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for continuation in waiting { continuation.resume(returning: nil) }
    }

    /// The user's answer to question `id`.
    func answer(_ id: Int, with value: String?) {
        let continuation = state.withLock { $0.pending.removeValue(forKey: id) }
        continuation?.resume(returning: value)
    }

    private func ask(_ kind: SecretQuestion.Kind, profile: String) async -> String? {
        await withCheckedContinuation { continuation in
            let (id, post) = state.withLock { state in
                let id = state.nextID
                state.nextID += 1
                if state.post != nil { state.pending[id] = continuation }
                return (id, state.post)
            }
            guard let post else {
                // No UI to ask in: no.
                continuation.resume(returning: nil)
                return
            }
            post(.ask(SecretQuestion(id: id, kind: kind, profile: profile)))
        }
    }
}

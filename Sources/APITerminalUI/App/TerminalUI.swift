package import APIClient
import APIHTTP
import APIMapping
import CNcursesw
import CTerminalGuard
import Foundation
import Synchronization

/// The interactive terminal UI: `apiexplore --profile NAME` calls ``run(profile:services:baseURL:)``.
///
/// ncurses runs on a thread of its own that reads keys with a short timeout and draws; requests,
/// history reads and commands run as tasks whose results come back through an inbox, so the UI keeps
/// answering keys while a request runs. The terminal is restored on quit, on error, and on every
/// signal that ends the process, a crash included (``TerminalGuard``; Ctrl-C itself arrives as a key
/// in raw mode).
///
/// ```swift
/// let services = ClientTerminalServices(profile: profile, client: client)
/// try await TerminalUI.run(profile: profile, services: services)
/// ```
package enum TerminalUI {
    /// Opens the UI and returns when the user quits.
    ///
    /// ```swift
    /// try await TerminalUI.run(profile: demo, services: services, baseURL: backend.baseURL)
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile whose endpoints are offered.
    ///   - services: Sending, history and commands.
    ///   - baseURL: The base URL shown in the header (defaults to the profile's template).
    ///   - notices: What the session tells the user meanwhile (a sign-in URL); shown on the message line.
    ///   - prompter: Asks the user for command consent and prompted secrets inside the UI; give the
    ///     same one to the session (``APISession/ExplorerSession/setPrompter(_:)``).
    ///   - theme: The colours (``Theme/resolve(flag:environment:configured:)`` picks one).
    /// - Throws: ``TerminalUIError`` when standard input or output is not a terminal, or the terminal
    ///   type is unknown or cannot address the cursor.
    package static func run(
        profile: Profile, services: some TerminalServices, baseURL: String? = nil,
        notices: AsyncStream<String> = AsyncStream { $0.finish() }, prompter: TerminalPrompter? = nil,
        theme: Theme = .dark
    ) async throws {
        guard isatty(STDIN_FILENO) == 1 else { throw TerminalUIError(kind: .noTerminal, terminal: "standard input") }
        guard isatty(STDOUT_FILENO) == 1 else {
            throw TerminalUIError(kind: .noTerminal, terminal: "standard output")
        }
        let state = AppState(profile: profile, baseURL: baseURL, columns: 80, rows: 24)
        let loop = EventLoop(state: state, services: services, prompter: prompter, theme: theme)
        prompter?.attach { loop.post($0) }
        defer { prompter?.detach() }
        // What the session asks the user while a request waits (a sign-in URL, a device code) goes
        // to the message line: standard error would write over the screen.
        let relay = Task {
            for await notice in notices { loop.post(.notice(notice)) }
        }
        defer { relay.cancel() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                do {
                    try loop.run()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "apiexplore-tui"
            thread.start()
        }
    }
}

/// The ncurses thread: keys in, frames out, effects handed to tasks.
final class EventLoop<Services: TerminalServices>: Sendable {
    private let initialState: AppState
    let services: Services
    private let inbox = Mutex<[AppEvent]>([])
    /// The stop controls of the requests in flight, by request id.
    private let streams = Mutex<[Int: StreamControl]>([:])
    private let prompter: TerminalPrompter?
    private let theme: Theme

    init(state: AppState, services: Services, prompter: TerminalPrompter? = nil, theme: Theme = .dark) {
        self.initialState = state
        self.services = services
        self.prompter = prompter
        self.theme = theme
    }

    func post(_ event: AppEvent) {
        inbox.withLock { $0.append(event) }
    }

    func run() throws(TerminalUIError) {
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(Int32(CODESET))) != "UTF-8" { setlocale(LC_ALL, "C.UTF-8") }
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        // The modes before curses changes them: what any way out, a crash included, puts back.
        var shellModes = termios()
        let hasShellModes = tcgetattr(STDOUT_FILENO, &shellModes) == 0
        guard let terminal = newterm(nil, cn_stdout(), cn_stdin()) else {
            throw TerminalUIError(kind: .unknownTerminal, terminal: term)
        }
        guard cn_can_address_cursor() != 0 else {
            endwin()
            delscreen(terminal)
            throw TerminalUIError(kind: .cannotAddressCursor, terminal: term)
        }
        if hasShellModes { TerminalGuard.install(modes: shellModes) }
        MouseReporting.write(MouseReporting.on)
        defer {
            MouseReporting.write(MouseReporting.off)
            endwin()
            delscreen(terminal)
            TerminalGuard.uninstall()
        }
        raw()
        noecho()
        nonl()
        keypad(cn_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        wtimeout(cn_stdscr(), 50)
        loop()
    }

    private func loop() {
        var state = initialState
        state.columns = Int(cn_cols())
        state.rows = Int(cn_lines())
        let screen = NCursesScreen(columns: state.columns, rows: state.rows, theme: theme)
        var work: [EffectInterpreter<Services>.Work: Task<Void, Never>] = [:]
        var lastTick = ContinuousClock.now
        var lastClock: ContinuousClock.Instant?
        var dirty = true
        perform(.loadHistory, state: state, work: &work)
        while !state.hasQuit {
            if dirty {
                var frame = screen.beginFrame(columns: state.columns, rows: state.rows)
                state.render(into: &frame)
                screen.present(frame)
                dirty = false
            }
            var value: UInt32 = 0
            let result = cn_get_wch(cn_stdscr(), &value)
            var events: [AppEvent] = []
            if result == cn_key_code_yes(), Int32(value) == KEY_RESIZE {
                screen.invalidate()
                events.append(.resize(columns: Int(cn_cols()), rows: Int(cn_lines())))
            } else if result != cn_err(), let key = Key.decode(result: result, value: value) {
                // A mouse report arrives as Esc and its characters: read them at once, or it is a key.
                events += key == .escape ? eventsAfterEscape() : [.key(key)]
            }
            events += inbox.withLock { inbox in
                defer { inbox.removeAll() }
                return inbox
            }
            if state.isRequestRunning, ContinuousClock.now - lastTick > .milliseconds(100) {
                lastTick = .now
                events.append(.tick)
            }
            // The History pane's ages move on once a second.
            if lastClock.map({ ContinuousClock.now - $0 >= .seconds(1) }) ?? true {
                lastClock = .now
                events.append(.clock(Date()))
            }
            for event in events {
                if let finished = EffectInterpreter<Services>.Work(finishedBy: event) { work[finished] = nil }
                for effect in state.handle(event) {
                    if case .editBody(let body) = effect {
                        // On this thread, so no key is read while the editor has the terminal.
                        let edited = BodyEditor.edit(body, environment: ProcessInfo.processInfo.environment) {
                            command, arguments in
                            TerminalGuard.handOver { ForegroundCommand.run(command, arguments: arguments) }
                        }
                        post(.bodyEdited(edited.bytes, problem: edited.problem))
                        screen.invalidate()
                        continue
                    }
                    perform(effect, state: state, work: &work)
                }
                dirty = true
            }
        }
        for task in work.values { task.cancel() }
    }

    /// After an Esc: an SGR mouse report (`[<0;12;5M`) when its characters follow at once, otherwise
    /// Esc and whatever keys were read, in order.
    private func eventsAfterEscape() -> [AppEvent] {
        wtimeout(cn_stdscr(), 5)
        defer { wtimeout(cn_stdscr(), 50) }
        var keys: [Key] = [.escape]
        func next() -> Key? {
            var value: UInt32 = 0
            let result = cn_get_wch(cn_stdscr(), &value)
            guard result != cn_err(), let key = Key.decode(result: result, value: value) else { return nil }
            keys.append(key)
            return key
        }
        guard next() == .character("["), next() == .character("<") else { return keys.map(AppEvent.key) }
        var report = ""
        while report.count < 24, case .character(let character)? = next() {
            report.append(character)
            if character == "M" || character == "m" {
                return MouseEvent.parse(report).map { [.mouse($0)] } ?? keys.map(AppEvent.key)
            }
            guard MouseEvent.isPrefix(report) else { break }
        }
        return keys.map(AppEvent.key)
    }

    /// Performs an effect: the terminal's own at once, any other on a task through the
    /// ``EffectInterpreter``, kept in `work` while it can still be cancelled.
    private func perform(
        _ effect: AppEffect, state: AppState, work: inout [EffectInterpreter<Services>.Work: Task<Void, Never>]
    ) {
        switch effect {
        case .copy(let text):
            let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
            var bytes = Array(sequence.utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { cn_write_raw(cn_stdout(), $0.baseAddress, $0.count) }
            }
            return
        case .answer(let id, let value):
            prompter?.answer(id, with: value)
            return
        case .quit, .editBody:
            return
        case .stopStream(let id):
            streams.withLock { $0[id] }?.stop()
            return
        default:
            break
        }
        if let cancelled = EffectInterpreter<Services>.Work(cancelledBy: effect) {
            work.removeValue(forKey: cancelled)?.cancel()
            return
        }
        let interpreter = EffectInterpreter(services: services)
        let context = EffectInterpreter<Services>.Context(state)
        // A request's event stream can be stopped (Esc) through its control, keeping what arrived.
        var control: StreamControl?
        if case .send(let id, _, _) = effect {
            let created = StreamControl()
            streams.withLock { $0[id] = created }
            control = created
        }
        let streamControl = control
        // Off the key loop: keys (Esc) are read and the screen drawn while the work runs.
        let task = Task.detached { [self] in
            let answer = await interpreter.perform(effect, context: context, streamControl: streamControl) {
                self.post($0)
            }
            if case .send(let id, _, _) = effect { streams.withLock { $0[id] = nil } }
            if let answer { post(answer) }
        }
        if let started = EffectInterpreter<Services>.Work(starting: effect) { work[started] = task }
    }
}

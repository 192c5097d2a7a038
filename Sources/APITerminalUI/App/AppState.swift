package import APIClient
import APIHTTP
import APIMapping
import Foundation

/// The whole UI state: what is shown, which pane has focus, and what the user is typing.
///
/// It is a value driven by ``handle(_:)``: a key or a service result goes in, the state changes and
/// a list of ``AppEffect``s comes out for the runtime to perform. Nothing here does I/O, so every key
/// binding is testable without a terminal, and rendering (``render(into:)``) is a pure function of it.
///
/// ```swift
/// var state = AppState(profile: demo, columns: 120, rows: 40)
/// state.handle(.key(.character("e")))  // opens the endpoint picker
/// ```
package struct AppState: Sendable {
    /// The four panes, in Tab order.
    package enum Pane: Int, Sendable, CaseIterable {
        /// HTTP and business verdicts, badges, size, type, watches.
        case status
        /// The tip message (or the last command's output).
        case tip
        /// The model's JSON tree.
        case model
        /// The exchanges in history, newest first.
        case history
    }

    /// What the keyboard is doing.
    package enum Mode: Sendable, Equatable {
        /// Keys move, fold, send and switch panes.
        case normal
        /// Keys edit the probe line (`p`).
        case probe
        /// Keys edit the search line (`/`).
        case search
        /// Keys edit the command line (`:`).
        case command
        /// Keys filter and choose an endpoint (`e`).
        case picker
        /// Keys edit the endpoint's parameters.
        case form
        /// The key map is shown; any key returns.
        case help
        /// Keys answer what the session asks: consent to run a command, or a secret (echo off).
        case question
        /// Keys type the History pane's text filter (`f`).
        case historyFilter
        /// Keys edit a request before it is sent (`i`, `a`), or answer the copy-as-curl question.
        case edit
        /// Keys answer y or n before switching to, or sending to, an environment that confirms.
        case confirm
    }

    /// A profile environment as the header and `E` know it.
    struct EnvironmentChoice: Sendable, Equatable {
        var name: String
        var isProduction: Bool
        /// Whether switching there and sending there ask first (`confirm:`, production by default).
        var confirms: Bool
    }

    /// An endpoint as the picker lists it.
    struct EndpointEntry: Sendable {
        var id: String
        var method: String
        var path: String
        var summary: String
        var parameters: [(name: String, defaultValue: String?, description: String?)]
    }

    /// The request in flight.
    struct RunningRequest: Sendable {
        var id: Int
        var endpoint: String
        var progress: ProgressReport?
        var elapsed: Duration = .zero
        var spinner = 0
        /// What the session asks of the user meanwhile (a sign-in URL, a device code).
        var notice: String?
        /// The `:` line that is running, when it is one rather than a key's send.
        var commandLine: String?
    }

    /// The probe line and what it evaluated to.
    struct Probe: Sendable {
        /// The line typed (``text`` is its text).
        var line = LineEditor()
        var matches: Set<Int> = []
        var result = ""
        var isError = false
        /// The evaluation running off the key loop, if any; only its answer is applied.
        var pending: Int?
        /// The id of the newest evaluation asked for.
        var generation = 0
    }

    /// The endpoint parameter form.
    struct Form: Sendable {
        var endpoint: String
        var fields: [(name: String, value: String)]
        var cursor = 0
        /// The focused field's value being edited.
        var line = LineEditor()
    }

    let profileName: String
    var baseURL: String
    /// The profile's environments, in file order; empty when it declares none.
    let environments: [EnvironmentChoice]
    /// The active environment.
    package internal(set) var environment: String?
    /// What the session is asking, while ``mode`` is `.question`; later questions wait their turn.
    var questions: [SecretQuestion] = []
    /// What has been typed for the current question (shown masked, kept in no history).
    var answerLine = LineEditor()
    /// The mode to return to once the questions are answered (the panes: a question waits for lines
    /// and forms to close).
    var modeBeforeQuestion: Mode = .normal
    let endpoints: [EndpointEntry]
    /// The terminal width.
    package internal(set) var columns: Int
    /// The terminal height.
    package internal(set) var rows: Int
    /// The focused pane.
    package internal(set) var focus: Pane = .model
    /// Whether the focused pane fills the pane area (`z`).
    package internal(set) var isZoomed = false
    /// Whether the tree and the raw view wrap long lines (`w`) instead of clipping them.
    package internal(set) var wrapsLines = false
    /// How many columns the tree and the raw view are scrolled sideways (`<`, `>`; `←`, `→` in raw).
    package internal(set) var sideways = 0
    /// The events of the running stream, or of the exchange shown when it is a stream: the Model
    /// pane lists them beside the selected event's tree.
    var eventList: EventList?
    /// The keyboard mode.
    package internal(set) var mode: Mode = .normal
    /// The endpoint Enter and `r` send.
    package internal(set) var endpoint: String?
    /// The parameters it is sent with.
    package internal(set) var parameters: [String: String] = [:]
    /// The exchange on screen.
    package internal(set) var exchange: ExchangeDisplay?
    /// The model tree of the exchange on screen.
    package internal(set) var tree: ModelTree?
    /// The history rows, newest first.
    package internal(set) var history: [HistoryRow] = []
    /// Pinned probes per endpoint.
    package internal(set) var watches: [String: [String]] = [:]
    /// The one-line message under the panes (results of `y`, `:` and errors).
    package internal(set) var message: String?
    /// Whether the user asked to quit.
    package internal(set) var hasQuit = false
    /// Replaces durations, rates and clock times with fixed placeholders, for snapshots.
    package var masksVolatileValues = false

    var running: RunningRequest?
    var nextRequestID = 1
    var probe = Probe()
    /// The `:` line.
    var commandLine = LineEditor()
    var search = Search()
    var commandOutput: String?
    /// The endpoint picker's filter (``pickerFilter`` is its text).
    var pickerLine = LineEditor()
    /// Past probe and `:` lines, for ↑/↓.
    var lineHistory = LineHistory()
    /// The Tab completion being cycled on the probe or `:` line.
    var completion: Completion?
    var pickerCursor = 0
    var form: Form?
    var historyCursor = 0
    var historyTop = 0
    var tipScroll = 0
    var watchResults: [(probe: String, value: String)] = []
    var shownHistoryID: Int64?
    /// The pages loaded with `]` so far, each page's items; empty when the model is not a walk.
    var pages: [[JSONValue]] = []
    /// The model path "map from here" (`m`) or `:model` chose for the exchange on screen.
    var mappedModel: String?
    /// The first hex line the model pane shows for a binary body.
    var hexTop = 0
    /// Cancellations of evaluations a new exchange made pointless, returned with the event's effects.
    var abandonedWork: [AppEffect] = []
    /// The Diff view: the comparison with the previous exchange, loaded when the view is open.
    var diffView = DiffViewState()
    /// The first key map row the help shows when it scrolls.
    var helpTop = 0
    /// What the History pane shows of the rows.
    var historyFilter = HistoryFilter()
    /// The filter as it is typed after `f`.
    var historyFilterLine = LineEditor()
    /// The filter text before `f`, restored by Esc.
    var filterTextBeforeEditing = ""
    /// The time the History pane measures ages from (``AppEvent/clock(_:)``); `nil` shows clock times.
    var now: Date?
    /// The request edit form, while ``mode`` is `.edit`.
    var requestForm: RequestForm?
    /// What waits for a y before it happens, while ``mode`` is `.confirm`.
    var confirmation: Confirmation?
    /// The mode the confirmation interrupted, restored once answered.
    var modeBeforeConfirmation: Mode = .normal
    /// The copy-as-curl question about masked secrets, if one is asked.
    var curlQuestion: CurlQuestion?
    /// The mode the curl question interrupted.
    var modeBeforeCurlQuestion: Mode = .normal
    /// Whether the `S` question (show secrets in clear?) waits for its answer.
    var secretsQuestion = false
    /// Whether the panes show secrets in clear (`S`, answered yes).
    package internal(set) var revealsSecrets = false
    /// What the model pane shows (`v`, `V`, `:view`); it stays when a new exchange arrives.
    package internal(set) var modelView: ModelView = .model
    /// The raw format `:view raw FORMAT` chose; `nil` picks one from the body.
    var rawFormatChoice: RawFormat?
    /// Where the raw view is in the body; `nil` until it moves (the top of the body).
    var rawScroll: RawBodyScroll?
    /// The first line the headers, request and timing views show.
    var inspectorTop = 0
    /// The shape check of the exchange on screen (the Status pane's `shape` marker, `:drift`).
    var shapeCheck: ShapeCheckState?
    /// The last shape check's id.
    var nextShapeCheckID = 0
    /// Shape checks a newly shown exchange asks for, returned with the event's effects.
    var shapeWork: [AppEffect] = []

    /// Creates the state for a profile at a terminal size.
    ///
    /// ```swift
    /// let state = AppState(profile: try ProfileLibrary(searchPath: path).load(named: "demo"), columns: 80, rows: 24)
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile whose endpoints the picker lists.
    ///   - baseURL: The base URL shown in the header (the resolved one when known).
    ///   - columns: The terminal width.
    ///   - rows: The terminal height.
    package init(profile: Profile, baseURL: String? = nil, columns: Int, rows: Int) {
        profileName = profile.name
        self.baseURL = baseURL ?? profile.baseURL.text
        environments = profile.environments.map {
            EnvironmentChoice(name: $0.name, isProduction: $0.isProduction, confirms: $0.confirms)
        }
        environment = profile.activeEnvironment
        endpoints = profile.endpoints.map { endpoint in
            let defaults = Dictionary(
                endpoint.params.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { a, _ in a })
            let descriptions = Dictionary(
                endpoint.params.map { ($0.name, Self.hint(for: $0)) }, uniquingKeysWith: { a, _ in a })
            return EndpointEntry(
                id: endpoint.id, method: endpoint.method, path: endpoint.path.text,
                summary: endpoint.description ?? "",
                parameters: endpoint.parameterNames.map { ($0, defaults[$0] ?? nil, descriptions[$0] ?? nil) })
        }
        self.columns = columns
        self.rows = rows
    }

    /// What the form says of a parameter: its description, its type when it is not text (`file`
    /// for an upload, where the value is a path) and its example, which is a hint and never sent.
    static func hint(for parameter: Parameter) -> String? {
        var parts: [String] = []
        if let type = parameter.type, type != .string { parts.append("(\(type.rawValue))") }
        if let description = parameter.description, !description.isEmpty { parts.append(description) }
        if let example = parameter.example, !parameter.isSecret { parts.append("e.g. \(example)") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The layout of the current size, with the focused pane over the others when zoomed (`z`).
    var layout: ScreenLayout { ScreenLayout(columns: columns, rows: rows, zoomed: isZoomed ? focus : nil) }

    /// The number of tree rows the model pane shows.
    var modelHeight: Int { max(layout.model.height - 2, 1) }

    /// The number of rows the history pane shows.
    var historyHeight: Int { max(layout.history.height - 2, 1) }

    /// Whether a request is running.
    package var isRequestRunning: Bool { running != nil }
}

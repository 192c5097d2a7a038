import APIClient
package import APIHTTP
package import APIMapping
package import Foundation

/// Something that changes the UI state: a key, a resize, or a result coming back from a service.
///
/// ```swift
/// let effects = state.handle(.key(.enter))
/// ```
package enum AppEvent: Sendable {
    /// A key press.
    case key(Key)
    /// A mouse click or wheel turn (SGR mouse reports).
    case mouse(MouseEvent)
    /// The terminal's new size.
    case resize(columns: Int, rows: Int)
    /// Bytes arrived for the running request.
    case progress(requestID: Int, report: ProgressReport, elapsed: Duration)
    /// Events of the running request's stream arrived (one chunk's worth), at `instant`.
    case streamEvents(requestID: Int, events: [EvaluatedStreamEvent], at: ContinuousClock.Instant)
    /// Shows an exchange that no request of this UI produced (headless runs show each command's result).
    case show(ExchangeDisplay)
    /// The running request finished (with a response or a failure).
    case responded(requestID: Int, display: ExchangeDisplay)
    /// Fresh history rows, newest first.
    case history([HistoryRow])
    /// A history entry loaded back from the store.
    case historyEntry(id: Int64, display: ExchangeDisplay)
    /// The output of a `:` command.
    case commandOutput(String)
    /// A `:` line that sends finished (answers ``AppEffect/sendCommand(requestID:line:)``).
    case commandFinished(requestID: Int, result: TerminalCommandResult)
    /// A service failed (the history store could not be read).
    case serviceFailed(String)
    /// Something the session tells the user while work goes on: a sign-in URL, a device code.
    case notice(String)
    /// A timer tick: advances the spinner while a request runs.
    case tick
    /// The time now, about once a second: the History pane's ages count from it.
    case clock(Date)
    /// A probe evaluation finished (answers ``AppEffect/evaluateProbe(id:text:)``).
    case probed(id: Int, outcome: ProbeOutcome)
    /// A text search finished (answers ``AppEffect/search(id:query:)``).
    case searched(id: Int, outcome: SearchOutcome)
    /// The session asks the user something (answer with ``AppEffect/answer(id:with:)``).
    case ask(SecretQuestion)
    /// The profile now talks to another environment (answers ``AppEffect/switchEnvironment(_:)``).
    case environmentChanged(name: String, baseURL: String)
    /// The next page arrived (answers ``AppEffect/nextPage(requestID:)``); `nil` when there was none.
    case pageResponded(requestID: Int, display: ExchangeDisplay?)
    /// A request to edit arrived (answers ``AppEffect/loadEditableRequest(endpoint:parameters:)`` and
    /// ``AppEffect/loadStoredRequest(_:)``).
    case editableRequest(EditableRequest)
    /// The body editor closed (answers ``AppEffect/editBody(_:)``): the new body, or why there is none.
    case bodyEdited([UInt8]?, problem: String?)
    /// A request rendered as curl (answers ``AppEffect/exportCurl(_:revealing:)``).
    case curlReady(CurlExport, request: EditedRequest, revealing: Bool)
    /// The copied curl command was written to this file (answers ``AppEffect/saveCurl(_:)``).
    case curlSaved(path: String)
    /// A shape check finished (answers ``AppEffect/checkShape(id:historyID:)``): the check, `nil` when
    /// there was nothing to check, or why it failed.
    case shapeChecked(id: Int, check: ShapeCheck?, failure: String?)
    /// The shown exchange compared with the previous one of its endpoint (answers
    /// ``AppEffect/loadDiff(id:endpoint:historyID:)``).
    case diffLoaded(id: Int, ExchangeDiffOutcome)
}

/// Something the session needs from the user before a request can go out.
///
/// ```swift
/// SecretQuestion(id: 1, kind: .consent(command: "pass show acme/token"), profile: "acme")
/// ```
package struct SecretQuestion: Sendable, Equatable {
    /// What is asked.
    package enum Kind: Sendable, Equatable {
        /// May this `${cmd:…}` command run? Answered `yes` or `nil`.
        case consent(command: String)
        /// May this `${file:…}` outside the profile's folder be read? Answered `yes` or `nil`.
        case fileConsent(path: String)
        /// The value of a `${prompt:Label}`, typed with echo off.
        case secret(label: String)
    }

    /// Identifies the answer.
    package var id: Int
    /// What is asked.
    package var kind: Kind
    /// The profile asking.
    package var profile: String

    /// Creates a question.
    package init(id: Int, kind: Kind, profile: String) {
        self.id = id
        self.kind = kind
        self.profile = profile
    }
}

/// What evaluating the probe line gave.
package enum ProbeOutcome: Sendable {
    /// The matches, in document order.
    case matches([JSONMatch])
    /// The path did not parse or could not be evaluated; the message says why.
    case failed(String)
    /// The evaluation was cancelled before it finished.
    case cancelled
}

/// Work the state machine asks the runtime to do; the state itself never performs I/O.
///
/// ```swift
/// state.handle(.key(.character("r")))  // [.send(requestID: 2, endpoint: "user", parameters: ["id": "1001"])]
/// ```
package enum AppEffect: Equatable, Sendable {
    /// Send an endpoint; answer with ``AppEvent/responded(requestID:display:)``.
    case send(requestID: Int, endpoint: String, parameters: [String: String])
    /// Cancel a running request.
    case cancel(requestID: Int)
    /// Stop the running request's event stream, keeping what arrived: the request then answers with
    /// ``AppEvent/responded(requestID:display:)`` as usual.
    case stopStream(requestID: Int)
    /// Put text on the terminal's clipboard (OSC 52).
    case copy(String)
    /// Run a command line; answer with ``AppEvent/commandOutput(_:)``.
    case runCommand(String)
    /// Run a `:` line that sends, as a request Esc cancels (``AppEffect/cancel(requestID:)``); answer with
    /// ``AppEvent/commandFinished(requestID:result:)``.
    case sendCommand(requestID: Int, line: String)
    /// Reload the history rows; answer with ``AppEvent/history(_:)``.
    case loadHistory
    /// Load one history entry; answer with ``AppEvent/historyEntry(id:display:)``.
    case loadHistoryEntry(Int64)
    /// Compare the shown exchange's model with the previous exchange of `endpoint` in history: the
    /// exchange `historyID` when it came from history, else the endpoint's newest; answer with
    /// ``AppEvent/diffLoaded(id:_:)``.
    case loadDiff(id: Int, endpoint: String, historyID: Int64?)
    /// Evaluate the probe line over the shown model off the key loop, so keys (Esc) are read while
    /// it runs; answer with ``AppEvent/probed(id:outcome:)``.
    case evaluateProbe(id: Int, text: String)
    /// Stop a probe evaluation; its answer, if any, is ignored.
    case cancelProbe(id: Int)
    /// Search the shown model's text off the key loop (``AppState/searchOutcome(_:in:)``); answer
    /// with ``AppEvent/searched(id:outcome:)``.
    case search(id: Int, query: String)
    /// Search the raw body's bytes off the key loop (``AppState/rawSearchOutcome(_:in:)``), for the
    /// raw view's text format; answer with ``AppEvent/searched(id:outcome:)``.
    case searchRaw(id: Int, query: String, body: [UInt8])
    /// Search the raw view's pretty JSON lines (the parsed body's) off the key loop
    /// (``AppState/prettySearchOutcome(_:in:)``); answer with ``AppEvent/searched(id:outcome:)``.
    case searchPretty(id: Int, query: String)
    /// Search a body's bytes off the key loop for the hex views (``AppState/byteSearchOutcome(_:in:)``);
    /// answer with ``AppEvent/searched(id:outcome:)``.
    case searchBytes(id: Int, query: String, body: [UInt8])
    /// Stop a search; its answer, if any, is ignored.
    case cancelSearch(id: Int)
    /// Stop a shape check for an exchange no longer shown (``checkShape(id:historyID:)``); its answer,
    /// if any, is ignored.
    case cancelShapeCheck(id: Int)
    /// Stop a diff load for an exchange no longer shown (``loadDiff(id:endpoint:historyID:)``); its
    /// answer, if any, is ignored.
    case cancelDiff(id: Int)
    /// Answer a ``SecretQuestion``: `yes` for consent, the typed secret, or `nil` for no.
    case answer(id: Int, with: String?)
    /// Switch the profile to an environment; answer with ``AppEvent/environmentChanged(name:baseURL:)``.
    case switchEnvironment(String)
    /// Send the next page of the endpoint on screen; answer with ``AppEvent/pageResponded(requestID:display:)``.
    case nextPage(requestID: Int)
    /// Show a table of the model store; answer with ``AppEvent/show(_:)``.
    case loadStoreTable(String)
    /// Save a model path for an endpoint into the profile; answer with ``AppEvent/commandOutput(_:)``.
    case saveModel(path: String, endpoint: String)
    /// Resolve an endpoint's request for the edit form; answer with ``AppEvent/editableRequest(_:)``.
    case loadEditableRequest(endpoint: String, parameters: [String: String])
    /// Load a History row's request for the edit form; answer with ``AppEvent/editableRequest(_:)``.
    case loadStoredRequest(Int64)
    /// Send an edited or ad-hoc request; answer with ``AppEvent/responded(requestID:display:)``.
    case sendEdited(requestID: Int, request: EditedRequest)
    /// Send a History row's request again; answer with ``AppEvent/responded(requestID:display:)``.
    case resendStored(requestID: Int, historyID: Int64)
    /// Open the body in `$VISUAL`/`$EDITOR`/`vi`, the terminal handed over meanwhile; answer with
    /// ``AppEvent/bodyEdited(_:problem:)``.
    case editBody([UInt8])
    /// Render a request as curl; answer with ``AppEvent/curlReady(_:request:revealing:)``.
    case exportCurl(EditedRequest, revealing: Bool)
    /// Write a copied curl command to its file; answer with ``AppEvent/curlSaved(path:)``.
    case saveCurl(String)
    /// Check the recorded exchange's model against the shape of its endpoint's earlier successful
    /// models, off the key loop; answer with ``AppEvent/shapeChecked(id:check:failure:)``.
    case checkShape(id: Int, historyID: Int64)
    /// Show secrets in clear (`true`, after the user said yes) or mask them again; answer with
    /// ``AppEvent/show(_:)`` when the shown exchange is drawn again.
    case revealSecrets(Bool)
    /// Leave the UI.
    case quit
}

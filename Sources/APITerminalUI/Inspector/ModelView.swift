/// What the model pane shows of the exchange on screen; `v` and `V` cycle through them in this order.
///
/// ```swift
/// ModelView.model.next      // .headers
/// ModelView.model.previous  // .diff
/// ```
package enum ModelView: String, Sendable, CaseIterable {
    /// The model's JSON tree (or the hex of a binary body).
    case model
    /// The status line and the response headers, rate-limit headers highlighted.
    case headers
    /// The body as received: text, pretty JSON or hex.
    case raw
    /// The request as sent: method, URL and headers redacted, body.
    case request
    /// The timing phases and the attempts.
    case timing
    /// The model against the previous exchange of the same endpoint in history: what was added,
    /// removed, changed or moved, volatile paths counted apart.
    case diff

    /// The tab's name in the pane title.
    package var title: String {
        switch self {
        case .model: "Model"
        case .headers: "Headers"
        case .raw: "Raw"
        case .request: "Request"
        case .timing: "Timing"
        case .diff: "Diff"
        }
    }

    /// The view after this one, wrapping around.
    package var next: ModelView {
        Self.allCases[(Self.allCases.firstIndex(of: self).map { $0 + 1 } ?? 0) % Self.allCases.count]
    }

    /// The view before this one, wrapping around.
    package var previous: ModelView {
        Self.allCases[
            (Self.allCases.firstIndex(of: self).map { $0 + Self.allCases.count - 1 } ?? 0) % Self.allCases.count]
    }
}

/// How the raw view draws the body.
package enum RawFormat: String, Sendable, CaseIterable {
    /// The bytes as received, line by line, as UTF-8.
    case text
    /// JSON indented two spaces per level, one value per line, from the parsed tree.
    case pretty
    /// `hexdump -C` lines.
    case hex
}

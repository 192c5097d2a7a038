package import APIClient

/// A request the user edited before sending (`i`), typed in whole (`a`), or took back from history
/// (`r` on a History row): the endpoint it came from, if any, and what was changed.
///
/// ```swift
/// EditedRequest(endpoint: "user", parameters: ["id": "1002"], edit: RequestEdit(method: "GET"))
/// EditedRequest(endpoint: nil, parameters: [:], edit: RequestEdit(method: "GET", url: "http://x.test/a"))
/// ```
package struct EditedRequest: Sendable, Hashable {
    /// The endpoint it came from; `nil` for an ad-hoc request.
    package var endpoint: String?
    /// The endpoint's parameters.
    package var parameters: [String: String]
    /// What changed; secrets the user left alone are ``APIClient/RequestEdit/Value/kept``.
    package var edit: RequestEdit

    /// Creates an edited request.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint it came from, `nil` for ad hoc.
    ///   - parameters: The endpoint's parameters.
    ///   - edit: What changed.
    package init(endpoint: String?, parameters: [String: String], edit: RequestEdit) {
        self.endpoint = endpoint
        self.parameters = parameters
        self.edit = edit
    }
}

/// A request ready for the edit form: where it came from and its fields, secrets masked.
///
/// ```swift
/// let editable = try await services.editableRequest(endpoint: "user", parameters: [:])
/// editable.draft.headers  // [Accept: application/json]
/// ```
package struct EditableRequest: Sendable, Hashable {
    /// The endpoint; `nil` for an ad-hoc request.
    package var endpoint: String?
    /// The endpoint's parameters.
    package var parameters: [String: String]
    /// The fields, secrets masked.
    package var draft: RequestDraft
    /// Whether the draft's body is sent as it is when left alone (a body taken from history); otherwise
    /// an untouched body is the endpoint's own, resolved again.
    package var sendsDraftBody: Bool
    /// What the user should know about it (`2 secrets will be read again from the profile`).
    package var note: String?

    /// Creates an editable request.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint, `nil` for ad hoc.
    ///   - parameters: Its parameters.
    ///   - draft: The fields.
    ///   - sendsDraftBody: Whether an untouched body is sent as the draft has it.
    ///   - note: A note for the message line.
    package init(
        endpoint: String?, parameters: [String: String], draft: RequestDraft, sendsDraftBody: Bool = false,
        note: String? = nil
    ) {
        self.endpoint = endpoint
        self.parameters = parameters
        self.draft = draft
        self.sendsDraftBody = sendsDraftBody
        self.note = note
    }

    /// The edit that sends the request as the draft shows it: every shown value as text, every
    /// masked one kept.
    package var untouchedEdit: RequestEdit {
        func item(_ field: RequestDraft.Field) -> RequestEdit.Item {
            RequestEdit.Item(name: field.name, value: field.isSecret ? .kept : .text(field.value))
        }
        return RequestEdit(
            method: draft.method, url: draft.urlIsSecret ? nil : draft.url, query: draft.query.map(item),
            headers: draft.headers.map(item), body: sendsDraftBody && !draft.bodyHasSecret ? draft.body : nil)
    }
}

/// A request rendered as a curl command line.
package struct CurlExport: Sendable, Hashable {
    /// The command line.
    package var command: String
    /// Whether literal secrets (not from the environment, a file or a command) were masked as `••••`.
    package var masksSecrets: Bool

    /// Creates an export.
    ///
    /// - Parameters:
    ///   - command: The command line.
    ///   - masksSecrets: Whether literal secrets were masked.
    package init(command: String, masksSecrets: Bool) {
        self.command = command
        self.masksSecrets = masksSecrets
    }
}

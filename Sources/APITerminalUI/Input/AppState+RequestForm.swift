import APIClient
import APIMapping
import Foundation

extension AppState {
    /// The request edit form (`i` on an endpoint or a History row, `a` for an ad-hoc request).
    ///
    /// Masked values are secrets the form never holds: leaving one alone keeps the real value,
    /// typing a new one replaces it. The body is held as bytes and never drawn, only its size; the
    /// user sees it in the editor they open.
    struct RequestForm: Sendable {
        /// A query item or header as the form holds it.
        struct Field: Sendable, Equatable {
            var name: String
            var value: String
            /// Whether ``value`` is the mask of a secret that is kept when left alone.
            var isSecret: Bool
        }

        /// A line of the form.
        enum Row: Sendable, Equatable {
            case method, url
            case query(Int)
            case addQuery
            case header(Int)
            case addHeader, body
        }

        /// The endpoint it came from; `nil` for ad hoc.
        var endpoint: String?
        var parameters: [String: String]
        var method: String
        var url: String
        var urlIsSecret: Bool
        var query: [Field]
        var headers: [Field]
        var body: [UInt8]?
        var bodyHasSecret: Bool
        var bodyEdited = false
        var sendsDraftBody: Bool
        var cursor = 0
        /// The text being typed into the row under the cursor; `nil` when not typing.
        var editing: LineEditor?
        /// Whether the row being typed into held a secret: what is typed is masked too.
        var editingSecret = false

        init(_ editable: EditableRequest) {
            let draft = editable.draft
            endpoint = editable.endpoint
            parameters = editable.parameters
            method = draft.method
            url = draft.url
            urlIsSecret = draft.urlIsSecret
            query = draft.query.map { Field(name: $0.name, value: $0.value, isSecret: $0.isSecret) }
            headers = draft.headers.map { Field(name: $0.name, value: $0.value, isSecret: $0.isSecret) }
            body = draft.body
            bodyHasSecret = draft.bodyHasSecret
            sendsDraftBody = editable.sendsDraftBody
        }

        var rows: [Row] {
            [.method, .url] + query.indices.map(Row.query) + [.addQuery] + headers.indices.map(Row.header)
                + [.addHeader, .body]
        }

        var row: Row { rows[min(max(cursor, 0), rows.count - 1)] }

        /// The request as edited: shown values as text, untouched secrets kept.
        var edited: EditedRequest {
            func item(_ field: Field) -> RequestEdit.Item {
                RequestEdit.Item(name: field.name, value: field.isSecret ? .kept : .text(field.value))
            }
            let sentBody = bodyEdited || (sendsDraftBody && !bodyHasSecret) ? body : nil
            return EditedRequest(
                endpoint: endpoint, parameters: parameters,
                edit: RequestEdit(
                    method: method, url: urlIsSecret ? nil : url, query: query.map(item), headers: headers.map(item),
                    body: sentBody))
        }

        /// The body's content type, from the headers.
        var contentType: String? {
            headers.first { $0.name.lowercased() == "content-type" }?.value
        }
    }

    /// A curl command waiting for the user to say whether its masked literal secrets go in.
    struct CurlQuestion: Sendable {
        var request: EditedRequest
        var masked: String
    }

    /// `i`: the History row's request when History has focus, else the endpoint's.
    mutating func openEditForm() -> [AppEffect] {
        if focus == .history, let row = selectedHistoryRow {
            message = "loading the request of history #\(row.id)…"
            return [.loadStoredRequest(row.id)]
        }
        guard let endpoint else {
            mode = .picker
            message = "choose an endpoint first"
            return []
        }
        message = "resolving \(endpoint)…"
        return [.loadEditableRequest(endpoint: endpoint, parameters: parameters)]
    }

    /// `a`: an empty form, typing the URL.
    mutating func openAdHocForm() {
        var form = RequestForm(EditableRequest(endpoint: nil, parameters: [:], draft: RequestDraft()))
        form.cursor = 1
        form.editing = LineEditor()
        requestForm = form
        mode = .edit
        message = "ad-hoc request: type a full URL, ⏎"
    }

    /// The form's request arrived.
    mutating func showEditForm(_ editable: EditableRequest) {
        requestForm = RequestForm(editable)
        mode = .edit
        message = editable.note
    }

    /// `c`: the current endpoint's request as curl.
    mutating func copyCurl() -> [AppEffect] {
        guard let endpoint else {
            message = "nothing to copy: choose an endpoint first"
            return []
        }
        return [
            .exportCurl(
                EditedRequest(endpoint: endpoint, parameters: parameters, edit: RequestEdit()), revealing: false)
        ]
    }

    /// `r` on a History row: that row's request again.
    mutating func resendHistoryRow() -> [AppEffect] {
        guard let row = selectedHistoryRow else {
            message = history.isEmpty ? "no history row to resend" : "no row matches the filter: nothing to resend"
            return []
        }
        return startRequest(.historyRow(row.id, endpoint: row.endpoint))
    }

    /// A rendered curl command arrived: ask about masked secrets once, else copy it.
    mutating func curlReady(_ export: CurlExport, request: EditedRequest, revealing: Bool) -> [AppEffect] {
        if export.masksSecrets, !revealing {
            curlQuestion = CurlQuestion(request: request, masked: export.command)
            modeBeforeCurlQuestion = mode
            mode = .edit
            return []
        }
        // Say what the copy holds: the secrets the user chose to include, or what stands for them.
        if revealing, export.masksSecrets {
            message = "copied as curl (OSC 52) with the profile's secrets included, as asked"
        } else if export.masksSecrets {
            message = "copied as curl (OSC 52) with secrets masked"
        } else {
            message = "copied as curl (OSC 52); secrets from the environment as ${NAME}, none written out"
        }
        return [.copy(export.command), .saveCurl(export.command)]
    }

    /// Keys in `.edit` mode: the curl question first, then the form.
    mutating func handleEditKey(_ key: Key) -> [AppEffect] {
        if let question = curlQuestion {
            let effects: [AppEffect]
            switch key {
            case .character("y"), .character("Y"):
                effects = [.exportCurl(question.request, revealing: true)]
            case .character("n"), .character("N"), .escape, .enter:
                message = "copied as curl (OSC 52) with secrets masked"
                effects = [.copy(question.masked), .saveCurl(question.masked)]
            default:
                return []
            }
            curlQuestion = nil
            mode = requestForm == nil ? .normal : modeBeforeCurlQuestion
            return effects
        }
        guard var form = requestForm else {
            mode = .normal
            return []
        }
        defer { if mode == .edit { requestForm = form } }
        if form.editing != nil { return typeInForm(key, form: &form) }
        switch key {
        case .escape:
            requestForm = nil
            mode = .normal
            message = "edit closed; nothing sent"
        case .character("j"), .down, .tab:
            form.cursor = min(form.cursor + 1, form.rows.count - 1)
        case .character("k"), .up, .backTab:
            form.cursor = max(form.cursor - 1, 0)
        case .character("g"), .home:
            form.cursor = 0
        case .character("G"), .end:
            form.cursor = form.rows.count - 1
        case .character("d"), .character("x"):
            switch form.row {
            case .query(let index): form.query.remove(at: index)
            case .header(let index): form.headers.remove(at: index)
            default: message = "only query items and headers can be removed"
            }
            form.cursor = min(form.cursor, form.rows.count - 1)
        case .enter, .character("e"):
            switch form.row {
            case .body:
                return [.editBody(form.body ?? [])]
            case .method: form.editing = LineEditor(text: form.method)
            case .url:
                form.editingSecret = form.urlIsSecret
                form.editing = LineEditor(text: form.urlIsSecret ? "" : form.url)
            case .query(let index):
                form.editingSecret = form.query[index].isSecret
                form.editing = LineEditor(text: form.editingSecret ? "" : form.query[index].value)
            case .header(let index):
                form.editingSecret = form.headers[index].isSecret
                form.editing = LineEditor(text: form.editingSecret ? "" : form.headers[index].value)
            case .addQuery, .addHeader:
                form.editingSecret = false
                form.editing = LineEditor()
            }
        case .character("s"):
            return sendForm(form)
        case .character("c"):
            return [.exportCurl(form.edited, revealing: false)]
        default:
            break
        }
        return []
    }

    /// Keys while typing into a row, on the ``LineEditor`` every input line uses.
    private mutating func typeInForm(_ key: Key, form: inout RequestForm) -> [AppEffect] {
        guard var line = form.editing else { return [] }
        switch key {
        case .escape:
            form.editing = nil
            form.editingSecret = false
            return []
        case .enter:
            form.editing = nil
            // A masked value opens empty: ⏎ with nothing typed keeps the secret as it is.
            let keepsSecret = form.editingSecret && line.isEmpty
            form.editingSecret = false
            if !keepsSecret { commit(line.text, into: &form) }
            return []
        default:
            line.handle(key)
        }
        form.editing = line
        return []
    }

    private mutating func commit(_ text: String, into form: inout RequestForm) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch form.row {
        case .method:
            if !trimmed.isEmpty { form.method = trimmed.uppercased() }
        case .url:
            // A query typed with the URL becomes query rows, so each item can be edited on its own.
            let withoutFragment = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            form.url = String(withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
            // The typed query replaces the rows of the names it gives (page=2 does not join page=1).
            let typed = URLQuery.items(of: trimmed)
            let names = Set(typed.map(\.name))
            form.query.removeAll { names.contains($0.name) }
            form.query += typed.map { RequestForm.Field(name: $0.name, value: $0.value, isSecret: false) }
            form.urlIsSecret = false
        case .query(let index):
            form.query[index].value = text
            form.query[index].isSecret = false
        case .header(let index):
            form.headers[index].value = trimmed
            form.headers[index].isSecret = false
        case .addQuery:
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return }
            form.query.append(.init(name: name, value: parts.count > 1 ? String(parts[1]) : "", isSecret: false))
            form.cursor = 2 + form.query.count - 1
        case .addHeader:
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, parts.count > 1 else {
                message = "type a header as Name: value"
                return
            }
            form.headers.append(
                .init(name: name, value: parts[1].trimmingCharacters(in: .whitespaces), isSecret: false))
            form.cursor = 3 + form.query.count + form.headers.count - 1
        case .body:
            break
        }
    }

    private mutating func sendForm(_ form: RequestForm) -> [AppEffect] {
        if running != nil {
            message = "a request is running: Esc cancels it"
            return []
        }
        let lowered = form.url.lowercased()
        if form.endpoint == nil, !(lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) {
            message = "an ad-hoc request needs a full http:// or https:// URL"
            return []
        }
        requestForm = nil
        mode = .normal
        return startRequest(.edited(form.edited, label: form.endpoint ?? "\(form.method) \(form.url)"))
    }

    /// The editor closed: the new body, or why it is unchanged.
    mutating func bodyEdited(_ bytes: [UInt8]?, problem: String?) {
        if let problem { message = problem }
        guard let bytes, var form = requestForm else { return }
        if bytes != form.body ?? [] {
            form.body = bytes
            form.bodyEdited = true
            form.bodyHasSecret = false
            message = "body edited: \(ByteCountDisplay.text(bytes.count)); s sends"
        } else if problem == nil {
            message = "body unchanged"
        }
        requestForm = form
    }
}

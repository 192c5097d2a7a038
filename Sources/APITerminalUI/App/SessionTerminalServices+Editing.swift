import APIClient
package import APIHTTP
import APIHistory
import APIImport
import APIMapping
import APISession
import Foundation

extension SessionTerminalServices {
    /// The endpoint's request resolved as it would be sent, secrets masked for the form.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint id.
    ///   - parameters: Its parameters.
    /// - Returns: The editable request.
    /// - Throws: ``APIClient/ClientError`` when the profile cannot build it.
    package func editableRequest(endpoint: String, parameters: [String: String]) async throws -> EditableRequest {
        let request = try await session.preview(endpoint: endpoint, parameters: parameters, profile: profile)
        return EditableRequest(endpoint: endpoint, parameters: parameters, draft: RequestDraft(request))
    }

    /// A stored exchange's request as it was sent. Its masked values (`••••`) are kept secrets: an
    /// endpoint of the profile reads them again when the request goes out, and the note says so; an
    /// ad-hoc row has nothing to read them from, so they are left out, and the note says that too.
    ///
    /// - Parameter id: A ``HistoryRow/id``.
    /// - Returns: The editable request.
    /// - Throws: ``TerminalServicesError`` when history is off or the row is gone.
    package func storedRequest(id: Int64) async throws -> EditableRequest {
        guard let history = session.history else { throw TerminalServicesError("history is off") }
        guard let stored = try await history.exchange(id: id) else {
            throw TerminalServicesError("no stored exchange #\(id) (it may have been pruned)")
        }
        let mask = Redaction.mask
        var draft = RequestDraft()
        draft.method = stored.entry.method
        let (base, _) = Self.splitQuery(stored.entry.url)
        draft.url = base
        draft.urlIsSecret = base.contains(mask)
        draft.query = URLQuery.items(of: stored.entry.url).map {
            RequestDraft.Field(name: $0.name, value: $0.value, isSecret: $0.value.contains(mask))
        }
        draft.headers = stored.requestHeaders.map {
            RequestDraft.Field(name: $0.name, value: $0.value, isSecret: $0.value.contains(mask))
        }
        draft.body = stored.requestBody
        draft.bodyHasSecret = stored.requestBody.map { String(decoding: $0, as: UTF8.self).contains(mask) } ?? false
        let secrets =
            draft.query.filter(\.isSecret).count + draft.headers.filter(\.isSecret).count
            + (draft.urlIsSecret ? 1 : 0) + (draft.bodyHasSecret ? 1 : 0)
        var endpoint = profile.endpoint(stored.entry.endpoint)?.id
        var note: String?
        if let id = endpoint {
            do {
                // The kept secrets come from the endpoint resolved again; it must resolve without the
                // parameters, which the row's URL already carries.
                _ = try await session.preview(endpoint: id, parameters: [:], profile: profile)
                if secrets > 0 { note = "\(secrets) masked value(s) read again from the profile" }
            } catch {
                endpoint = nil
                note = "sent as recorded, not through endpoint '\(id)' (it needs parameters)"
            }
        }
        if endpoint == nil, secrets > 0 {
            note = (note.map { $0 + "; " } ?? "") + "\(secrets) masked value(s) left out: nothing to read them from"
        }
        return EditableRequest(endpoint: endpoint, parameters: [:], draft: draft, sendsDraftBody: true, note: note)
    }

    /// Sends through the session (middleware, auth, redaction, history): an endpoint's request with
    /// the edit applied, recorded under the endpoint's id; an ad-hoc one under its method and URL.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Called as body bytes arrive.
    /// - Returns: The display.
    package func send(
        _ request: EditedRequest, progress: @escaping @Sendable (ProgressReport) -> Void
    ) async -> ExchangeDisplay {
        let sessionRequest: ExplorerSession.Request
        if let endpoint = request.endpoint {
            var options = CallOptions()
            options.edit = request.edit
            sessionRequest = .customized(endpoint, parameters: request.parameters, options: options)
        } else {
            sessionRequest = .adHoc(request.edit)
        }
        var isForeign = false
        if request.endpoint == nil {
            do {
                isForeign = try await session.isForeign(sessionRequest, profile: profile)
            } catch {
                // A base URL that cannot be resolved: nothing is the profile's, so the body is all there is.
                isForeign = true
            }
        }
        let foreign = isForeign
        return await show(
            sessionRequest, label: request.endpoint ?? sessionRequest.endpointID,
            method: request.edit.method ?? "GET", profile: profile, progress: progress
        ) { exchange, display in
            // Another API's answer is not in this profile's envelope: unless the envelope found its
            // model there, the whole body is the model.
            guard foreign, display.model == nil, let root = exchange.body.document?.root else { return }
            display.model = root
            display.modelPath = ""
            display.notes.append(
                "another origin than the profile's: its envelope found no model, the whole body is shown")
        }
    }

    /// The request as curl: an endpoint's through ``APISession/ExplorerSession/shellTemplate(endpoint:parameters:profile:standIn:)``
    /// (environment secrets become `${NAME}`), the edit applied over it; an ad-hoc one as typed.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - revealingSecrets: Whether literal secrets are written as they are.
    /// - Returns: The command and whether it masks literal secrets.
    /// - Throws: ``APIClient/ClientError`` when the profile cannot build the request.
    package func curl(for request: EditedRequest, revealingSecrets: Bool) async throws -> CurlExport {
        var references = ShellReferences()
        let resolved: ResolvedRequest
        if let endpoint = request.endpoint {
            let template = try await session.shellTemplate(
                endpoint: endpoint, parameters: request.parameters, profile: profile
            ) { references.standIn(for: $0) }
            resolved = template.applying(request.edit)
        } else {
            let profile = self.profile
            resolved = ResolvedRequest(
                method: request.edit.method ?? "GET", url: request.edit.url ?? "", headers: [], body: nil,
                envelope: profile.envelope, redaction: profile.redaction, timeouts: profile.timeouts,
                tlsVerify: profile.tlsVerify, maxBodySize: profile.maxBodySize, xmlArrays: profile.xmlArrays
            ).applying(request.edit)
        }
        var masked = CurlCommand(resolved, references: references).rendered(
            multiline: false, quoting: references.quote)
        // A body edited in the editor holds resolved values (a `${env:…}` secret among them), which the
        // stand-in template cannot know: the real request's redaction masks them too.
        if request.edit.body != nil, let endpoint = request.endpoint {
            let real = try await session.preview(endpoint: endpoint, parameters: request.parameters, profile: profile)
            masked = real.redaction.redact(text: masked)
        }
        let revealed = CurlCommand(resolved, references: references, revealingSecrets: true).rendered(
            multiline: false, quoting: references.quote)
        // Anything else the session knows to be secret stays masked unless the user said yes.
        return CurlExport(command: revealingSecrets ? revealed : shown(masked), masksSecrets: masked != revealed)
    }

    /// Writes the command to `copied-request.curl.sh` in the session's state directory
    /// (`$XDG_STATE_HOME/apiexplore`), or the temporary directory when it keeps no state.
    ///
    /// - Parameter command: The command line.
    /// - Returns: The file's path.
    /// - Throws: ``TerminalServicesError`` when it cannot be written.
    package func saveCurl(_ command: String) async throws -> String {
        // Without a state folder, a folder of this user's own in the temporary directory, never the
        // shared one itself.
        let fallback = FileManager.default.temporaryDirectory.appendingPathComponent("apiexplore-\(geteuid())")
        return try CurlFile.write(command, into: session.stateDirectory ?? fallback)
    }

    private static func splitQuery(_ url: String) -> (base: String, query: String?) {
        let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
    }
}

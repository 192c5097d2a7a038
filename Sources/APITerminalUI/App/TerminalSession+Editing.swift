extension TerminalSession {
    /// The editing effects, awaited one at a time; with no terminal, the body editor is not run and
    /// says so (tests answer ``AppEvent/bodyEdited(_:problem:)`` themselves).
    func performEditing(_ effect: AppEffect) async -> AppEvent? {
        switch effect {
        case .loadEditableRequest(let endpoint, let parameters):
            do {
                return .editableRequest(try await services.editableRequest(endpoint: endpoint, parameters: parameters))
            } catch {
                return .serviceFailed("cannot edit \(endpoint): \(error)")
            }
        case .loadStoredRequest(let id):
            do {
                return .editableRequest(try await services.storedRequest(id: id))
            } catch {
                return .serviceFailed("history #\(id): \(error)")
            }
        case .sendEdited(let id, let request):
            return .responded(requestID: id, display: await services.send(request) { _ in })
        case .resendStored(let id, let historyID):
            do {
                let stored = try await services.storedRequest(id: historyID)
                let request = EditedRequest(
                    endpoint: stored.endpoint, parameters: stored.parameters, edit: stored.untouchedEdit)
                return .responded(requestID: id, display: await services.send(request) { _ in })
            } catch {
                return .serviceFailed("history #\(historyID): \(error)")
            }
        case .editBody:
            return .bodyEdited(nil, problem: "no editor without a terminal")
        case .exportCurl(let request, let revealing):
            do {
                let export = try await services.curl(for: request, revealingSecrets: revealing)
                return .curlReady(export, request: request, revealing: revealing)
            } catch {
                return .serviceFailed("cannot render curl: \(error)")
            }
        case .saveCurl(let command):
            do {
                return .curlSaved(path: try await services.saveCurl(command))
            } catch {
                return .serviceFailed("copied (OSC 52) but not saved: \(error)")
            }
        default:
            return nil
        }
    }
}

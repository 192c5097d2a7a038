import Foundation

extension EventLoop {
    /// The effects of editing, ad-hoc requests, resending a History row and copying as curl: each
    /// runs as a task and posts its answer back.
    func performEditing(_ effect: AppEffect, tasks: inout [Int: Task<Void, Never>]) {
        let services = services
        switch effect {
        case .loadEditableRequest(let endpoint, let parameters):
            Task { [self] in
                do {
                    post(
                        .editableRequest(try await services.editableRequest(endpoint: endpoint, parameters: parameters))
                    )
                } catch {
                    post(.serviceFailed("cannot edit \(endpoint): \(error)"))
                }
            }
        case .loadStoredRequest(let id):
            Task { [self] in
                do {
                    post(.editableRequest(try await services.storedRequest(id: id)))
                } catch {
                    post(.serviceFailed("history #\(id): \(error)"))
                }
            }
        case .sendEdited(let id, let request):
            let started = ContinuousClock.now
            tasks[id] = Task { [self] in
                let display = await services.send(request) { report in
                    self.post(.progress(requestID: id, report: report, elapsed: ContinuousClock.now - started))
                }
                post(.responded(requestID: id, display: display))
            }
        case .resendStored(let id, let historyID):
            let started = ContinuousClock.now
            tasks[id] = Task { [self] in
                let stored: EditableRequest
                do {
                    stored = try await services.storedRequest(id: historyID)
                } catch {
                    post(
                        .responded(
                            requestID: id,
                            display: ExchangeDisplay(
                                failure: "history #\(historyID): \(error)", endpoint: "#\(historyID)", method: "",
                                url: "", duration: .zero)))
                    return
                }
                let request = EditedRequest(
                    endpoint: stored.endpoint, parameters: stored.parameters, edit: stored.untouchedEdit)
                var display = await services.send(request) { report in
                    self.post(.progress(requestID: id, report: report, elapsed: ContinuousClock.now - started))
                }
                display.notes.insert("resent history #\(historyID)" + (stored.note.map { ": \($0)" } ?? ""), at: 0)
                post(.responded(requestID: id, display: display))
            }
        case .exportCurl(let request, let revealing):
            Task { [self] in
                do {
                    let export = try await services.curl(for: request, revealingSecrets: revealing)
                    post(.curlReady(export, request: request, revealing: revealing))
                } catch {
                    post(.serviceFailed("cannot render curl: \(error)"))
                }
            }
        case .saveCurl(let command):
            Task { [self] in
                do {
                    post(.curlSaved(path: try await services.saveCurl(command)))
                } catch {
                    post(.serviceFailed("copied (OSC 52) but not saved: \(error)"))
                }
            }
        default:
            break
        }
    }
}

import APIMapping
import Foundation

extension AppState {
    /// Routes a key by mode; Ctrl-C quits from anywhere.
    mutating func handleKey(_ key: Key) -> [AppEffect] {
        if key == .control("c") {
            hasQuit = true
            return [.quit]
        }
        switch mode {
        case .normal: return handleNormalKey(key)
        case .probe: return handleProbeKey(key)
        case .search: return handleSearchKey(key)
        case .command: return handleCommandKey(key)
        case .picker: return handlePickerKey(key)
        case .form: return handleFormKey(key)
        case .help:
            handleHelpKey(key)
            return []
        case .question:
            return handleQuestionKey(key)
        case .historyFilter:
            return handleHistoryFilterKey(key)
        case .edit:
            return handleEditKey(key)
        case .confirm:
            return handleConfirmKey(key)
        }
    }

    private mutating func handleNormalKey(_ key: Key) -> [AppEffect] {
        if secretsQuestion { return answerSecretsQuestion(key) }
        if focus == .history, let effects = handleHistoryPaneKey(key) { return effects }
        switch key {
        case .character("q"):
            hasQuit = true
            return [.quit]
        case .character("?"):
            mode = .help
        case .tab:
            focus = Pane(rawValue: (focus.rawValue + 1) % Pane.allCases.count) ?? .model
        case .backTab:
            focus = Pane(rawValue: (focus.rawValue + Pane.allCases.count - 1) % Pane.allCases.count) ?? .model
        case .character("e"):
            openPicker()
        case .character("/"):
            openSearch()
        case .character("n"):
            repeatSearch(forward: true)
        case .character("N"):
            repeatSearch(forward: false)
        case .character("p"):
            mode = .probe
            probe.line = LineEditor(
                text: tree.map { $0.cursor.isEmpty ? "" : $0.cursorLocation.profilePath } ?? "",
                history: lineHistory.probe)
            return requestProbe()
        case .character(":"):
            mode = .command
            commandLine = LineEditor(history: lineHistory.command)
        case .character("r"):
            if focus == .history, !history.isEmpty { return resendHistoryRow() }
            return startSend()
        case .character("i"):
            return openEditForm()
        case .character("a"):
            openAdHocForm()
        case .character("c"):
            return copyCurl()
        case .character("E"):
            return nextEnvironment()
        case .character("]"):
            return loadNextPage()
        case .character("m"):
            mapFromCursor()
        case .character("v"):
            switchModelView(to: modelView.next)
        case .character("V"):
            switchModelView(to: modelView.previous)
        case .character("D"):
            toggleDiffMarks()
        case .character("<") where eventList != nil && focus == .model:
            selectEvent(by: -1)
        case .character(">") where eventList != nil && focus == .model:
            selectEvent(by: 1)
        case .character("w") where focus == .model:
            wrapsLines.toggle()
            sideways = 0
            message = wrapsLines ? "long lines wrap · w clips them again" : "long lines clipped · < > scroll sideways"
        case .character(">") where focus == .model, .right where focus == .model && modelView == .raw:
            scrollSideways(by: 1)
        case .character("<") where focus == .model, .left where focus == .model && modelView == .raw:
            scrollSideways(by: -1)
        case .character("z"):
            isZoomed.toggle()
            message = isZoomed ? "zoomed: \(focus) · z returns to the four panes" : nil
            if var tree {
                tree.scrollToCursor(viewHeight: modelHeight)
                self.tree = tree
            }
            clampHistory()
        case .character("S"):
            return toggleSecrets()
        case .escape:
            if search.pending != nil { return cancelSearch() }
            if let running, eventList?.requestID == running.id { return stopStream(running.id) }
            if running != nil { return cancelRunning() }
            message = nil
            commandOutput = nil
        case .character("y"):
            guard let tree else {
                message = "nothing to copy: no model"
                return []
            }
            // Keys come from the response: the clipboard gets the sanitized path, never a control byte.
            let path = TerminalSanitizer.sanitize(tree.cursorLocation.profilePath)
            message = "copied \(path.isEmpty ? "$" : path) (OSC 52)"
            return [.copy(path)]
        case .enter:
            switch focus {
            case .history:
                guard let row = selectedHistoryRow else { return [] }
                return [.loadHistoryEntry(row.id)]
            case .model where tree != nil && modelView == .model:
                tree?.toggleFold()
            default:
                return startSend()
            }
        default:
            moveInFocusedPane(key)
        }
        return []
    }

    /// Cursor keys in the focused pane.
    mutating func moveInFocusedPane(_ key: Key) {
        switch focus {
        case .model where modelView != .model:
            moveInInspector(key)
        case .model where moveHex(key):
            return
        case .model:
            guard var tree else { return }
            let height = modelHeight
            switch key {
            case .character("j"), .down: tree.moveDown(viewHeight: height)
            case .character("k"), .up: tree.moveUp(viewHeight: height)
            case .character("l"), .right: tree.expandOrEnter(viewHeight: height)
            case .character("h"), .left: tree.collapseOrLeave(viewHeight: height)
            case .character(" "): tree.toggleFold()
            case .character("g"), .home: tree.moveToTop()
            case .character("G"), .end: tree.moveToBottom(viewHeight: height)
            case .pageDown, .control("d"): tree.moveDown(viewHeight: height, by: height)
            case .pageUp, .control("u"): tree.moveUp(viewHeight: height, by: height)
            case .character(let digit) where digit.isASCII && digit.isNumber:
                let depth = digit.wholeNumberValue ?? 0
                tree.collapse(toDepth: depth == 0 ? 1_000 : depth, viewHeight: height)
            default: return
            }
            self.tree = tree
            probe.text = tree.cursor.isEmpty ? "" : tree.cursorLocation.profilePath
        case .history:
            switch key {
            case .character("j"), .down: historyCursor += 1
            case .character("k"), .up: historyCursor -= 1
            case .character("g"), .home: historyCursor = 0
            case .character("G"), .end: historyCursor = visibleHistory.count - 1
            case .pageDown, .control("d"): historyCursor += historyHeight
            case .pageUp, .control("u"): historyCursor -= historyHeight
            default: return
            }
            clampHistory()
        case .tip, .status:
            switch key {
            case .character("j"), .down: tipScroll += 1
            case .character("k"), .up: tipScroll = max(tipScroll - 1, 0)
            case .character("g"), .home: tipScroll = 0
            default: return
            }
        }
    }
}

extension AppState {
    /// `>` and `<` (`→` and `←` in the raw view): the tree or the raw view half a pane sideways; with
    /// lines wrapped there is nothing to scroll.
    mutating func scrollSideways(by direction: Int) {
        guard !wrapsLines else {
            message = "lines wrap (w): nothing to scroll sideways"
            return
        }
        let step = max((layout.model.width - 3) / 2, 1)
        sideways = max(sideways + direction * step, 0)
        message = sideways == 0 ? nil : "scrolled \(sideways) columns right · < back"
    }
}

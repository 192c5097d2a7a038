import APIClient
import APIMapping

extension AppState {
    /// `v`, `V`, `:view NAME`: shows `view` in the model pane and focuses it, so `j`/`k` scroll it.
    mutating func switchModelView(to view: ModelView) {
        if view != modelView { sideways = 0 }
        modelView = view
        focus = .model
        message = nil
    }

    /// `:view NAME [FORMAT]`: a view by name; `:view raw text|pretty|hex` also picks the raw format.
    mutating func chooseView(_ argument: String) {
        let words = argument.split(separator: " ").map { $0.lowercased() }
        guard let name = words.first, let view = ModelView(rawValue: name) else {
            let names = ModelView.allCases.map(\.rawValue).joined(separator: "|")
            message = "usage: :view \(names) (raw: text|pretty|hex; diff: all)"
            return
        }
        if view == .diff {
            chooseDiffView(words.dropFirst())
            return
        }
        if words.count > 1 {
            guard view == .raw, let format = RawFormat(rawValue: words[1]) else {
                message = "usage: :view raw text|pretty|hex"
                return
            }
            rawFormatChoice = format
            rawScroll = nil
        }
        switchModelView(to: view)
        if let format = rawFormatChoice, view == .raw, rawFormat != format {
            message = "no \(format.rawValue) view of this body: showing \(rawFormat.rawValue)"
        }
    }

    /// How many bytes a hex line shows: as many as fill the model pane, ASCII column included.
    var hexBytesPerLine: Int { HexDump.bytesPerLine(fittingWidth: layout.model.width - 3) }

    /// The body the raw view draws, or `nil` when no response arrived.
    var rawBody: [UInt8]? { exchange?.inspection?.body }

    /// The format the raw view uses: the one chosen when it applies, else hex for binary, pretty for
    /// parsed JSON (the tree is already there, so it costs no parse), text otherwise.
    var rawFormat: RawFormat {
        let kind = exchange?.inspection?.bodyKind
        let canPretty = kind == .json && exchange?.body != nil
        if let choice = rawFormatChoice, choice != .pretty || canPretty { return choice }
        if kind == .binary { return .hex }
        return canPretty ? .pretty : .text
    }

    /// The raw view's position: the stored one, or the top of the body.
    var currentRawScroll: RawBodyScroll {
        let width = hexBytesPerLine
        if let rawScroll, rawScroll.format == rawFormat, rawFormat != .hex || rawScroll.bytesPerLine == width {
            return rawScroll
        }
        var scroll = RawBodyScroll(
            format: rawFormat, root: exchange?.body, byteCount: rawBody?.count ?? 0, bytesPerLine: width)
        // A new width (a resize, a zoom) keeps the same bytes on top.
        if let rawScroll, rawScroll.format == .hex, rawFormat == .hex {
            scroll.move(by: rawScroll.line * rawScroll.bytesPerLine / width, in: rawBody ?? [])
        }
        return scroll
    }

    /// Scroll keys in the headers, raw, request and timing views.
    mutating func moveInInspector(_ key: Key) {
        let height = modelHeight
        if modelView == .raw {
            guard let bytes = rawBody else { return }
            var scroll = currentRawScroll
            switch key {
            case .character("j"), .down: scroll.move(by: 1, in: bytes)
            case .character("k"), .up: scroll.move(by: -1, in: bytes)
            case .pageDown, .control("d"): scroll.move(by: max(height - 1, 1), in: bytes)
            case .pageUp, .control("u"): scroll.move(by: -max(height - 1, 1), in: bytes)
            case .character("g"), .home: scroll.moveToTop(in: bytes)
            case .character("G"), .end: scroll.moveToEnd(viewHeight: height - 1, in: bytes)
            default: return
            }
            rawScroll = scroll
            return
        }
        let last = max(inspectorLines(width: layout.model.width - 3).count - (height - 1), 0)
        switch key {
        case .character("j"), .down: inspectorTop += 1
        case .character("k"), .up: inspectorTop -= 1
        case .pageDown, .control("d"): inspectorTop += height - 1
        case .pageUp, .control("u"): inspectorTop -= height - 1
        case .character("g"), .home: inspectorTop = 0
        case .character("G"), .end: inspectorTop = last
        default: return
        }
        inspectorTop = min(max(inspectorTop, 0), last)
    }
}

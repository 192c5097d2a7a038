import APIMapping
import Foundation

extension AppState {
    /// `]`: sends the next page of the endpoint on screen, when it pages and has one.
    mutating func loadNextPage() -> [AppEffect] {
        guard let page = exchange?.page else {
            message = "this answer does not page (no paginate: for its endpoint)"
            return []
        }
        guard page.hasNext else {
            message = "no next page: \(page.stop ?? "the last page is on screen")"
            return []
        }
        return startRequest(.nextPage(endpoint: exchange?.endpoint ?? ""))
    }

    /// The model path shown for a tree of pages.
    static let pagesPath = "pages"

    /// A page arrived: its items join the tree under a `page N` marker, the cursor stays where it was.
    mutating func appendPage(_ display: ExchangeDisplay) {
        if pages.isEmpty, let first = exchange?.pageItems { pages = [first.map(\.value)] }
        guard display.outcome == .success, let items = display.pageItems else {
            // A failed page is shown as it is: what the API said, not a tree of earlier pages.
            show(display)
            message =
                "page \(display.page?.number ?? pages.count + 1) failed: \(display.tip ?? display.outcome.rawValue)"
            return
        }
        pages.append(items.map(\.value))
        // The cursor stays where it was only in a tree of pages: a first page's tree is shaped otherwise.
        let cursor = exchange?.modelPath == Self.pagesPath ? tree?.cursor : nil
        var combined = display
        var object = JSONObject()
        for (index, page) in pages.enumerated() { object.append(key: "page \(index + 1)", value: .array(page)) }
        combined.model = JSONDocument(.object(object)).root
        combined.modelPath = Self.pagesPath
        let kept = pages
        show(combined)
        pages = kept
        if let cursor, var tree, tree.node(at: cursor) != nil {
            tree.cursor = cursor
            tree.scrollToCursor(viewHeight: modelHeight)
            self.tree = tree
        }
        message = display.page?.description
    }

    /// `m` ("map from here"): the model becomes the node under the cursor, for this view; `:model
    /// save` writes it into the profile.
    mutating func mapFromCursor() {
        guard let tree, let exchange, !pages.isEmpty || exchange.body != nil else {
            message = "nothing to map: no model"
            return
        }
        guard pages.isEmpty else {
            message = "map from a single page: this view joins pages"
            return
        }
        let relative = tree.cursor.isEmpty ? "" : tree.cursorLocation.profilePath
        let base = exchange.modelPath
        let path = [base, relative].filter { !$0.isEmpty }.joined(separator: ">")
        remap(to: path)
    }

    /// Evaluates the model of the exchange on screen at `path` (from the body's root), with no request.
    mutating func remap(to path: String) {
        guard var display = exchange, let body = display.body else {
            message = "nothing to map: the body is not JSON or XML"
            return
        }
        let profilePath: ProfilePath
        do {
            profilePath = try ProfilePath(path)
        } catch {
            message = "model: \(error.message)"
            return
        }
        guard let node = profilePath.select(in: body) else {
            message = "model: '\(path)' selects nothing in this body"
            return
        }
        display.model = node
        display.modelPath = profilePath.description
        show(display)
        mappedModel = profilePath.description
        message = "model from \(path.isEmpty ? "the whole body" : path) for this view · :model save keeps it"
    }

    /// The `:` lines the UI answers itself: `:model PATH`, `:model save`, `:store TABLE`, `:view NAME`, `:drift`.
    mutating func handleLocalCommand(_ line: String) -> [AppEffect]? {
        if let effects = historyCommand(line) { return effects }
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first {
        case "model":
            let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
            if argument == "save" {
                guard let mappedModel, let endpoint = exchange?.endpoint else {
                    message = "nothing to save: map a model first (m on the tree, or :model PATH)"
                    return []
                }
                message = "saving model \(mappedModel) for \(endpoint)…"
                return [.saveModel(path: mappedModel, endpoint: endpoint)]
            }
            remap(to: argument)
            return []
        case "view":
            chooseView(words.count > 1 ? words[1] : "")
            return []
        case "drift" where words.count == 1:
            showShapeCheck()
            return []
        case "store":
            guard words.count > 1 else {
                message = "usage: :store TABLE"
                return []
            }
            return [.loadStoreTable(words[1].trimmingCharacters(in: .whitespaces))]
        default:
            return nil
        }
    }

    /// `j`/`k` and paging keys over the hex lines of a binary body.
    mutating func moveHex(_ key: Key) -> Bool {
        guard tree == nil, let bytes = exchange?.rawBytes else { return false }
        let last = max(HexDump.lineCount(byteCount: bytes.count, bytesPerLine: hexBytesPerLine) - 1, 0)
        switch key {
        case .character("j"), .down: hexTop += 1
        case .character("k"), .up: hexTop -= 1
        case .pageDown, .control("d"): hexTop += modelHeight
        case .pageUp, .control("u"): hexTop -= modelHeight
        case .character("g"), .home: hexTop = 0
        case .character("G"), .end: hexTop = last
        default: return false
        }
        hexTop = min(max(hexTop, 0), last)
        return true
    }
}

import APIMapping

extension AppState {
    /// `D`: marks the Model tree with the changes since the endpoint's previous exchange (loading
    /// the comparison the Diff view shows), or hides the marks again.
    mutating func toggleDiffMarks() {
        guard exchange != nil else {
            message = "nothing to compare: no exchange on screen"
            return
        }
        diffView.marksTree.toggle()
        guard diffView.marksTree else {
            message = "diff marks hidden (D shows them)"
            return
        }
        switchModelView(to: .model)
        message = "diff marks: + added · ~ changed · > moved · - member removed (D hides them)"
    }

    /// The marks the Model tree draws: when they are on, the comparison is loaded and the tree shows
    /// the model as recorded (a mapped model or joined pages has other locations).
    var treeDiffMarks: DiffTreeMarks? {
        guard diffView.marksTree, mappedModel == nil, pages.isEmpty else { return nil }
        return diffView.marks
    }

    /// What the Model pane's bottom border says while the marks are on: the counts of each kind
    /// since the previous exchange and the removed members (absent from the tree), or why there
    /// are no marks.
    func diffMarksFooter() -> [(text: String, role: ColorRole)]? {
        guard diffView.marksTree, exchange != nil else { return nil }
        guard mappedModel == nil, pages.isEmpty else {
            return [("diff marks: not on a mapped model or pages; :view diff lists the changes", .dim)]
        }
        guard let outcome = diffView.outcome else { return [("diff: comparing with the previous exchange…", .dim)] }
        guard case .compared(let comparison) = outcome, let marks = diffView.marks else {
            if case .unavailable(let why) = outcome { return [("diff: " + TerminalSanitizer.sanitize(why), .dim)] }
            return nil
        }
        let since = TerminalSanitizer.sanitize(comparison.oldLabel)
        guard !marks.isEmpty else { return [("no changes since " + since, .success)] }
        var runs: [(text: String, role: ColorRole)] = [("since \(since): ", .dim)]
        // The marks with their counts (`+1 ~2 >1 -1`): a pane is narrow, the marks are in the `?` help.
        for kind in [JSONChange.Kind.added, .changed, .moved, .removed] {
            guard let count = marks.counts[kind], count > 0 else { continue }
            if runs.count > 1 { runs.append((" ", .dim)) }
            runs.append(("\(kind.mark)\(count)", kind.role))
        }
        if !marks.removed.isEmpty {
            // The border clips the line: ten names are more than it shows.
            let names = marks.removed.prefix(10).map { change in
                change.pathText + (change.identityText().map { " [" + $0 + "]" } ?? "")
            }
            let more = marks.removed.count > names.count ? ", …" : ""
            runs.append((" · removed: ", .dim))
            runs.append((names.joined(separator: ", ") + more, .failure))
        }
        return runs
    }
}

import Foundation

/// Opens a request body in the user's editor (`$VISUAL`, else `$EDITOR`, else `vi`), as git does:
/// the command runs through `sh -c`, so `EDITOR="code -w"` works.
///
/// The body goes into a file made 0600 inside a directory of its own made 0700 (`mkdtemp`), both
/// removed when the editor exits. It is called on the ncurses thread, which leaves curses mode
/// (`def_prog_mode`, `endwin`), runs the editor as the terminal's foreground job
/// (``ForegroundCommand``) and waits: no key is read meanwhile. The terminal is taken back
/// (`reset_prog_mode`, `refresh`) before it returns, and the caller redraws in full. A failing
/// editor leaves the body as it was and says why.
enum BodyEditor {
    /// The edited bytes, or why there are none.
    ///
    /// - Parameters:
    ///   - body: The body to edit.
    ///   - environment: Where `VISUAL`, `EDITOR` and `TMPDIR` are read.
    ///   - runEditor: Runs the editor command on the file and says how it ended: the ncurses runtime
    ///     hands the terminal over around ``ForegroundCommand/run(_:arguments:environment:)``.
    static func edit(
        _ body: [UInt8], environment: [String: String],
        runEditor: (String, [String]) -> Result<ForegroundCommand.Termination, ForegroundCommand.LaunchError>
    ) -> (bytes: [UInt8]?, problem: String?) {
        let editor = ForegroundCommand.editor(in: environment)
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/apiexplore-edit-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            return (nil, "cannot make a temporary directory in \(base): \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        let path = directory + "/body" + (looksLikeJSON(body) ? ".json" : ".txt")
        defer {
            // The folder goes with everything in it: an editor's backup or swap file holds the body too.
            do {
                try FileManager.default.removeItem(atPath: directory)
            } catch {
                unlink(path)
                rmdir(directory)
            }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return (nil, "cannot create \(path): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < body.count {
            let count = body[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                close(descriptor)
                return (nil, "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            written += count
        }
        close(descriptor)

        let ended = runEditor(editor, [path])
        let problem: String?
        switch ended {
        case .failure(let error): problem = "cannot start the editor (\(editor)): \(error.description)"
        case .success(let termination): problem = ForegroundCommand.problem(termination, command: editor)
        }
        if let problem { return (nil, problem + "; body unchanged") }
        do {
            return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), nil)
        } catch {
            return (nil, "cannot read the edited body back: \(error.localizedDescription)")
        }
    }

    private static func looksLikeJSON(_ body: [UInt8]) -> Bool {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return true }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

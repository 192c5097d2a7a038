import APIClient
import APIHTTP
import APIImport
import APITerminalUI
import ArgumentParser
import Foundation

extension Profiles {
    /// `profiles new NAME`: a commented profile to start from.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a commented profile to start from: base URL, auth, an envelope preset and an example.",
            discussion: """
                Envelope presets: code-msg-data, success-message-result, ok-error (Slack), jsend, bare \
                (the HTTP status decides, as GitHub). The file goes to the first profiles folder \
                (--profiles-dir, else ./profiles) unless -o says otherwise.
                """)

        @Argument(help: "The profile's name (letters, digits, '_' and '-').")
        var name: String

        @Option(name: .customLong("base-url"), help: "The base URL.")
        var baseURL = "https://api.example.com"

        @Option(
            help: ArgumentHelp(
                "The envelope preset: "
                    + ProfileScaffold.EnvelopePreset.allCases.map(\.rawValue).joined(separator: ", ") + ".",
                valueName: "preset"),
            transform: { text in
                guard let preset = ProfileScaffold.EnvelopePreset(rawValue: text) else {
                    throw ValidationError(
                        "unknown envelope preset '\(text)'; expected one of "
                            + ProfileScaffold.EnvelopePreset.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return preset
            })
        var envelope: ProfileScaffold.EnvelopePreset = .codeMsgData

        @Option(
            help: ArgumentHelp("none, bearer, basic, header, query or oauth2.", valueName: "kind"),
            transform: { text in
                guard let choice = ProfileScaffold.AuthChoice(rawValue: text) else {
                    throw ValidationError(
                        "unknown auth '\(text)'; expected none, bearer, basic, header, query or oauth2")
                }
                return choice
            })
        var auth: ProfileScaffold.AuthChoice = .bearer

        @Option(name: [.customShort("o"), .customLong("output")], help: "Write here; - for standard output.")
        var output: String?

        @Flag(help: "Replace an existing profile file.")
        var force = false

        @OptionGroup var sessionOptions: SessionOptions

        func validate() throws {
            guard Template.isName(name) else {
                throw ValidationError("'\(name)' must use letters, digits, '_' and '-' only")
            }
        }

        func run() throws {
            let text = ProfileScaffold(name: name, baseURL: baseURL, envelope: envelope, auth: auth).yaml()
            let destination =
                output == "-"
                ? nil
                : output
                    ?? ((sessionOptions.profilesDirectory ?? "profiles") as NSString)
                    .appendingPathComponent("\(name).yaml")
            do {
                _ = try Profile(yaml: text, file: destination ?? "\(name).yaml")
            } catch {
                Terminal.error("the scaffold does not read back (a bug; please report it): \(error)")
                throw ExitCode(2)
            }
            guard let destination else { return Terminal.write(text) }
            try ImportDestination.writeNew(text, to: destination, force: force, otherwise: "profiles edit \(name)")
            Terminal.errorLine("wrote \(destination); edit it with: apiexplore profiles edit \(name)")
        }
    }

    /// `profiles edit NAME`: `$VISUAL`/`$EDITOR` on a copy, validated before it replaces the file.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit a profile in $VISUAL or $EDITOR (else vi); it replaces the file only once it validates.",
            discussion: """
                The editor works on a private copy. When the edit does not validate, the error is shown \
                with its line; on a terminal you can edit again or discard, otherwise the file is left \
                as it was and the edit is kept beside it as NAME.yaml.rejected. A built-in profile is \
                copied to the first profiles folder first.
                """)

        @Argument(help: "The profile's name.")
        var name: String

        @OptionGroup var sessionOptions: SessionOptions

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let file = try profileFile(environment: environment)
            let original = try String(contentsOfFile: file, encoding: .utf8)
            let scratch = try ProfileEditCopy(original: original, file: file)
            // The private copy goes once the edit is saved or given up; a failed save keeps it.
            var keepCopy = false
            defer { if !keepCopy { scratch.remove() } }
            let editor = ForegroundCommand.editor(in: environment)
            while true {
                try scratch.runEditor(editor)
                let edited = try scratch.text()
                if edited == original {
                    Terminal.errorLine("\(file): no changes")
                    return
                }
                do {
                    _ = try Profile(yaml: edited, file: file)
                    do {
                        try PrivateFile.replace(Data(edited.utf8), at: file)
                    } catch {
                        keepCopy = true
                        Terminal.error("cannot save \(file): \(error); your edit is in \(scratch.copy.path)")
                        throw ExitCode(2)
                    }
                    Terminal.errorLine("\(file): saved, valid")
                    return
                } catch let error as ProfileError {
                    Terminal.errorLine(error.description)
                    guard isatty(STDIN_FILENO) == 1 else {
                        let rejected = file + ".rejected"
                        // Kept readable by the user alone: a profile can hold a credential.
                        try PrivateFile.write(Data(edited.utf8), to: rejected)
                        Terminal.error("\(file) is unchanged; your edit is in \(rejected)")
                        throw ExitCode(2)
                    }
                    FileHandle.standardError.write(Data("Edit again? [Y/n] ".utf8))
                    let answer = readLine()?.lowercased() ?? "n"
                    if answer.hasPrefix("n") {
                        Terminal.error("\(file) is unchanged; the edit was discarded")
                        throw ExitCode(2)
                    }
                }
            }
        }

        /// The profile's file; a built-in is copied to the first profiles folder first.
        private func profileFile(environment: [String: String]) throws -> String {
            let library = sessionOptions.library(environment: environment)
            let profile: Profile
            do {
                profile = try library.load(named: name)
            } catch {
                // An invalid file is still the one to edit.
                for directory in library.searchPath.directories {
                    let path = (directory as NSString).appendingPathComponent("\(name).yaml")
                    if FileManager.default.fileExists(atPath: path) { return path }
                }
                Terminal.errorLine(error.description)
                throw ExitCode(2)
            }
            guard profile.file.hasPrefix("builtin:") else { return profile.file }
            guard let builtin = BuiltinProfiles.all.first(where: { $0.name == name }),
                let directory = library.searchPath.directories.first
            else {
                Terminal.error("'\(name)' is built in, and there is no profiles folder to copy it to")
                throw ExitCode(2)
            }
            let path = (directory as NSString).appendingPathComponent("\(name).yaml")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try OutputFile.write(Data(builtin.text.utf8), to: path, isPrivate: false)
            Terminal.errorLine("copied the built-in '\(name)' to \(path)")
            return path
        }
    }
}

/// The private copy `profiles edit` hands the editor: 0600 in a 0700 folder of its own, removed after.
struct ProfileEditCopy {
    let folder: URL
    let copy: URL

    init(original: String, file: String) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "apiexplore-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        copy = folder.appending(path: (file as NSString).lastPathComponent)
        guard
            FileManager.default.createFile(
                atPath: copy.path, contents: Data(original.utf8), attributes: [.posixPermissions: 0o600])
        else {
            Terminal.error("cannot write a private copy in \(folder.path)")
            throw ExitCode(2)
        }
    }

    /// Runs the editor on the copy as the terminal's foreground job (``ForegroundCommand``), so vim,
    /// nano and vi can read the keyboard; `EDITOR` may carry arguments (`code --wait`).
    func runEditor(_ editor: String) throws {
        switch ForegroundCommand.run(editor, arguments: [copy.path]) {
        case .failure(let error):
            Terminal.error("cannot start the editor '\(editor)': \(error.description)")
            throw ExitCode(2)
        case .success(let termination):
            if let problem = ForegroundCommand.problem(termination, command: editor) {
                Terminal.error("\(problem); nothing was saved")
                throw ExitCode(2)
            }
        }
    }

    func text() throws -> String {
        try String(contentsOf: copy, encoding: .utf8)
    }

    func remove() {
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            Terminal.error("could not remove the private copy \(folder.path): \(error.localizedDescription)")
        }
    }
}

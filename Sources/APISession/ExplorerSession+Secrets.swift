package import APIClient
import Foundation

extension ExplorerSession {
    /// Sets who asks the user for command consent and prompted secrets (the terminal UI).
    ///
    /// - Parameter prompter: The prompter, or `nil` for none.
    package func setPrompter(_ prompter: (any SecretPrompter)?) {
        self.prompter = prompter
    }

    /// The values of the secret sources a request of `profile` reads, each read once a session.
    ///
    /// - Parameters:
    ///   - profile: The backend.
    ///   - endpoint: The endpoint id, or `nil` for a raw request.
    /// - Returns: The values by source.
    /// - Throws: ``ClientError`` wrapping a ``ProfileError`` of kind `secretSource`, located where
    ///   the profile uses the source: a file others can read, a command not allowed or failing, a
    ///   prompt with no one to answer it.
    package func secrets(for profile: Profile, endpoint: String?) async throws(ClientError) -> [SecretSource: String] {
        var sources = profile.secretSources(endpoint: endpoint)
        if case .oauth2? = profile.auth {
            // The sign-in reads the whole auth block whichever endpoint is called.
            sources += profile.secretSources(endpoint: nil).filter { !sources.contains($0) }
        }
        let key = profile.name + "\u{0}" + profile.sourceDigest
        var values = secretValues[key] ?? [:]
        for source in sources where values[source] == nil {
            do throws(SecretProblem) {
                let value = try await read(source, profile: profile)
                secretGate.add([value])
                values[source] = value
            } catch {
                throw .profile(profile.secretError(source, error.message))
            }
            secretValues[key] = values
        }
        return values.filter { sources.contains($0.key) }
    }

    private func read(_ source: SecretSource, profile: Profile) async throws(SecretProblem) -> String {
        switch source {
        case .file(let path):
            let folder = Self.folder(of: profile)
            try await allowFile(SecretFile.resolve(path, home: environment["HOME"], folder: folder), profile: profile)
            return try SecretFile.read(path, home: environment["HOME"], folder: folder)
        case .command(let command):
            try await allow(command, profile: profile)
            // In the profile's folder, as `${file:…}` paths are relative to it.
            return try await SecretCommand.run(command, directory: Self.folder(of: profile))
        case .prompt(let label):
            guard let prompter else {
                throw SecretProblem("needs someone to type it, and this run has no terminal to ask in")
            }
            guard let value = await prompter.secret(for: label, profile: profile.name), !value.isEmpty else {
                throw SecretProblem("was not given")
            }
            return value
        }
    }

    /// Checks consent to run `command`: `--allow-commands`, an earlier yes for this profile's
    /// content, or a yes now, which is remembered.
    private func allow(_ command: String, profile: Profile) async throws(SecretProblem) {
        if allowsCommands { return }
        let file = stateDirectory?.appending(path: "commands/\(Self.fileName(profile.name)).json")
        var consent = CommandConsent(digest: profile.sourceDigest, commands: [])
        if let file { consent = try CommandConsent.load(file, digest: profile.sourceDigest) }
        if consent.commands.contains(command) { return }
        guard let prompter else {
            throw SecretProblem(
                "was not run: a profile can run any command, so headless runs need --allow-commands "
                    + "(or consent given once in the terminal UI)")
        }
        guard await prompter.allowCommand(command, profile: profile.name) else {
            throw SecretProblem("was not run: you declined it")
        }
        consent.commands.append(command)
        if let file { try consent.save(file) }
    }

    /// Checks consent to read a secret file: one inside the profile's folder needs none, nor one in
    /// the user's own secrets folder (`$XDG_CONFIG_HOME/apiexplore/secrets`, else
    /// `~/.config/apiexplore/secrets`) when the profile is one of the user's own (in
    /// `~/.config/apiexplore/profiles`). Any other (`~/.ssh/id_ed25519`, `~/.aws/credentials`, or the
    /// shared secrets folder read by a profile from elsewhere: a cloned `./profiles`, a
    /// `--profiles-dir`) needs `--allow-secret-files`, an earlier yes for this profile's content, or a
    /// yes now, since a profile from elsewhere could send it to its own server.
    private func allowFile(_ path: String, profile: Profile) async throws(SecretProblem) {
        if allowsSecretFiles { return }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let folder = Self.folder(of: profile)
        let ownProfile = folder.map { Self.isInside($0, userProfilesFolder) } ?? false
        let trusted = [folder, ownProfile ? secretsFolder : nil].compactMap { folder in
            folder.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        }
        if trusted.contains(where: { resolved.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) { return }
        let file = stateDirectory?.appending(path: "commands/\(Self.fileName(profile.name)).json")
        var consent = CommandConsent(digest: profile.sourceDigest, commands: [])
        if let file { consent = try CommandConsent.load(file, digest: profile.sourceDigest) }
        if consent.files?.contains(resolved) == true { return }
        guard let prompter else {
            throw SecretProblem(
                "was not read: it is outside the profile's folder (your secrets folder counts only for your own "
                    + "profiles, in ~/.config/apiexplore/profiles), and a profile could send any file to its server, "
                    + "so headless runs need --allow-secret-files (or consent given once in the terminal UI)")
        }
        guard await prompter.allowFile(resolved, profile: profile.name) else {
            throw SecretProblem("was not read: you declined it")
        }
        consent.files = (consent.files ?? []) + [resolved]
        if let file { try consent.save(file) }
    }

    /// The folder of the user's own profiles, whose profiles may read the secrets folder.
    private var userProfilesFolder: String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/apiexplore/profiles"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/apiexplore/profiles"
    }

    /// Whether `path` is `folder` or inside it, symbolic links resolved.
    private static func isInside(_ path: String, _ folder: String?) -> Bool {
        guard let folder else { return false }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let base = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        return resolved == base || resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }

    /// The user's own secrets folder, whose files the user's own profiles may read.
    private var secretsFolder: String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/apiexplore/secrets" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/apiexplore/secrets"
    }

    /// The folder of a profile read from a file; `nil` for a built-in.
    static func folder(of profile: Profile) -> String? {
        guard profile.file.hasPrefix("/") || !profile.file.hasPrefix("builtin:") else { return nil }
        let folder = (profile.file as NSString).deletingLastPathComponent
        return folder.isEmpty ? nil : folder
    }
}

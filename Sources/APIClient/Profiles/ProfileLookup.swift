import Foundation
import Synchronization

/// Where profiles are looked up, first match wins: an explicit directory (`--profiles-dir`),
/// `./profiles`, `$XDG_CONFIG_HOME/apiexplore/profiles` (or `~/.config/apiexplore/profiles`), then
/// the profiles built into the binary.
///
/// ```swift
/// let searchPath = ProfileSearchPath(
///     explicitDirectory: nil, workingDirectory: FileManager.default.currentDirectoryPath,
///     environment: ProcessInfo.processInfo.environment)
/// searchPath.directories  // ["/work/profiles", "/home/me/.config/apiexplore/profiles"]
/// ```
public struct ProfileSearchPath: Hashable, Sendable {
    /// The directories searched before the built-in profiles, in order.
    public var directories: [String]

    /// Builds the search path.
    ///
    /// - Parameters:
    ///   - explicitDirectory: The `--profiles-dir` value, searched first; relative to `workingDirectory`.
    ///   - workingDirectory: The directory whose `profiles` folder is searched second.
    ///   - environment: Where `XDG_CONFIG_HOME` and `HOME` are read.
    public init(explicitDirectory: String?, workingDirectory: String, environment: [String: String]) {
        func absolute(_ path: String) -> String {
            path.hasPrefix("/") ? path : joinPath(workingDirectory, path)
        }
        var directories: [String] = []
        if let explicitDirectory { directories.append(absolute(explicitDirectory)) }
        directories.append(joinPath(workingDirectory, "profiles"))
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            directories.append(joinPath(config, "apiexplore/profiles"))
        } else if let home = environment["HOME"], !home.isEmpty {
            directories.append(joinPath(home, ".config/apiexplore/profiles"))
        }
        self.directories = directories
    }
}

/// Where a listed profile comes from.
///
/// ```swift
/// listing.origin  // .file("/work/profiles/github.yaml") or .builtin
/// ```
public enum ProfileOrigin: Hashable, Sendable, CustomStringConvertible {
    /// A file on disk.
    case file(String)
    /// Compiled into the binary.
    case builtin

    /// The file path, or `built-in`.
    public var description: String {
        switch self {
        case .file(let path): path
        case .builtin: "built-in"
        }
    }
}

/// One entry of ``ProfileLibrary/list()``.
///
/// ```swift
/// for listing in library.list() { print(listing.name, listing.origin, listing.problem ?? "") }
/// ```
public struct ProfileListing: Hashable, Sendable {
    /// The profile's name (its file name without `.yaml`).
    public var name: String
    /// The profile's description, empty when it could not be read.
    public var description: String
    /// Where the profile comes from.
    public var origin: ProfileOrigin
    /// Why the profile cannot be used, if it cannot.
    public var problem: ProfileError?
}

/// Finds, lists and reads profiles along a ``ProfileSearchPath``.
///
/// A name found in an earlier directory hides the same name later on and among the built-ins, so a
/// local `profiles/demo.yaml` replaces the built-in `demo`.
///
/// ```swift
/// let library = ProfileLibrary(searchPath: ProfileSearchPath(
///     explicitDirectory: nil, workingDirectory: "/tmp", environment: [:]))
/// let demo = try library.load(named: "demo")  // the built-in, from any folder
/// ```
public struct ProfileLibrary: Sendable {
    /// Where profiles are looked up.
    public var searchPath: ProfileSearchPath
    /// Profiles read so far, by file, with the bytes they were read from: a script's `use` line run
    /// once per row of data reads the file each time, and parses it only when it changed.
    private let parsed = ParsedProfiles()

    /// Creates a library.
    ///
    /// - Parameter searchPath: Where profiles are looked up.
    public init(searchPath: ProfileSearchPath) {
        self.searchPath = searchPath
    }

    /// Reads the first profile with this name along the search path.
    ///
    /// ```swift
    /// try library.load(named: "github").endpoint("user")?.path.text  // "/users/{username}"
    /// ```
    ///
    /// - Parameter name: The profile name, without `.yaml`.
    /// - Throws: ``ProfileError`` when no profile has that name, or the first one found is invalid.
    public func load(named name: String) throws(ProfileError) -> Profile {
        guard Template.isName(name) else {
            throw ProfileError(
                .profileNotFound, file: name, line: 0, column: 0,
                message: "invalid profile name '\(name)': use letters, digits, '_' and '-'")
        }
        for directory in searchPath.directories {
            for fileExtension in ["yaml", "yml"] {
                let path = joinPath(directory, "\(name).\(fileExtension)")
                if FileManager.default.fileExists(atPath: path) {
                    let bytes = try Self.read(path)
                    return try parsed.profile(key: path, bytes: bytes) { () throws(ProfileError) in
                        try Profile(bytes: bytes, file: path)
                    }
                }
            }
        }
        if let builtin = BuiltinProfiles.all.first(where: { $0.name == name }) {
            let file = "builtin:\(name).yaml"
            return try parsed.profile(key: file, bytes: Array(builtin.text.utf8)) { () throws(ProfileError) in
                try Profile(yaml: builtin.text, file: file)
            }
        }
        let available = list().map(\.name).joined(separator: ", ")
        throw ProfileError(
            .profileNotFound, file: name, line: 0, column: 0,
            message: "no profile named '\(name)' in \(searchPath.directories.joined(separator: ", ")) or the "
                + "built-ins; available: \(available)")
    }

    /// Every profile along the search path, one per name, sorted by name.
    ///
    /// Profiles that fail to read are listed with their ``ProfileListing/problem``, not dropped.
    ///
    /// ```swift
    /// library.list().map(\.name)  // ["code-msg-data", "demo", "feeds", "gank", "github", …]
    /// ```
    public func list() -> [ProfileListing] {
        var listings: [String: ProfileListing] = [:]
        for directory in searchPath.directories {
            var isDirectory: ObjCBool = false
            // A directory that does not exist is simply not part of this search.
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            } catch {
                listings[directory] = ProfileListing(
                    name: directory, description: "", origin: .file(directory),
                    problem: ProfileError(
                        .unreadableFile, file: directory, line: 0, column: 0,
                        message: "cannot list the profiles directory: \(error)"))
                continue
            }
            for fileName in names where fileName.hasSuffix(".yaml") || fileName.hasSuffix(".yml") {
                let name = String(fileName.dropLast(fileName.hasSuffix(".yaml") ? 5 : 4))
                guard listings[name] == nil else { continue }
                let path = joinPath(directory, fileName)
                listings[name] = Self.listing(name: name, origin: .file(path)) { () throws(ProfileError) in
                    try Profile(bytes: try Self.read(path), file: path)
                }
            }
        }
        for builtin in BuiltinProfiles.all where listings[builtin.name] == nil {
            listings[builtin.name] = Self.listing(name: builtin.name, origin: .builtin) { () throws(ProfileError) in
                try Profile(yaml: builtin.text, file: "builtin:\(builtin.name).yaml")
            }
        }
        return listings.values.sorted { $0.name < $1.name }
    }

    private static func listing(
        name: String, origin: ProfileOrigin, _ read: () throws(ProfileError) -> Profile
    ) -> ProfileListing {
        do {
            let profile = try read()
            return ProfileListing(name: name, description: profile.description, origin: origin, problem: nil)
        } catch {
            return ProfileListing(name: name, description: "", origin: origin, problem: error)
        }
    }

    private static func read(_ path: String) throws(ProfileError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ProfileError(
                .unreadableFile, file: path, line: 0, column: 0, message: "cannot read the file: \(error)")
        }
    }
}

/// `directory/name`, without doubling a trailing `/`.
private func joinPath(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
}

/// Profiles already parsed, each with the bytes it came from; a profile is parsed again when its
/// bytes differ (an edited file), so the cache never serves a stale profile.
private final class ParsedProfiles: Sendable {
    private let entries = Mutex([String: (bytes: [UInt8], profile: Profile)]())
    /// More files than any session reads; past it the cache starts over.
    private static let capacity = 64

    func profile(key: String, bytes: [UInt8], parse: () throws(ProfileError) -> Profile) throws(ProfileError)
        -> Profile
    {
        if let entry = entries.withLock({ $0[key] }), entry.bytes == bytes { return entry.profile }
        let profile = try parse()
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[key] = (bytes, profile)
        }
        return profile
    }
}

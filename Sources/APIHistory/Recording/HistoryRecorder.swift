public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who recorded an exchange, where, and with what: the user, the machine and the tool, kept on
/// every row so that a team history says whose laptop or CI job sent a request.
///
/// ```swift
/// let recorder = HistoryRecorder.current(tool: "apiexplore 0.1.0")
/// recorder.user  // "ada"
/// recorder.host  // "ada-laptop"
/// ```
public struct HistoryRecorder: Sendable, Hashable {
    /// The user's login name; `nil` when unknown.
    public var user: String?
    /// The machine's host name; `nil` when unknown.
    public var host: String?
    /// The program and its version (`apiexplore 0.1.0`); `nil` when unknown.
    public var tool: String?

    /// The most characters kept of each field: a host name is at most 255 bytes, a login name far less.
    static let fieldLimit = 255

    /// A recorder with the given fields, each cut to 255 characters.
    ///
    /// - Parameters:
    ///   - user: The user's login name.
    ///   - host: The machine's host name.
    ///   - tool: The program and its version.
    public init(user: String?, host: String?, tool: String?) {
        func kept(_ text: String?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            return String(text.prefix(Self.fieldLimit))
        }
        self.user = kept(user)
        self.host = kept(host)
        self.tool = kept(tool)
    }

    /// The user this process runs as (its password-database name, else `$USER`/`$LOGNAME`) and this
    /// machine's host name.
    ///
    /// - Parameters:
    ///   - tool: The program and its version.
    ///   - environment: Where `USER` and `LOGNAME` are read when the password database has no entry.
    /// - Returns: The recorder.
    public static func current(
        tool: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> HistoryRecorder {
        HistoryRecorder(
            user: accountName() ?? environment["USER"] ?? environment["LOGNAME"], host: hostName(), tool: tool)
    }

    /// The password database's name for this process's user (`getpwuid_r`, which, unlike
    /// `getpwuid`, shares no buffer with other threads).
    private static func accountName() -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(geteuid(), &entry, &buffer, buffer.count, &found) == 0, found != nil,
            let name = entry.pw_name
        else { return nil }
        return String(cString: name)
    }

    private static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `ada@ada-laptop`, the user or the host alone, or `nil` when neither is known: how listings show it.
    public var label: String? {
        switch (user, host) {
        case (let user?, let host?): "\(user)@\(host)"
        case (let user?, nil): user
        case (nil, let host?): "@\(host)"
        case (nil, nil): nil
        }
    }
}

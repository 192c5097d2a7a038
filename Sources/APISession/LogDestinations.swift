import Foundation

/// Where request logs may go besides apiexplore's own log folder: only where the user said, never
/// where a profile alone says (see ``APIClient/LogPolicy``).
///
/// ```swift
/// LogDestinations(commandLine: "/tmp/run.log")                    // --log-file: every profile's requests
/// LogDestinations(configured: ["github": "~/logs/github.log"])    // config.yaml's logs:
/// ```
package struct LogDestinations: Sendable, Equatable {
    /// `--log-file`: every profile's requests go here, at the profile's level (else `info`).
    package var commandLine: String?
    /// The user configuration's `logs:`, by profile name.
    package var configured: [String: String]

    /// Creates the destinations.
    ///
    /// - Parameters:
    ///   - commandLine: `--log-file`, made absolute by the caller.
    ///   - configured: The configuration's `logs:`; `~/` paths are expanded against `HOME` when used.
    package init(commandLine: String? = nil, configured: [String: String] = [:]) {
        self.commandLine = commandLine
        self.configured = configured
    }
}

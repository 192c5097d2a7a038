/// Asks the user what a profile's secret sources need: consent to run a `${cmd:…}` command, and
/// the value of a `${prompt:…}`. The terminal UI provides one; headless runs have none, so a
/// prompt fails there and a command needs `--allow-commands` (or an earlier consent).
///
/// ```swift
/// struct Yes: SecretPrompter {
///     func allowCommand(_ command: String, profile: String) async -> Bool { true }
///     func allowFile(_ path: String, profile: String) async -> Bool { true }
///     func secret(for label: String, profile: String) async -> String? { "s3cret" }
/// }
/// await session.setPrompter(Yes())
/// ```
package protocol SecretPrompter: Sendable {
    /// Whether `command` may run for `profile`; a yes is remembered for the profile's content.
    func allowCommand(_ command: String, profile: String) async -> Bool
    /// Whether the secret file at `path`, outside the profile's folder, may be read for `profile`;
    /// a yes is remembered for the profile's content.
    func allowFile(_ path: String, profile: String) async -> Bool
    /// The secret the user types for `label`, with echo off; `nil` when they cancel.
    func secret(for label: String, profile: String) async -> String?
}

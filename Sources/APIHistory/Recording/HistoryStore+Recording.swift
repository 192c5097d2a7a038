public import APIClient
import Foundation

extension HistoryStore {
    /// Stores one exchange, redacted, and returns its id.
    ///
    /// Everything the profile's `redact` names is masked before writing (with the defaults:
    /// `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization`, `access_token`-like query
    /// items), and any secret value masked in the request is also masked wherever it reappears,
    /// such as in a response that echoes the request. Bodies longer than
    /// ``HistoryConfiguration/bodyLimit`` are cut, flagged as truncated, with their full size kept.
    /// When the call returns, the row is committed.
    ///
    /// ```swift
    /// let exchange = try await client.call(profile: slack, endpoint: "auth_test")
    /// let id = try await store.record(exchange, profile: slack)  // 1
    /// ```
    ///
    /// - Parameters:
    ///   - exchange: The exchange ``ProfileClient`` returned.
    ///   - profile: The profile it was made with (its name keys the row, its rules redact it).
    ///   - reauthOf: The exchange this one replays after signing in again, if it is such a replay.
    /// - Returns: The new exchange's id.
    /// - Throws: ``HistoryError`` when the write fails.
    @discardableResult
    public func record(_ exchange: APIExchange, profile: Profile, reauthOf: Int64? = nil) async throws(HistoryError)
        -> Int64
    {
        var row = ExchangeRow(exchange: exchange, profile: profile, configuration: configuration, now: Date())
        row.businessError = exchange.businessError.map { $0.name ?? "uncatalogued" }
        row.reauthOf = reauthOf
        row.environment = profile.activeEnvironment
        let ready = row
        return try await write { connection in try await ready.insert(connection) }
    }

    /// Stores a call that produced no exchange: what is known of the request and why it failed.
    ///
    /// ```swift
    /// let request = try demo.resolveRequest(endpoint: "slow", parameters: [:], environment: env)
    /// do {
    ///     _ = try await client.call(profile: demo, endpoint: "slow")
    /// } catch {
    ///     try await store.recordFailure(profile: demo, endpointID: "slow", request: request, error: error)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile used.
    ///   - endpointID: The endpoint called.
    ///   - request: The resolved request when the failure came after resolving it (a transport
    ///     failure); `nil` when the profile could not build it.
    ///   - error: Why there is no exchange.
    ///   - reauthOf: The exchange this call replayed after signing in again, if it is such a replay.
    /// - Returns: The new row's id.
    /// - Throws: ``HistoryError`` when the write fails.
    @discardableResult
    public func recordFailure(
        profile: Profile, endpointID: String, request: ResolvedRequest?, error: ClientError, reauthOf: Int64? = nil
    ) async throws(HistoryError) -> Int64 {
        var row = ExchangeRow(
            failure: error, profile: profile, endpointID: endpointID, request: request, configuration: configuration,
            now: Date())
        row.reauthOf = reauthOf
        row.environment = profile.activeEnvironment
        let ready = row
        return try await write { connection in try await ready.insert(connection) }
    }
}

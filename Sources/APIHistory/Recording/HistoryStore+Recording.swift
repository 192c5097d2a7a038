public import APIClient
import Foundation
import Synchronization

extension HistoryStore {
    /// Stores one exchange, redacted, and returns its id.
    ///
    /// Everything the profile's `redact` names is masked before writing (with the defaults:
    /// `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization`, `access_token`-like query
    /// items), and any secret value masked in the request is also masked wherever it reappears,
    /// such as in a response that echoes the request. Bodies longer than
    /// ``HistoryConfiguration/bodyLimit`` are cut, flagged as truncated, with their full size kept.
    /// When the call returns, the row is committed. The row says who recorded it
    /// (``HistoryConfiguration/recorder``).
    ///
    /// Recording waits at most ``HistoryConfiguration/recordTimeout`` for the history (another
    /// process's write lock, an unreachable server). When it cannot record the row, for that or any
    /// reason but a history that is read-only for this user, the row is kept in the recovery folder
    /// (``HistoryConfiguration/recoveryDirectory``) for a later ``importRecovered()``, and the error
    /// says where (``HistoryError/recoveryFile``).
    ///
    /// ```swift
    /// let exchange = try await client.call(profile: slack, endpoint: "auth_test")
    /// let id = try await store.record(exchange, profile: slack)  // 1
    /// ```
    ///
    /// - Parameters:
    ///   - exchange: The exchange `ProfileClient` returned.
    ///   - profile: The profile it was made with (its name keys the row, its rules redact it).
    ///   - reauthOf: The exchange this one replays after signing in again, if it is such a replay.
    /// - Returns: The new exchange's id.
    /// - Throws: ``HistoryError`` when the write fails (``HistoryError/isUnavailable`` when the
    ///   history did not answer in time, ``HistoryError/isReadOnly`` when the user may only read it).
    @discardableResult
    public func record(_ exchange: APIExchange, profile: Profile, reauthOf: Int64? = nil) async throws(HistoryError)
        -> Int64
    {
        var row = ExchangeRow(exchange: exchange, profile: profile, configuration: configuration, now: Date())
        row.businessError = exchange.businessError.map { $0.name ?? "uncatalogued" }
        row.reauthOf = reauthOf
        row.environment = profile.activeEnvironment
        row.recorder = configuration.recorder
        return try await insertOrKeep(row)
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
    /// - Throws: ``HistoryError`` when the write fails; as for ``record(_:profile:reauthOf:)``, the
    ///   row is then kept for recovery.
    @discardableResult
    public func recordFailure(
        profile: Profile, endpointID: String, request: ResolvedRequest?, error: ClientError, reauthOf: Int64? = nil
    ) async throws(HistoryError) -> Int64 {
        var row = ExchangeRow(
            failure: error, profile: profile, endpointID: endpointID, request: request, configuration: configuration,
            now: Date())
        row.reauthOf = reauthOf
        row.environment = profile.activeEnvironment
        row.recorder = configuration.recorder
        return try await insertOrKeep(row)
    }

    /// Inserts the row within the recording deadline, or keeps it for recovery and throws why not.
    private func insertOrKeep(_ row: ExchangeRow) async throws(HistoryError) -> Int64 {
        do {
            return try await writeWithinDeadline(.write) { connection in try await row.insert(connection) }
        } catch {
            // A history this user may only read would refuse the row in every later run too.
            if error.isReadOnly { throw error }
            throw keep(row, failure: error)
        }
    }

    /// A write on a request's path: it waits at most ``HistoryConfiguration/recordTimeout``; while an
    /// outage pause runs (the history did not answer a moment ago) it fails at once with that outage;
    /// a failure is classified (``HistoryError/isUnavailable``, ``HistoryError/isReadOnly``), and an
    /// unavailable history starts a pause.
    ///
    /// - Parameter deadline: How long this write may take; ``HistoryConfiguration/recordTimeout`` when `nil`.
    func writeWithinDeadline<T: Sendable>(
        _ kind: SQLTransactionKind, deadline: Duration? = nil,
        _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) async throws(HistoryError) -> T {
        let now = ContinuousClock.now
        let paused = outage.withLock { outage -> HistoryError? in
            guard let current = outage, now < current.until else { return nil }
            return current.why
        }
        if let paused { throw paused }
        do {
            try await ensureMigrated()
            return try await backend.transaction(kind, deadline: deadline ?? configuration.recordTimeout, body)
        } catch {
            let failure = recordingFailure(error)
            if failure.isUnavailable {
                let pause = HistoryError(
                    .unavailable, path: location.description,
                    message: "\(failure.message) (since \(Self.clockTime(Date())); while it lasts, exchanges are "
                        + "kept without waiting, trying again after \(SQLDeadlineExceeded.seconds(configuration.outagePause)) s)"
                )
                outage.withLock { $0 = (now + configuration.outagePause, pause) }
            }
            throw failure
        }
    }

    /// Keeps the row in this process's recovery file: `failure`, saying where, or saying why not.
    private func keep(_ row: ExchangeRow, failure: HistoryError) -> HistoryError {
        guard let recovery else { return failure }
        do {
            return failure.kept(in: try recovery.keep(row.arguments))
        } catch {
            return HistoryError(
                failure.kind, path: failure.path, message: "\(failure.message); not kept either: \(error)")
        }
    }

    /// `14:03:07`: when an outage began, in local time.
    static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}

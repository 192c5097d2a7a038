import Foundation

/// Runs `body` on a new thread of its own and returns what it returns, or throws what it throws: for a
/// call that blocks for long (a read of a pipe until a line comes, a wait for a process to end), so the
/// wait holds none of the few threads of Swift concurrency's pool the tests share (two on a two-core
/// machine). The calling task is suspended meanwhile.
package func onOwnThread<Value: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
        Thread.detachNewThread { continuation.resume(returning: Result(catching: body)) }
    }
    return try result.get()
}

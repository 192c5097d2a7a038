import APIMapping
import Foundation

/// Parses files on all cores with `DispatchQueue.concurrentPerform`, each result in its own slot.
enum ParallelParse {
    /// Runs `parse` over `urls`; a slot is `nil` when that file failed (the caller parses it again to report).
    static func run(_ urls: [URL], _ parse: @Sendable (URL) throws -> JSONValue) -> [JSONValue?] {
        let slots = Slots(count: urls.count)
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            do {
                slots.set(index, try parse(urls[index]))
            } catch {
                // Reported later, when (and only if) a reference needs this file: see SourceStore.preload.
                slots.set(index, nil)
            }
        }
        return slots.values
    }

    private final class Slots: @unchecked Sendable {
        // Each index is written by exactly one iteration; the lock only guards the array's storage.
        private var storage: [JSONValue?]
        private let lock = NSLock()
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: JSONValue?) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }
        var values: [JSONValue?] {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
    }
}

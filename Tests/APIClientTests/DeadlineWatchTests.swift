import NIOCore
import NIOPosix
import Testing

@testable import APIClient
@testable import APIHTTP

/// `DeadlineWatch`, the one timer behind every body read's total deadline: what passes its deadline is cancelled,
/// what ended first is not, and the timer moves to earlier deadlines and on to later ones. Each test waits for the
/// cancellations it expects, never for time to pass.
@Suite(.timeLimit(.minutes(5)))
struct DeadlineWatchTests {
    /// The names of cancelled watches, in the order the watch cancelled them.
    final class Cancellations: Sendable {
        let stream: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        init() {
            (stream, continuation) = AsyncStream.makeStream(of: String.self)
        }

        func cancel(_ name: String) -> @Sendable () -> Void {
            { [continuation] in continuation.yield(name) }
        }

        /// The next `count` names.
        func next(_ count: Int) async -> [String] {
            var names: [String] = []
            for await name in stream {
                names.append(name)
                if names.count == count { break }
            }
            return names
        }
    }

    let watch = DeadlineWatch(loop: MultiThreadedEventLoopGroup.singleton.any())

    @Test func aWatchEndedBeforeItsDeadlineIsNotCancelledWhileOnePastItIs() async {
        let cancellations = Cancellations()
        // A second's room: a thread descheduled between `start` and `end` on a loaded machine must not
        // let the first deadline pass before the watch ends.
        let deadline = NIODeadline.now() + .seconds(1)
        let ended = watch.start(until: deadline, cancel: cancellations.cancel("ended"))
        _ = watch.start(until: deadline + .milliseconds(5), cancel: cancellations.cancel("expired"))
        watch.end(ended)
        // The timer is armed for the ended watch's deadline: were it still watched, it would be cancelled first.
        #expect(await cancellations.next(1) == ["expired"])
    }

    @Test func anEarlierDeadlineMovesTheTimerForward() async {
        let cancellations = Cancellations()
        let far = watch.start(until: .now() + .hours(1), cancel: cancellations.cancel("far"))
        _ = watch.start(until: .now() + .milliseconds(10), cancel: cancellations.cancel("near"))
        #expect(await cancellations.next(1) == ["near"])
        watch.end(far)
    }

    @Test func theTimerMovesOnToTheNextDeadlineInOrder() async {
        let cancellations = Cancellations()
        // Half a second apart, so all three are watched before the earliest is due, even on a loaded machine.
        let now = NIODeadline.now()
        _ = watch.start(until: now + .milliseconds(1500), cancel: cancellations.cancel("third"))
        _ = watch.start(until: now + .milliseconds(500), cancel: cancellations.cancel("first"))
        _ = watch.start(until: now + .milliseconds(1000), cancel: cancellations.cancel("second"))
        #expect(await cancellations.next(3) == ["first", "second", "third"])
    }

    @Test func aDeadlineAlreadyPastIsCancelledAtOnce() async {
        let cancellations = Cancellations()
        _ = watch.start(until: .now() - .seconds(1), cancel: cancellations.cancel("late"))
        #expect(await cancellations.next(1) == ["late"])
    }
}

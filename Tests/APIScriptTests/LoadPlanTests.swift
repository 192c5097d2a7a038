import Testing

@testable import APIScript

/// When a load run's requests are due: evenly at the rate, or climbing linearly to it over the
/// ramp-up; workers of a closed run start spread over the ramp-up.
@Suite struct LoadPlanTests {
    private func seconds(_ duration: Duration?) -> Double {
        guard let duration else { return -1 }
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test func withoutARampRequestsAreDueAtTheRate() {
        var plan = LoadPlan(concurrency: 4)
        plan.rate = 200
        #expect(seconds(plan.dueTime(of: 0)) == 0)
        #expect(abs(seconds(plan.dueTime(of: 200)) - 1) < 1e-9)
        #expect(abs(seconds(plan.dueTime(of: 1000)) - 5) < 1e-9)
    }

    @Test func aRampClimbsLinearlyToTheRate() {
        var plan = LoadPlan(concurrency: 4)
        plan.rate = 100
        plan.rampUp = .seconds(10)
        // Half the rate's worth of requests over the ramp: 100/s × 10 s / 2 = 500 by its end.
        #expect(abs(seconds(plan.dueTime(of: 500)) - 10) < 1e-9)
        // A quarter of the way through the ramp, 1/16 of the ramp's requests are due (t² growth).
        #expect(abs(seconds(plan.dueTime(of: 125)) - 5) < 1e-9)
        // After the ramp, one every 1/100 s.
        #expect(abs(seconds(plan.dueTime(of: 600)) - 11) < 1e-9)
        var previous = -1.0
        for index in stride(from: 0, to: 2000, by: 7) {
            let due = seconds(plan.dueTime(of: index))
            #expect(due >= previous)
            previous = due
        }
    }

    @Test func aClosedPlanHasNoDueTimesAndStartsWorkersOverTheRamp() {
        var plan = LoadPlan(concurrency: 4)
        plan.rampUp = .seconds(8)
        #expect(plan.dueTime(of: 3) == nil)
        #expect((0..<4).map { seconds(plan.startTime(of: $0)) } == [0, 2, 4, 6])
    }
}

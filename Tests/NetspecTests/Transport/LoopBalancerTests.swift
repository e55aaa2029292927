import Testing
@testable import Netspec

/// The balancer gives each request the least busy loop, and loops equally busy take turns.
@Suite struct LoopBalancerTests {
    enum Step: Sendable, CustomStringConvertible {
        /// Acquire, expecting this loop.
        case acquire(Int)
        /// Release this loop.
        case release(Int)

        var description: String {
            switch self {
            case let .acquire(loop): "acquire → \(loop)"
            case let .release(loop): "release \(loop)"
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var loops: Int
        var steps: [Step]
        /// Requests in flight on each loop at the end.
        var inFlight: [Int]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "one loop takes everything", loops: 1,
             steps: [.acquire(0), .acquire(0), .release(0), .acquire(0)], inFlight: [2]),
        Case(name: "two idle loops take turns", loops: 2,
             steps: [.acquire(0), .acquire(1), .acquire(0), .acquire(1), .acquire(0)], inFlight: [3, 2]),
        Case(name: "a loop held by a long request is passed over", loops: 3,
             steps: [.acquire(0), .acquire(1), .release(1), .acquire(2), .release(2), .acquire(1), .release(1), .acquire(2)],
             inFlight: [1, 0, 1]),
        Case(name: "the least busy loop wins over the turn", loops: 3,
             steps: [.acquire(0), .acquire(1), .acquire(2), .acquire(0), .acquire(1), .release(0), .release(0), .acquire(0), .acquire(2)],
             inFlight: [1, 2, 2]),
        Case(name: "four loops, all released", loops: 4,
             steps: [.acquire(0), .acquire(1), .acquire(2), .acquire(3), .release(2), .release(0), .release(3), .release(1), .acquire(0)],
             inFlight: [1, 0, 0, 0]),
    ]

    @Test(arguments: cases)
    func choosesTheLeastBusyLoopInTurn(_ example: Case) {
        var balancer = LoopBalancer(loops: example.loops)
        for (index, step) in example.steps.enumerated() {
            switch step {
            case let .acquire(expected):
                #expect(balancer.acquire() == expected, "step \(index): \(step)")
            case let .release(loop):
                balancer.release(loop)
            }
        }
        #expect(balancer.inFlight == example.inFlight)
    }
}

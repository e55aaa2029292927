/// What a check run found: each failure once per operation and check, with its reproduction,
/// and what was sent.
public struct CheckReport: Sendable {
    /// The failures, by operation then check.
    public var failures: [CheckReport.Failure]
    /// Each operation checked, in the document's order.
    public var operations: [CheckReport.Operation]
    /// The requests sent (shrinking's included).
    public var requestCount: Int
    /// The run's seed (`--seed` replays it).
    public var seed: UInt64
    /// The run's wall time.
    public var duration: Duration
    /// Whether the time limit stopped the run before every case was sent.
    public var reachedTimeLimit: Bool

    /// The requests that got no answer (refused, reset, timed out): no check judges them.
    public var unansweredCount = 0
    /// The first of them and why, `GET http://…/pets: <the transport's error>`.
    public var firstTransportError: String?

    /// The answers a `netspec mock` marked as its own documented ones (`Netspec-Mock-Answer`:
    /// its 404 for an item it does not hold, its 501 for an operation without a mock…), which
    /// are not failures, by what they are.
    public var mockAnswers: [MockAnswers] = []

    /// Answers a mock marked as its own: how many, and what they are.
    public struct MockAnswers: Sendable, Hashable {
        /// How many answers.
        public var count: Int
        /// What each is: `a 404 for an item it does not hold (never created, or deleted)`.
        public var what: String

        /// Creates a count of answers.
        public init(count: Int, what: String) {
            self.count = count
            self.what = what
        }
    }

    /// Whether nothing failed and some request was answered.
    public var passed: Bool { failures.isEmpty && unansweredCount < requestCount }

    /// Creates a report.
    public init(
        failures: [CheckReport.Failure], operations: [CheckReport.Operation], requestCount: Int, seed: UInt64, duration: Duration, reachedTimeLimit: Bool
    ) {
        self.failures = failures
        self.operations = operations
        self.requestCount = requestCount
        self.seed = seed
        self.duration = duration
        self.reachedTimeLimit = reachedTimeLimit
    }
}

public import Netspec

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

    /// The requests sent that got no answer (refused, reset, timed out): no check judges them.
    /// The run still passes while some request was answered (`docs/check.md`).
    public var unansweredCount = 0
    /// The first of them and why, `GET http://…/pets: <the transport's error>`.
    public var firstTransportError: String?

    /// The requests not sent at all because the run is not set up to make them (a variable
    /// not set, a login needed, no base URL): the run does not pass while there is one.
    public var notSentCount = 0
    /// The first of them and why.
    public var firstNotSent: NotSent?

    /// A request that could not be made as the run is set up.
    public struct NotSent: Sendable, Hashable {
        /// `GET http://…/pets`, or the operation's method and path when its URL could not be made.
        public var request: String
        /// Why: what is missing and how to set it (`netspec check` exits as `netspec call` does for it).
        public var error: CallError.ConfigurationError

        /// Creates the record of a request not sent.
        public init(request: String, error: CallError.ConfigurationError) {
            self.request = request
            self.error = error
        }
    }

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

    /// Whether nothing failed, every request could be made, and some request was answered.
    public var passed: Bool { failures.isEmpty && notSentCount == 0 && unansweredCount < requestCount }

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

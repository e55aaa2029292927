/// How a ``Checker`` runs: which operations, phases and checks, how many requests, how fast.
public struct CheckOptions: Sendable {
    /// The phases, in the order they run.
    public var phases: [CheckPhase]
    /// The checks held; the others are not evaluated.
    public var checks: Set<CheckName>
    /// Operations to check: an operation id, a tag, a method (`GET`) or a path (`/pets`); an id,
    /// a tag or a path may be a prefix ending in `*` (`droplets*`, `/pets/*`); empty: every operation.
    public var include: [String]
    /// Operations not to check, named as for ``include``.
    public var exclude: [String]
    /// The most cases a phase makes per operation, and the runs of each stateful sequence (the
    /// first with the examples, the others with bodies drawn from the schemas).
    public var maxExamples: Int
    /// The time after which no new request is sent; `nil`: none.
    public var timeLimit: Duration?
    /// Requests in flight at once; the stateful phase runs as many sequences at once.
    public var workers: Int
    /// The seed of the random cases: the same seed makes the same requests.
    public var seed: UInt64
    /// The time limit of each request.
    public var requestTimeout: Duration
    /// The longest an answer may take (`max_response_time`); `nil`: that check is not held.
    public var maxResponseTime: Duration?

    /// Creates options: every phase and check, 100 cases a phase, one worker, seed 0.
    public init(
        phases: [CheckPhase] = CheckPhase.allCases, checks: Set<CheckName> = Set(CheckName.allCases), include: [String] = [], exclude: [String] = [],
        maxExamples: Int = 100, timeLimit: Duration? = nil, workers: Int = 1, seed: UInt64 = 0, requestTimeout: Duration = .seconds(10),
        maxResponseTime: Duration? = nil
    ) {
        self.phases = phases
        self.checks = checks
        self.include = include
        self.exclude = exclude
        self.maxExamples = maxExamples
        self.timeLimit = timeLimit
        self.workers = workers
        self.seed = seed
        self.requestTimeout = requestTimeout
        self.maxResponseTime = maxResponseTime
    }
}

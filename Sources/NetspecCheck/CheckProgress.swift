/// How far a run's phase is, as ``Checker/run(baseURL:options:progress:)`` reports it, phase
/// after phase: once when the phase starts and again as each of its cases has been sent and
/// judged, in order of completion (a failure's shrinking is not counted: it belongs to the case
/// that found it). A phase starts once every case of the one before has been judged; with more
/// than one worker its first cases may have gone out while the one before finished its last, so
/// its first report's `done` is what of it is judged already (with one worker, 0).
public struct CheckProgress: Sendable, Equatable {
    /// The phase.
    public var phase: CheckPhase
    /// The phase's cases sent and judged so far.
    public var done: Int
    /// The phase's cases.
    public var total: Int
    /// The operations the phase's cases are for.
    public var operations: Int

    /// Creates a progress report.
    public init(phase: CheckPhase, done: Int, total: Int, operations: Int) {
        self.phase = phase
        self.done = done
        self.total = total
        self.operations = operations
    }
}

extension Checker {
    /// Runs the phases as ``run(baseURL:options:)`` does, calling `progress` as each phase starts
    /// and as each of its cases is judged (from the run's tasks, one call at a time, `done` rising).
    public func run(baseURL: String?, options: CheckOptions = CheckOptions(), progress: @escaping @Sendable (CheckProgress) -> Void) async -> CheckReport {
        var run = CheckRun(checker: self, baseURL: baseURL, options: options)
        run.progress = progress
        return await run.run()
    }
}

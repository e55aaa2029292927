/// How a run's work is shared among its workers. Every phase's cases and sequences form one
/// queue, in the phases' order, which `workers` tasks take from one item at a time: a phase does
/// not wait for the one before it to end, so the slots its slowest requests leave idle at its end
/// go to the next phase's. With more than one worker, each phase's items are taken operation by
/// operation in turn (the first case of each operation, then the second of each, …; each stateful
/// plan's runs likewise), so an operation that answers slowly holds some of the slots while the
/// others' cases go through the rest, instead of holding all of them for its run of cases. Each
/// operation's cases keep their order; with one worker the queue is the phases' cases one
/// operation after another, each phase after the one before, as they are listed.
extension CheckRun {
    /// One item of the queue: a case, or one run of a stateful sequence.
    enum Work: Sendable {
        case single(CheckCase)
        case sequence(SequenceRun)
    }

    /// A phase's items, in the order they are taken, and what its progress reports.
    struct PhaseWork: Sendable {
        var phase: CheckPhase
        var items: [Work]
        var operations: Int
    }

    /// Every selected phase's items, in the phases' order; a stateful phase with no sequence to
    /// follow (no resource among the operations chosen) has no items and no progress either.
    func plannedWork() -> [PhaseWork] {
        options.phases.compactMap { phase in
            guard phase == .stateful else {
                let cases = phaseCases(phase)
                return PhaseWork(phase: phase, items: inTurn(byOperation(cases)).map(Work.single), operations: Set(cases.map(\.endpoint.name)).count)
            }
            let runs = sequenceRuns()
            guard runs.contains(where: { !$0.isEmpty }) else { return nil }
            let operations = Set(runs.joined().flatMap(\.plan.operations)).count
            return PhaseWork(phase: phase, items: inTurn(runs).map(Work.sequence), operations: operations)
        }
    }

    /// The cases split where the operation changes (a phase lists each operation's together).
    func byOperation(_ cases: [CheckCase]) -> [[CheckCase]] {
        var groups: [[CheckCase]] = []
        for checkCase in cases {
            if groups.last?.last?.endpoint.name == checkCase.endpoint.name {
                groups[groups.count - 1].append(checkCase)
            } else {
                groups.append([checkCase])
            }
        }
        return groups
    }

    /// With more than one worker, the groups' items taken in turn (the first of each, then the
    /// second of each, …); with one, the groups one after another.
    func inTurn<Item>(_ groups: [[Item]]) -> [Item] {
        guard options.workers > 1 else { return Array(groups.joined()) }
        var items: [Item] = []
        items.reserveCapacity(groups.reduce(0) { $0 + $1.count })
        for index in 0..<(groups.map(\.count).max() ?? 0) {
            for group in groups where index < group.count { items.append(group[index]) }
        }
        return items
    }

    /// Sends every phase's items (``eachAtMostWorkers(_:_:done:)``), telling ``progress``
    /// phase by phase (``PhaseProgress``).
    func perform(_ phases: [PhaseWork]) async {
        let items = phases.enumerated().flatMap { index, phase in phase.items.map { (phase: index, work: $0) } }
        var phaseProgress = PhaseProgress(phases: phases, report: progress)
        phaseProgress.start()
        await eachAtMostWorkers(items, { item in
            switch item.work {
            case let .single(checkCase): await self.check(checkCase)
            case let .sequence(run): await self.follow(run)
            }
        }, done: { item in phaseProgress.finished(item.phase) })
    }

    /// Runs `body` on each of `items` in their order, at most `workers` at once, starting no more
    /// once the deadline has passed (noted as the time limit reached); `done` is told of each
    /// item as it ends, one at a time.
    func eachAtMostWorkers<Item: Sendable>(
        _ items: [Item], _ body: @escaping @Sendable (Item) async -> Void, done: (Item) -> Void
    ) async {
        await withTaskGroup(of: Int.self) { group in
            var next = 0
            func startOne() -> Bool {
                guard next < items.count, !isPastDeadline() else { return false }
                let index = next
                next += 1
                group.addTask {
                    await body(items[index])
                    return index
                }
                return true
            }
            for _ in 0..<max(options.workers, 1) where !startOne() { break }
            while let index = await group.next() {
                done(items[index])
                _ = startOne()
            }
        }
    }

    /// The phases' progress as ``CheckProgress`` tells it: phase after phase, each once as it
    /// starts and again as each of its items ends, `done` rising to its total; the next phase
    /// starts once every item of the one before has ended, with `done` at what of it has ended
    /// already (its first items went out while the phase before finished its last).
    struct PhaseProgress {
        let phases: [(phase: CheckPhase, total: Int, operations: Int)]
        let report: (@Sendable (CheckProgress) -> Void)?
        var done: [Int]
        var current = 0

        init(phases: [PhaseWork], report: (@Sendable (CheckProgress) -> Void)?) {
            self.phases = phases.map { ($0.phase, $0.items.count, $0.operations) }
            self.report = report
            done = Array(repeating: 0, count: phases.count)
        }

        /// Tells the first phase's start (and that of each phase after it with nothing to do).
        mutating func start() {
            guard !phases.isEmpty else { return }
            tell(current)
            advance()
        }

        /// Notes an item of phase `index` as ended.
        mutating func finished(_ index: Int) {
            done[index] += 1
            guard index == current else { return }
            tell(current)
            advance()
        }

        /// Moves past each phase whose items have all ended, telling each next one's start.
        private mutating func advance() {
            while current + 1 < phases.count, done[current] == phases[current].total {
                current += 1
                tell(current)
            }
        }

        private func tell(_ index: Int) {
            let phase = phases[index]
            report?(CheckProgress(phase: phase.phase, done: done[index], total: phase.total, operations: phase.operations))
        }
    }
}

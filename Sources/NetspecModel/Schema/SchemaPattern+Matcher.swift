// Our linear matcher, for patterns without back-references: the syntax tree compiled to a small
// backtracking program, run with a memo of failed (instruction, position) states, so a search is
// linear in the program's size times the text's length, whatever the pattern (no catastrophic
// backtracking). A lookaround is a fact about a position: before the search, each lookaround's
// body is swept over the text once (a set of states at a time, as a Thompson NFA; a lookahead's
// body read backwards from the end), giving whether it matches at each position, which the
// program's `.look` instruction then reads.

/// One instruction of a ``RegexProgram``: plain values (a set is named by its index in the
/// program's ``RegexProgram/sets``), so that reading one copies no reference — with the set
/// inline, each `\d` a search passed retained and released the set's ranges (issue 54's step cost).
enum RegexInstruction: Sendable {
    /// Consume this code point.
    case scalar(UInt32)
    /// Consume a code point of the set at this index of the program's sets.
    case set(Int)
    /// Try the first target, then the second.
    case split(Int, Int)
    case jump(Int)
    /// Succeed only at the start / the end of the text.
    case start
    case end
    /// Succeed only at an ASCII word boundary (`true`) or away from one.
    case wordBoundary(Bool)
    /// Succeed where lookaround `index` holds (`negated`: where it does not).
    case look(Int, negated: Bool)
    case match
}

/// A compiled pattern of the subset, searched for anywhere in a text.
struct RegexProgram: Sendable {
    let instructions: [RegexInstruction]
    /// The sets the `.set` instructions name, the lookarounds' included.
    let sets: [RegexSet]
    /// Whether the program starts with `^`, so only position 0 need be tried.
    let anchored: Bool
    /// The lookarounds' bodies, inner ones first (a body's `.look` reads an earlier one's table).
    let lookarounds: [Lookaround]

    struct Lookaround: Sendable {
        let code: [RegexInstruction]
        /// Swept from the start of the text (a lookbehind's body) or from its end (a lookahead's,
        /// reversed).
        let forward: Bool
    }
    /// The most instructions a program of ours has (``RegexNode/programSize(limit:)``); a larger
    /// pattern runs on `Regex`.
    static let largest = 20_000

    init(_ node: RegexNode) {
        var instructions: [RegexInstruction] = []
        var lookarounds: [Lookaround] = []
        var sets: [RegexSet] = []
        Self.emit(node, into: &instructions, &lookarounds, &sets)
        instructions.append(.match)
        self.instructions = instructions
        self.lookarounds = lookarounds
        self.sets = sets
        if case .start = instructions[0] { anchored = true } else { anchored = false }
    }

    private static func emit(_ node: RegexNode, into code: inout [RegexInstruction], _ lookarounds: inout [Lookaround], _ sets: inout [RegexSet]) {
        func emit(_ node: RegexNode, into code: inout [RegexInstruction]) {
            Self.emit(node, into: &code, &lookarounds, &sets)
        }
        switch node {
        case let .scalar(scalar): code.append(.scalar(scalar.value))
        case let .set(set):
            sets.append(set)
            code.append(.set(sets.count - 1))
        case .start: code.append(.start)
        case .end: code.append(.end)
        case let .wordBoundary(isBoundary): code.append(.wordBoundary(isBoundary))
        case let .sequence(items): for item in items { emit(item, into: &code) }
        case let .group(item, _): emit(item, into: &code)
        case let .look(body, ahead, negated):
            var bodyCode: [RegexInstruction] = []
            emit(ahead ? body.reversed : body, into: &bodyCode)
            bodyCode.append(.match)
            lookarounds.append(Lookaround(code: bodyCode, forward: !ahead))
            code.append(.look(lookarounds.count - 1, negated: negated))
        case .backreference:
            preconditionFailure("a pattern with back-references runs on RegexBacktracker")
        case let .alternation(branches):
            // split L1, next; L1: branch; jump end; next: split ... ; last branch
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = code.count
                    code.append(.split(split + 1, 0))
                    emit(branch, into: &code)
                    jumps.append(code.count)
                    code.append(.jump(0))
                    code[split] = .split(split + 1, code.count)
                } else {
                    emit(branch, into: &code)
                }
            }
            for jump in jumps { code[jump] = .jump(code.count) }
        case let .repetition(item, min, max, _):
            for _ in 0..<min { emit(item, into: &code) }
            if let max {
                // Each optional copy: split into it or past all of them.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(code.count)
                    code.append(.split(0, 0))
                    emit(item, into: &code)
                }
                for split in splits { code[split] = .split(split + 1, code.count) }
            } else {
                let loop = code.count
                code.append(.split(0, 0))
                emit(item, into: &code)
                code.append(.jump(loop))
                code[loop] = .split(loop + 1, code.count)
            }
        }
    }

    /// Whether the pattern matches somewhere in `text`.
    ///
    /// The text's code points, the memo and the stack of alternatives live in temporary buffers
    /// (on the stack for short texts): a search allocates nothing on the heap.
    func search(_ text: String) -> Bool {
        let capacity = text.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(capacity, 1)) { buffer in
            var count = 0
            for scalar in text.unicodeScalars {
                buffer[count] = scalar.value
                count += 1
            }
            let scalars = UnsafeBufferPointer(rebasing: buffer[0..<count])
            let states = instructions.count * (count + 1)
            let tables = lookarounds.isEmpty ? [] : lookaroundTables(scalars)
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (states + 63) / 64) { visited in
                visited.initialize(repeating: 0)
                // Each state is entered at most once, so it is pushed at most once; a long text's
                // alternatives beyond the buffer go to an array.
                return withUnsafeTemporaryAllocation(of: (pc: Int32, position: Int32).self, capacity: min(states + 1, 4096)) { stack in
                    var matcher = Matcher(code: instructions, sets: sets, text: scalars, tables: tables, visited: visited, stack: stack)
                    for start in 0...count {
                        if matcher.run(0, start) { return true }
                        if anchored { break }
                    }
                    return false
                }
            }
        }
    }

    /// The backtracking run, with its memo and its stack of alternatives not yet tried.
    private struct Matcher {
        let code: [RegexInstruction]
        let sets: [RegexSet]
        let text: UnsafeBufferPointer<UInt32>
        /// For each lookaround, whether it matches at each position.
        let tables: [[Bool]]
        let visited: UnsafeMutableBufferPointer<UInt64>
        let stack: UnsafeMutableBufferPointer<(pc: Int32, position: Int32)>
        var depth = 0
        var spill: [(pc: Int32, position: Int32)] = []

        init(
            code: [RegexInstruction], sets: [RegexSet], text: UnsafeBufferPointer<UInt32>, tables: [[Bool]], visited: UnsafeMutableBufferPointer<UInt64>,
            stack: UnsafeMutableBufferPointer<(pc: Int32, position: Int32)>
        ) {
            self.code = code
            self.sets = sets
            self.text = text
            self.tables = tables
            self.visited = visited
            self.stack = stack
        }

        private mutating func push(_ pc: Int, _ position: Int) {
            if depth < stack.count {
                stack[depth] = (Int32(pc), Int32(position))
                depth += 1
            } else {
                spill.append((Int32(pc), Int32(position)))
            }
        }

        private mutating func pop() -> (pc: Int32, position: Int32)? {
            if let last = spill.popLast() { return last }
            guard depth > 0 else { return nil }
            depth -= 1
            return stack[depth]
        }

        /// Whether the program matches from instruction `startPC` at text position `startPosition`.
        mutating func run(_ startPC: Int, _ startPosition: Int) -> Bool {
            push(startPC, startPosition)
            threads: while let thread = pop() {
                var pc = Int(thread.pc)
                var position = Int(thread.position)
                while true {
                    let state = pc * (text.count + 1) + position
                    let (word, bit) = (state / 64, UInt64(1) << (state % 64))
                    if visited[word] & bit != 0 { continue threads }
                    visited[word] |= bit
                    switch code[pc] {
                    case let .scalar(value):
                        guard position < text.count, text[position] == value else { continue threads }
                        pc += 1
                        position += 1
                    case let .set(index):
                        guard position < text.count, sets[index].contains(text[position]) else { continue threads }
                        pc += 1
                        position += 1
                    case let .split(first, second):
                        push(second, position)
                        pc = first
                    case let .jump(target):
                        pc = target
                    case .start:
                        guard position == 0 else { continue threads }
                        pc += 1
                    case .end:
                        guard position == text.count else { continue threads }
                        pc += 1
                    case let .wordBoundary(isBoundary):
                        guard RegexProgram.isWordBoundary(text, position) == isBoundary else { continue threads }
                        pc += 1
                    case let .look(index, negated):
                        guard tables[index][position] != negated else { continue threads }
                        pc += 1
                    case .match:
                        depth = 0
                        spill.removeAll()
                        return true
                    }
                }
            }
            return false
        }
    }

    /// Whether `position` is between a word character and another (ECMA's `\b`).
    @inline(__always)
    static func isWordBoundary(_ text: UnsafeBufferPointer<UInt32>, _ position: Int) -> Bool {
        let before = position > 0 && RegexSet.word.contains(text[position - 1])
        let after = position < text.count && RegexSet.word.contains(text[position])
        return before != after
    }

    /// Each lookaround's table: whether its body matches at each position of `text`.
    private func lookaroundTables(_ text: UnsafeBufferPointer<UInt32>) -> [[Bool]] {
        var tables: [[Bool]] = []
        for lookaround in lookarounds {
            tables.append(Self.sweep(lookaround.code, sets: sets, forward: lookaround.forward, text, tables))
        }
        return tables
    }

    /// Runs `code` over `text` as an NFA, one set of states per position, starting it afresh at
    /// every position: forward, `result[p]` is whether it matches some `text[q..<p]`; backward
    /// (consuming `text[p - 1]` at `p`), whether it matches some `text[p..<q]` read right to left.
    /// Linear: each instruction is entered at most once per position.
    static func sweep(_ code: [RegexInstruction], sets: [RegexSet], forward: Bool, _ text: UnsafeBufferPointer<UInt32>, _ tables: [[Bool]]) -> [Bool] {
        let count = text.count
        var result = [Bool](repeating: false, count: count + 1)
        // The position an instruction was last entered at.
        var marks = [Int](repeating: -1, count: code.count)
        var work: [Int] = []
        var current: [Int] = []
        var next: [Int] = []

        /// Follows the instructions that consume nothing from `start` at `position`: adds those
        /// that consume to `list`; whether `.match` was reached.
        func enter(_ start: Int, _ position: Int, _ list: inout [Int]) -> Bool {
            var matched = false
            work.append(start)
            while let pc = work.popLast() {
                guard marks[pc] != position else { continue }
                marks[pc] = position
                switch code[pc] {
                case .scalar, .set: list.append(pc)
                case let .split(first, second):
                    work.append(second)
                    work.append(first)
                case let .jump(target): work.append(target)
                case .start: if position == 0 { work.append(pc + 1) }
                case .end: if position == count { work.append(pc + 1) }
                case let .wordBoundary(isBoundary): if isWordBoundary(text, position) == isBoundary { work.append(pc + 1) }
                case let .look(index, negated): if tables[index][position] != negated { work.append(pc + 1) }
                case .match: matched = true
                }
            }
            return matched
        }

        var position = forward ? 0 : count
        var matched = false
        while true {
            if enter(0, position, &current) { matched = true }
            result[position] = matched
            if position == (forward ? count : 0) { break }
            let scalar = forward ? text[position] : text[position - 1]
            let target = forward ? position + 1 : position - 1
            matched = false
            next.removeAll(keepingCapacity: true)
            for pc in current {
                let consumes: Bool
                switch code[pc] {
                case let .scalar(value): consumes = value == scalar
                case let .set(index): consumes = sets[index].contains(scalar)
                default: consumes = false
                }
                if consumes, enter(pc + 1, target, &next) { matched = true }
            }
            swap(&current, &next)
            position = target
        }
        return result
    }
}

// Our matcher for the pattern subset: the syntax tree compiled to a small backtracking program,
// run with a memo of failed (instruction, position) states, so a search is linear in the
// program's size times the text's length, whatever the pattern (no catastrophic backtracking).

/// One instruction of a ``RegexProgram``.
enum RegexInstruction: Sendable {
    /// Consume this code point.
    case scalar(UInt32)
    /// Consume a code point of the set.
    case set(RegexSet)
    /// Try the first target, then the second.
    case split(Int, Int)
    case jump(Int)
    /// Succeed only at the start / the end of the text.
    case start
    case end
    /// Succeed only at an ASCII word boundary (`true`) or away from one.
    case wordBoundary(Bool)
    case match
}

/// A compiled pattern of the subset, searched for anywhere in a text.
struct RegexProgram: Sendable {
    let instructions: [RegexInstruction]
    /// Whether the program starts with `^`, so only position 0 need be tried.
    let anchored: Bool
    /// The most instructions a program of ours has (``RegexTree/programSize(limit:)``); a larger
    /// pattern runs on `Regex`.
    static let largest = 20_000

    init(_ tree: RegexTree) {
        var instructions: [RegexInstruction] = []
        Self.emit(tree, into: &instructions)
        instructions.append(.match)
        self.instructions = instructions
        if case .start = instructions[0] { anchored = true } else { anchored = false }
    }

    private static func emit(_ tree: RegexTree, into code: inout [RegexInstruction]) {
        switch tree {
        case let .scalar(scalar): code.append(.scalar(scalar.value))
        case let .set(set): code.append(.set(set))
        case .start: code.append(.start)
        case .end: code.append(.end)
        case let .wordBoundary(isBoundary): code.append(.wordBoundary(isBoundary))
        case let .sequence(items): for item in items { emit(item, into: &code) }
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
        case let .repetition(item, min, max):
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
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (states + 63) / 64) { visited in
                visited.initialize(repeating: 0)
                // Each state is entered at most once, so it is pushed at most once; a long text's
                // alternatives beyond the buffer go to an array.
                return withUnsafeTemporaryAllocation(of: (pc: Int32, position: Int32).self, capacity: min(states + 1, 4096)) { stack in
                    var matcher = Matcher(code: instructions, text: scalars, visited: visited, stack: stack)
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
        let text: UnsafeBufferPointer<UInt32>
        let visited: UnsafeMutableBufferPointer<UInt64>
        let stack: UnsafeMutableBufferPointer<(pc: Int32, position: Int32)>
        var depth = 0
        var spill: [(pc: Int32, position: Int32)] = []

        init(code: [RegexInstruction], text: UnsafeBufferPointer<UInt32>, visited: UnsafeMutableBufferPointer<UInt64>, stack: UnsafeMutableBufferPointer<(pc: Int32, position: Int32)>) {
            self.code = code
            self.text = text
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
                    case let .set(set):
                        guard position < text.count, set.contains(text[position]) else { continue threads }
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
                        let before = position > 0 && RegexSet.word.contains(text[position - 1])
                        let after = position < text.count && RegexSet.word.contains(text[position])
                        guard (before != after) == isBoundary else { continue threads }
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
}

// Our backtracking matcher, for patterns with back-references (which no linear matcher can run)
// and those too large for the linear matcher's memo. It follows ECMA-262's matching semantics
// (greedy and lazy order, captures cleared at each repetition, an optional repetition that
// matches the empty string fails, lookaround atomic, a back-reference to a group that captured
// nothing matches the empty string) with an explicit stack of alternatives, and gives up after
// `budget` steps: a pattern that backtracks exponentially on a value ends with `.exceeded` at
// once instead of running for hours.

/// One instruction of a ``RegexBacktracker``.
enum BacktrackInstruction: Sendable {
    /// Consume this code point (`backward`: the one before the position, in a lookbehind).
    case scalar(UInt32, backward: Bool)
    case set(RegexSet, backward: Bool)
    /// Try the first target, then the second.
    case split(Int, Int)
    case jump(Int)
    case start
    case end
    case wordBoundary(Bool)
    /// Record the position in a capture slot (group `n`'s start is slot `2n`, its end `2n + 1`).
    case save(Int)
    /// Forget the captures of these slots (at each repetition of a group that holds them).
    case clear(Range<Int>)
    /// Consume what group `n` captured.
    case backreference(Int, backward: Bool)
    /// A repetition, with its register `r` (count in `2r`, where the iteration began in `2r + 1`):
    /// enter sets the count to 0; head decides whether to iterate (the next instruction) or to
    /// go to `exit`; iterate counts; tail fails an optional iteration that matched nothing and
    /// goes back to the head.
    case repeatEnter(Int)
    case repeatHead(Int, min: Int, max: Int?, greedy: Bool, exit: Int)
    case repeatIterate(Int)
    case repeatTail(Int, min: Int, head: Int)
    /// A lookaround: its body runs from `body` to its own `.match`; then on at `next`.
    case look(body: Int, next: Int, negated: Bool)
    case match
}

/// A pattern compiled for the backtracking matcher.
struct RegexBacktracker: Sendable {
    /// The most steps (instructions run) a search may take.
    static let budget = 1_000_000

    let code: [BacktrackInstruction]
    /// Capture slots: two per group, group 0 unused.
    let slots: Int
    let registers: Int
    /// Whether the program starts with `^`, so only position 0 need be tried.
    let anchored: Bool

    init(_ node: RegexNode) {
        var emitter = Emitter()
        emitter.emit(node, backward: false)
        emitter.code.append(.match)
        code = emitter.code
        slots = 2 * max(node.groups.upperBound, 1)
        registers = 2 * emitter.registers
        if case .start = code[0] { anchored = true } else { anchored = false }
    }

    private struct Emitter {
        var code: [BacktrackInstruction] = []
        var registers = 0

        mutating func emit(_ node: RegexNode, backward: Bool) {
            switch node {
            case let .scalar(scalar): code.append(.scalar(scalar.value, backward: backward))
            case let .set(set): code.append(.set(set, backward: backward))
            case .start: code.append(.start)
            case .end: code.append(.end)
            case let .wordBoundary(isBoundary): code.append(.wordBoundary(isBoundary))
            case let .sequence(items):
                // A lookbehind matches right to left.
                for item in backward ? items.reversed() : items { emit(item, backward: backward) }
            case let .alternation(branches):
                var jumps: [Int] = []
                for (index, branch) in branches.enumerated() {
                    if index < branches.count - 1 {
                        let split = code.count
                        code.append(.split(split + 1, 0))
                        emit(branch, backward: backward)
                        jumps.append(code.count)
                        code.append(.jump(0))
                        code[split] = .split(split + 1, code.count)
                    } else {
                        emit(branch, backward: backward)
                    }
                }
                for jump in jumps { code[jump] = .jump(code.count) }
            case let .repetition(item, minimum, maximum, greedy):
                guard maximum != 0 else { return }
                let register = registers
                registers += 1
                code.append(.repeatEnter(register))
                let head = code.count
                code.append(.repeatHead(register, min: minimum, max: maximum, greedy: greedy, exit: 0))
                code.append(.repeatIterate(register))
                let groups = item.groups
                if !groups.isEmpty { code.append(.clear((2 * groups.lowerBound)..<(2 * groups.upperBound))) }
                emit(item, backward: backward)
                code.append(.repeatTail(register, min: minimum, head: head))
                code[head] = .repeatHead(register, min: minimum, max: maximum, greedy: greedy, exit: code.count)
            case let .group(item, index):
                code.append(.save(backward ? 2 * index + 1 : 2 * index))
                emit(item, backward: backward)
                code.append(.save(backward ? 2 * index : 2 * index + 1))
            case let .look(body, ahead, negated):
                let look = code.count
                code.append(.look(body: look + 1, next: 0, negated: negated))
                emit(body, backward: !ahead)
                code.append(.match)
                code[look] = .look(body: look + 1, next: code.count, negated: negated)
            case let .backreference(index):
                code.append(.backreference(index, backward: backward))
            }
        }
    }

    /// Whether the pattern matches somewhere in `text`, or `.exceeded` once the search has run
    /// ``budget`` steps.
    func search(_ text: String) -> SchemaPattern.Outcome {
        let scalars = text.unicodeScalars.map(\.value)
        var steps = 0
        let captures = [Int](repeating: -1, count: slots)
        let registers = [Int](repeating: 0, count: registers)
        for start in 0...scalars.count {
            switch run(0, start, captures, registers, scalars, &steps) {
            case .match: return .match
            case .exceeded: return .exceeded
            case .failure: if anchored { return .noMatch }
            }
        }
        return .noMatch
    }

    private enum RunResult {
        case match([Int])
        case failure
        case exceeded
    }

    /// Runs from `startPC` at `startPosition` until the first `.match` (with the captures then).
    private func run(_ startPC: Int, _ startPosition: Int, _ startCaptures: [Int], _ startRegisters: [Int], _ text: [UInt32], _ steps: inout Int) -> RunResult {
        var alternatives: [(pc: Int, position: Int, captures: [Int], registers: [Int])] = [(startPC, startPosition, startCaptures, startRegisters)]
        threads: while let thread = alternatives.popLast() {
            var (pc, position, captures, registers) = thread
            while true {
                steps += 1
                if steps > Self.budget { return .exceeded }
                switch code[pc] {
                case let .scalar(value, backward):
                    if backward {
                        guard position > 0, text[position - 1] == value else { continue threads }
                        position -= 1
                    } else {
                        guard position < text.count, text[position] == value else { continue threads }
                        position += 1
                    }
                    pc += 1
                case let .set(set, backward):
                    if backward {
                        guard position > 0, set.contains(text[position - 1]) else { continue threads }
                        position -= 1
                    } else {
                        guard position < text.count, set.contains(text[position]) else { continue threads }
                        position += 1
                    }
                    pc += 1
                case let .split(first, second):
                    alternatives.append((second, position, captures, registers))
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
                case let .save(slot):
                    captures[slot] = position
                    pc += 1
                case let .clear(slots):
                    for slot in slots { captures[slot] = -1 }
                    pc += 1
                case let .backreference(group, backward):
                    let (start, end) = (captures[2 * group], captures[2 * group + 1])
                    if start >= 0, end >= 0 {
                        let length = end - start
                        steps += length
                        if backward {
                            guard position >= length, text[(position - length)..<position].elementsEqual(text[start..<end]) else { continue threads }
                            position -= length
                        } else {
                            guard position + length <= text.count, text[position..<(position + length)].elementsEqual(text[start..<end]) else { continue threads }
                            position += length
                        }
                    }
                    pc += 1
                case let .repeatEnter(register):
                    registers[2 * register] = 0
                    pc += 1
                case let .repeatHead(register, minimum, maximum, greedy, exit):
                    let count = registers[2 * register]
                    if count < minimum {
                        pc += 1
                    } else if let maximum, count >= maximum {
                        pc = exit
                    } else if greedy {
                        alternatives.append((exit, position, captures, registers))
                        pc += 1
                    } else {
                        alternatives.append((pc + 1, position, captures, registers))
                        pc = exit
                    }
                case let .repeatIterate(register):
                    registers[2 * register] += 1
                    registers[2 * register + 1] = position
                    pc += 1
                case let .repeatTail(register, minimum, head):
                    guard registers[2 * register] <= minimum || position != registers[2 * register + 1] else { continue threads }
                    pc = head
                case let .look(body, next, negated):
                    switch run(body, position, captures, registers, text, &steps) {
                    case .exceeded:
                        return .exceeded
                    case let .match(found):
                        guard !negated else { continue threads }
                        captures = found
                        pc = next
                    case .failure:
                        guard negated else { continue threads }
                        pc = next
                    }
                case .match:
                    return .match(captures)
                }
            }
        }
        return .failure
    }
}

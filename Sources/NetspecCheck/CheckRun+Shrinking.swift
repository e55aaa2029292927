import Netspec
import NetspecModel

/// A failure made small: optional arguments left out and values simplified one at a time, each
/// candidate sent and judged again, kept only when it fails the same check and is still the same
/// kind of request (a negative case stays negative on the wire: shrinking never turns invalid
/// data into valid data and calls it accepted). No candidate is sent once the run's deadline
/// (`--time-limit`) has passed: the smallest failing case found so far is kept, marked as
/// shrinking cut short.
extension CheckRun {
    /// The smallest failing case found, with the request, answer and violation of its last send.
    struct Shrunk {
        var checkCase: CheckCase
        var request: PreparedRequest
        var answer: ExchangeAnswer
        var violation: CheckViolation
        /// Whether the deadline stopped shrinking while candidates were left to send.
        var cutShort = false
    }

    /// The most candidates sent while shrinking one failure.
    static let shrinkBudget = 40

    /// The failure shrunk, sending candidates until none is smaller, the budget is spent or the
    /// run's deadline has passed.
    func shrink(_ checkCase: CheckCase, request: PreparedRequest, answer: ExchangeAnswer, violation: CheckViolation) async -> Shrunk {
        var best = Shrunk(checkCase: checkCase, request: request, answer: answer, violation: violation)
        var budget = Self.shrinkBudget
        var improved = true
        while improved, budget > 0 {
            improved = false
            for candidate in candidates(of: best.checkCase) where budget > 0 {
                let classified = classify(candidate)
                guard (classified.problem == nil) == (best.checkCase.problem == nil) else { continue }
                if isPastDeadline() {
                    best.cutShort = true
                    return best
                }
                budget -= 1
                guard let (request, answer) = await exchange(classified),
                      let again = evaluator.violations(of: classified, answer: answer).first(where: { $0.check == violation.check }) else { continue }
                best = Shrunk(checkCase: classified, request: request, answer: answer, violation: again)
                improved = true
                break
            }
        }
        return best
    }

    /// Smaller cases: each optional argument left out, then each value simplified.
    private func candidates(of checkCase: CheckCase) -> [CheckCase] {
        var candidates: [CheckCase] = []
        for name in checkCase.arguments.keys.sorted() where checkCase.endpoint.parameter(named: name)?.isRequired == false {
            var smaller = checkCase
            smaller.arguments[name] = nil
            candidates.append(smaller)
        }
        for name in checkCase.arguments.keys.sorted() {
            guard let value = checkCase.arguments[name], let simpler = Self.simpler(value) else { continue }
            var smaller = checkCase
            smaller.arguments[name] = simpler
            candidates.append(smaller)
        }
        return candidates
    }

    /// A simpler value of the same type: half a string or array, an integer nearer zero, an
    /// object without its last member; `nil` when none is simpler.
    static func simpler(_ value: JSONValue) -> JSONValue? {
        switch value {
        case let .string(text) where text.count > 1: .string(String(text.prefix(text.count / 2)))
        case let .array(items) where !items.isEmpty: .array(Array(items.prefix(items.count / 2)))
        case let .int(number) where number != 0 && abs(number) > 1: .int(number / 2)
        case let .double(number) where number != number.rounded(): .double(number.rounded())
        case let .object(object) where !object.keys.isEmpty:
            .object(JSONObject(object.keys.dropLast().map { ($0, object[$0]!) }))
        default: nil
        }
    }
}

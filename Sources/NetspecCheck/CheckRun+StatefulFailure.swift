import Netspec
import NetspecModel

/// A failure a stateful sequence finds: claimed once per operation and check like the other
/// phases' (not shrunk: each step's values come from the answers before it), reported with the
/// whole sequence — each request and its answer's status — and reproduced as one `netspec call`
/// line and one curl line per step, in order.
extension CheckRun {
    /// Records `violation` of the sequence's last step, unless its operation already failed that check.
    func record(_ violation: CheckViolation, steps: [SequenceStep]) {
        guard let last = steps.last, !failures(among: [violation], of: last.checkCase, answer: last.answer).isEmpty else { return }
        let key = last.checkCase.endpoint.name + " " + violation.check.rawValue
        guard state.withLockedValue({ $0.claimed.insert(key).inserted }) else { return }
        var failure = failure(last.checkCase, request: last.request, answer: last.answer, violation: violation)
        if steps.count > 1 {
            let shown = steps.map { reproduction($0.checkCase, request: $0.request) }
            failure.request = zip(steps, shown).enumerated().map { index, item in
                let text = String(item.1.httpMessage.reversed().drop { $0.isNewline }.reversed())
                return "\(index + 1). \(text)\n→ \(item.0.answer.status)"
            }.joined(separator: "\n")
            failure.reproduceWithNetspec = zip(steps, shown).map { netspecCommand($0.checkCase, shown: $1) }.joined(separator: "\n")
            failure.reproduceWithCurl = shown.map { $0.curlCommand(options: checker.curlOptions) }.joined(separator: "\n")
        }
        state.withLockedValue { $0.failures[key] = failure }
    }
}

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
            failure.request = steps.enumerated().map { index, step in
                let message = service.reproducingMessage(step.request, endpoint: step.checkCase.endpoint, credentials: .configured)
                let text = String(message.reversed().drop { $0.isNewline }.reversed())
                return "\(index + 1). \(text)\n→ \(step.answer.status)"
            }.joined(separator: "\n")
            failure.reproduceWithNetspec = steps.map { netspecCommand($0.checkCase) }.joined(separator: "\n")
            failure.reproduceWithCurl = steps.map { service.reproducingCurl($0.request, endpoint: $0.checkCase.endpoint, credentials: .configured) }.joined(separator: "\n")
        }
        state.withLockedValue { $0.failures[key] = failure }
    }
}

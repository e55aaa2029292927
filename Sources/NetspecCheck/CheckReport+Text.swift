import NetspecModel
public import Netspec

/// The report as `netspec check` prints it: each failure in full, then the summary table.
extension CheckReport {
    /// Each failure: the check and operation, why, the request, the answer, the violations and
    /// the two reproduction lines.
    public var failuresText: String {
        failures.map { failure in
            var text = "\(failure.operation): \(failure.check.rawValue) (\(failure.phase.rawValue))\n  \(failure.message)\n"
            if failure.shrinkingCutShort { text += "  (shrinking stopped at the time limit: a smaller request may fail too)\n" }
            if !failure.violations.isEmpty { text += failure.violations.map { "  - \($0)\n" }.joined() }
            text += "  request:\n" + Self.indented(String(failure.request.reversed().drop { $0.isNewline }.reversed()))
            text += "  answer: \(failure.status)\n" + Self.indented(failure.responseHeaders.joined(separator: "\n"))
            if !failure.responseBody.isEmpty { text += Self.indented("\n" + failure.responseBody) }
            text += "  Reproduce with:\n" + Self.indented(failure.reproduceWithNetspec) + Self.indented(failure.reproduceWithCurl)
            return text
        }.joined(separator: "\n")
    }

    /// One line per operation (method, path, requests, the checks it failed), then the totals.
    public var summaryText: String { summaryText(describing: \.description) }

    /// ``summaryText`` with the reason a request was not sent in `describe`'s words (the command
    /// line's advice names `--var` where the library's names `Provider(variables:)`).
    public func summaryText(describing describe: (CallError.ConfigurationError) -> String) -> String {
        var rows = [["operation", "method", "path", "requests", "failed"]]
        for operation in operations {
            rows.append([
                operation.name, operation.method, operation.path, String(operation.requests),
                operation.failedChecks.isEmpty ? "-" : operation.failedChecks.map(\.rawValue).joined(separator: ", "),
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = rows.map { row in
            zip(row, widths).enumerated().map { index, cell in
                index == row.count - 1 ? cell.0 : cell.0 + String(repeating: " ", count: cell.1 - cell.0.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n\n"
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int(Double(requestCount) / seconds) : requestCount
        text += "\(pluralized(requestCount, "request")) in \(Self.rounded(seconds)) s (\(rate)/s), seed \(seed)"
        if reachedTimeLimit { text += ", stopped by the time limit" }
        if notSentCount > 0 { text += ", \(notSentCount) not sent (first: \(firstNotSent.map { "\($0.request): \(describe($0.error))" } ?? "?"))" }
        if unansweredCount > 0 { text += ", \(unansweredCount) unanswered (first: \(firstTransportError ?? "?"))" }
        let failed = "; \(pluralized(failures.count, "failure"))"
        if requestCount > 0, unansweredCount + notSentCount == requestCount {
            text += (failures.isEmpty ? "" : failed) + "; no request was answered\n"
        } else if notSentCount > 0 {
            // Never "no failures" for a run whose requests were not all made.
            text += (failures.isEmpty ? "" : failed) + "; incomplete: not every request was sent\n"
        } else {
            text += failures.isEmpty ? "; no failures\n" : failed + "\n"
        }
        if !mockAnswers.isEmpty {
            text += "not failures: answers the server marks as netspec mock's own (Netspec-Mock-Answer, docs/mock.md):\n"
            text += mockAnswers.map { "  \($0.count) × \($0.what)\n" }.joined()
        }
        return text
    }

    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    static func rounded(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

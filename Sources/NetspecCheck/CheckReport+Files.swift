public import NetspecModel

/// The report as the files `--report json=FILE,junit=FILE` writes.
extension CheckReport {
    /// The report as JSON: `seed`, `requests`, `seconds`, `operations` and `failures` (each
    /// with its request, answer, violations and reproduction lines, and `shrinkingCutShort:
    /// true` when the time limit stopped its shrinking).
    public var json: JSONValue {
        let failures: [JSONValue] = failures.map { failure in
            var object = JSONObject([
                ("check", .string(failure.check.rawValue)), ("operation", .string(failure.operation)), ("phase", .string(failure.phase.rawValue)),
                ("message", .string(failure.message)), ("violations", .array(failure.violations.map(JSONValue.string))),
                ("request", .string(failure.request)), ("status", .int(failure.status)),
                ("responseHeaders", .array(failure.responseHeaders.map(JSONValue.string))), ("responseBody", .string(failure.responseBody)),
                ("reproduce", .array([.string(failure.reproduceWithNetspec), .string(failure.reproduceWithCurl)])),
            ])
            if failure.shrinkingCutShort { object["shrinkingCutShort"] = .bool(true) }
            return .object(object)
        }
        let operations: [JSONValue] = operations.map { operation in
            .object(JSONObject([
                ("operation", .string(operation.name)), ("method", .string(operation.method)), ("path", .string(operation.path)),
                ("requests", .int(operation.requests)), ("failed", .array(operation.failedChecks.map { .string($0.rawValue) })),
            ]))
        }
        return .object(JSONObject([
            ("seed", .string(String(seed))), ("requests", .int(requestCount)), ("seconds", .double(Double(Self.rounded(seconds)) ?? 0)),
            ("reachedTimeLimit", .bool(reachedTimeLimit)), ("unanswered", .int(unansweredCount)),
            ("notSent", .int(notSentCount)), ("operations", .array(operations)), ("failures", .array(failures)),
            ("mockAnswers", .array(mockAnswers.map { .object(["count": .int($0.count), "what": .string($0.what)]) })),
        ]))
    }

    /// The report as JUnit XML: a test suite per operation, a test case per check it was held
    /// to, a `<failure>` for each it failed (the message, then the request, answer and
    /// reproduction lines).
    public func junitXML(checks: Set<CheckName>) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"netspec check\" tests=\"\(operations.count * checks.count)\" failures=\"\(failures.count)\" time=\"\(Self.rounded(seconds))\">\n"
        for operation in operations {
            let failed = self.failures.filter { $0.operation == operation.name }
            xml += "  <testsuite name=\(Self.attribute(operation.name)) tests=\"\(checks.count)\" failures=\"\(failed.count)\">\n"
            for check in checks.sorted() {
                xml += "    <testcase name=\(Self.attribute(check.rawValue)) classname=\(Self.attribute(operation.name))"
                guard let failure = failed.first(where: { $0.check == check }) else {
                    xml += "/>\n"
                    continue
                }
                let details = [failure.message] + failure.violations + ["", failure.request, "answer: \(failure.status)", "", "Reproduce with:", failure.reproduceWithNetspec, failure.reproduceWithCurl]
                xml += ">\n      <failure message=\(Self.attribute(failure.message))>\(Self.escaped(details.joined(separator: "\n")))</failure>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    var seconds: Double { Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }

    static func attribute(_ text: String) -> String { "\"" + XMLEscaping.escaped(text, inAttribute: true) + "\"" }

    /// XML text with XML 1.0's escapes (``XMLEscaping``); characters XML 1.0 cannot hold are left out.
    static func escaped(_ text: String) -> String { XMLEscaping.escaped(text, inAttribute: false) }
}

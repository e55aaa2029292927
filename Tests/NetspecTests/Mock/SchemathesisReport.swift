import Foundation

/// What one `st run` (Schemathesis 4.32.5) printed in its `FAILURES` section, failure by failure:
/// each kind with the operation it is for, so that an allowance can name both.
///
/// The rule, from Schemathesis's `cli/output.py` and `engine/statistic.py`: the section (between
/// the `=== FAILURES ===` line and the next `===` line) has a heading a reported label
/// (`____ POST /v1/customers/{customer} ____`, underscores to the terminal's width, which is why
/// ``SchemathesisReport/environment`` widens it), under which each test case is
/// `N. Test Case ID: …`, its kinds `- ST201 Schema-violating request accepted` (with
/// ` (N violations)` when several), its response and `Reproduce with:` one `curl -X METHOD …
/// URL` a request sent, oldest first. A label is the operation (Schemathesis's `METHOD /path`),
/// except `Stateful tests`, where a case is a sequence of requests: its failure is the last
/// request's, the failing step, whose method and path (the URL after the base URL, to its `?`)
/// are matched to the document's operations (a `{…}` of a template matches any text of one
/// segment, the empty one included; the template with the most literal text wins), or kept as
/// sent when none matches. A failure not tied to a case (`Run checks`) is its label's.
struct SchemathesisReport {
    /// One kind of failure Schemathesis reported for one operation.
    struct Failure: Hashable, Comparable, CustomStringConvertible {
        /// As the summary names it: `ST201 Schema-violating request accepted`.
        var kind: String
        /// Schemathesis's label of the operation: `POST /v1/customers/{customer}`.
        var operation: String

        var description: String { "\(kind) on \(operation)" }

        static func < (lhs: Failure, rhs: Failure) -> Bool { (lhs.kind, lhs.operation) < (rhs.kind, rhs.operation) }
    }

    /// The label of the failures of the stateful phase.
    static let statefulLabel = "Stateful tests"

    /// The environment `st` runs in for its headings to hold any label whole (Python's
    /// `shutil.get_terminal_size` reads `COLUMNS`; a label longer than the width has no underscores).
    static let environment: [String: String?] = ["COLUMNS": "1000"]

    /// Every failure reported, each kind and operation once, sorted.
    let failures: [Failure]
    /// The kinds the summary's `Failures:` block lists (`  ❌ ST103 Undocumented status code: 8`).
    let summaryKinds: Set<String>

    /// Reads the standard output of `st run … --url base`; `operations` are the document's
    /// (method and path template) the stateful phase's requests are matched to.
    init(stdout: String, base: String, operations: [(method: String, path: String)]) {
        var failures = Set<Failure>()
        var summaryKinds = Set<String>()
        var inFailures = false
        var label = ""
        var kinds: [String] = []
        var method: String?
        var path: String?
        // A case ends at the next case, heading or section: its kinds get their operation.
        func endCase() {
            let operation = label == Self.statefulLabel
                ? Self.operation(method: method ?? "?", path: path ?? "?", in: operations)
                : label
            for kind in kinds { failures.insert(Failure(kind: kind, operation: operation)) }
            (kinds, method, path) = ([], nil, nil)
        }
        for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("=") {
                endCase()
                inFailures = line.contains(" FAILURES ")
            } else if let kind = Self.summaryKind(line) {
                summaryKinds.insert(kind)
            } else if !inFailures {
                continue
            } else if line.hasPrefix("_") {
                endCase()
                label = line.trimmingCharacters(in: CharacterSet(charactersIn: "_ "))
            } else if line.first?.isNumber == true, line.contains(". Test Case ID: ") {
                endCase()
            } else if line.hasPrefix("- ST") {
                kinds.append(Self.kind(line))
            } else if let request = Self.request(line, base: base) {
                method = request.method ?? method
                path = request.path ?? path
            }
        }
        endCase()
        self.failures = failures.sorted()
        self.summaryKinds = summaryKinds
    }

    /// `- ST201 Schema-violating request accepted (2 violations)` → `ST201 Schema-violating request accepted`.
    private static func kind(_ line: Substring) -> String {
        var kind = line.dropFirst(2)
        if kind.hasSuffix(" violations)"), let open = kind.range(of: " (", options: .backwards) { kind = kind[..<open.lowerBound] }
        return String(kind)
    }

    /// `  ❌ ST103 Undocumented status code: 8` → `ST103 Undocumented status code`.
    private static func summaryKind(_ line: Substring) -> String? {
        guard line.hasPrefix("  ❌ ST"), let count = line.range(of: ": ", options: .backwards) else { return nil }
        return String(line[line.index(line.startIndex, offsetBy: 4)..<count.lowerBound])
    }

    /// A `Reproduce with:` line's method (`curl -X METHOD`) and path (after the last `base`, to
    /// its `?` or the quote or space that ends the URL); `nil` for a line with neither.
    private static func request(_ line: Substring, base: String) -> (method: String?, path: String?)? {
        let trimmed = line.drop { $0 == " " }
        let method = trimmed.hasPrefix("curl -X ") ? trimmed.dropFirst(8).prefix { $0 != " " } : nil
        let path = line.range(of: base, options: .backwards).map { line[$0.upperBound...].prefix { !"?' ".contains($0) } }
        guard method != nil || path != nil else { return nil }
        return (method.map(String.init), path.map { $0.isEmpty ? "/" : String($0) })
    }

    /// The label of the operation a request to `path` with `method` is for: `METHOD /template`,
    /// or `METHOD path` as sent when no operation's template matches.
    static func operation(method: String, path: String, in operations: [(method: String, path: String)]) -> String {
        let sent = path.split(separator: "/", omittingEmptySubsequences: false).map { $0.removingPercentEncoding ?? String($0) }
        let candidates = operations.filter { $0.method == method }.compactMap { operation -> (path: String, literal: Int)? in
            let template = operation.path.split(separator: "/", omittingEmptySubsequences: false)
            guard template.count == sent.count, zip(template, sent).allSatisfy({ matches($1, $0) }) else { return nil }
            return (operation.path, template.reduce(0) { $0 + literalText($1).reduce(0) { $0 + $1.count } })
        }
        guard let best = candidates.max(by: { $0.literal < $1.literal }) else { return "\(method) \(path)" }
        return "\(method) \(best.path)"
    }

    /// Whether a segment sent matches a template's segment, whose `{…}` match any text.
    private static func matches(_ segment: String, _ template: Substring) -> Bool {
        let pieces = literalText(template)
        guard template.contains("{") else { return segment == template }
        var rest = Substring(segment)
        for (index, piece) in pieces.enumerated() {
            if index == 0, !template.hasPrefix("{") {
                guard rest.hasPrefix(piece) else { return false }
                rest = rest.dropFirst(piece.count)
            } else if index == pieces.count - 1, !template.hasSuffix("}") {
                return rest.hasSuffix(piece) && rest.count >= piece.count
            } else if let found = rest.range(of: piece) {
                rest = rest[found.upperBound...]
            } else {
                return false
            }
        }
        return true
    }

    /// The literal pieces of a template's segment, between its `{…}`.
    private static func literalText(_ template: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var rest = template
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { pieces.append(rest[..<open]) }
            guard let close = rest[open...].firstIndex(of: "}") else { return pieces + [rest[open...]] }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(rest) }
        return pieces
    }
}

import Netspec
import NetspecModel

// An answer's integer with more digits than a Double keeps (`{"id": 123456789012345678901234567890}`)
// is a `.double` in its `JSONValue` (JSONValue+BigIntegers.swift), and would print as the digits
// of that Double's exact value (`123456789012345677877719597056`). A value printed as it is in the
// answer's text — a whole body, a page's item (`--paginate`), a stream's line or event — prints
// with the digits it had; where they cannot be had (a key path, a tuple, a query), the number
// prints as before and one line on standard error says so. The answer's text is read again only
// when the writer has printed an integer beyond `Int`; an ordinary answer costs nothing more.

/// A literal of an answer's text: its JSON Pointer there, its text, and the `Double` it is read as.
typealias IntegerLiteral = (pointer: String, literal: String, value: Double)

/// The text of an answer a result is printed from (a body, a page, a stream's line or event),
/// read for its integers beyond `Int` and parsed only when they are asked for, once each.
final class AnswerText {
    let bytes: [UInt8]
    private(set) lazy var literals = JSONValue.wideIntegerLiterals(inJSON: bytes)
    /// The text as JSON, `nil` when it is not JSON.
    private(set) lazy var document: JSONValue? = try? JSONValue(parsing: bytes)

    /// - Parameter document: the text as JSON when reading the answer parsed it already (a
    ///   page's, ``Service/Items/AsyncIterator/pageDocument``), so that it is not parsed again.
    init(_ bytes: [UInt8], document: JSONValue?? = nil) {
        self.bytes = bytes
        if let document { self.document = document }
    }
}

/// An answer's text and the values printed from it, each meant to be the JSON at a JSON Pointer
/// there (`""` for the whole text, `/data/3` for a page's item). A value a key path, query or
/// tuple selected or reshaped is not the JSON there: its integers' digits are not kept.
typealias PrintedAnswer = (text: AnswerText, parts: [(pointer: String, value: JSONValue)])

extension ResultPrinter {
    /// Prints a JSON result as standard output shows JSON (``Terminal/format(_:raw:)``), keeping
    /// the digits of the answer's integers a `Double` changed when `value` is the whole `body`,
    /// and warning about those it printed otherwise.
    func emitJSON(_ value: JSONValue, answer body: [UInt8]) throws(CLIError) {
        let terminal = Terminal.standardOutput
        let (text, unkept) = Self.json(value, writer: terminal.jsonWriter(raw: raw)) { [(AnswerText(body), [("", value)])] }
        try terminal.emit(text + [UInt8(ascii: "\n")])
        if let warning = Self.digitsWarning(unkept) { Terminal.standardError.write(warning) }
    }

    /// `value` written by a copy of `writer` (a new one), each integer beyond `Int` with the
    /// digits its answer wrote where `value` holds the JSON of that answer as it is
    /// (``keptDigits(printed:answers:)``), and the literals it printed with other digits; `answers`
    /// is called only when the writer printed such an integer.
    static func json(_ value: JSONValue, writer: JSONWriter, answers: () -> [PrintedAnswer]) -> (text: [UInt8], unkept: [IntegerLiteral]) {
        var output = writer
        output.write(value)
        guard !output.wideIntegers.isEmpty else { return (output.output, []) }
        let (kept, changed) = keptDigits(printed: output.wideIntegers, answers: answers())
        if !kept.isEmpty {
            output = writer
            output.integerLiterals = kept
            output.write(value)
        }
        return (output.output, changed.filter { kept[$0.value.bitPattern] == nil })
    }

    /// The answers' literals of the integers `printed` inside the values printed from them that a
    /// `Double` changed (`changed`), and the literals to write for them (`kept`, by the Double's bit
    /// pattern): each literal of a value that is the JSON at its pointer, unless another literal
    /// printed is read as the same Double (which one a number was cannot be told) or is not kept.
    static func keptDigits(printed: [Double], answers: [PrintedAnswer]) -> (kept: [UInt64: String], changed: [IntegerLiteral]) {
        let printedBits = Set(printed.map(\.bitPattern))
        var literals: [(literal: IntegerLiteral, keeps: Bool)] = []
        for (text, parts) in answers {
            let found = text.literals.filter { printedBits.contains($0.value.bitPattern) }
            // Without a literal a Double changed, nothing is to be kept: the text is not parsed.
            let changes = found.contains { JSONValue.integerLiteralLoss($0.literal) != nil }
            let values = Dictionary(parts.map { ($0.pointer, $0.value) }, uniquingKeysWith: { first, _ in first })
            var isAsWritten: [String: Bool] = [:]
            for literal in found {
                guard let place = enclosingPointer(of: literal.pointer, in: values), let value = values[place] else { continue }
                let keeps = isAsWritten[place] ?? (changes && text.document.flatMap { Self.value(atPointer: place, in: $0) } == value)
                isAsWritten[place] = keeps
                literals.append((literal, keeps))
            }
        }
        var spellings: [UInt64: Set<String>] = [:], unkeepable: Set<UInt64> = []
        for (literal, keeps) in literals {
            spellings[literal.value.bitPattern, default: []].insert(literal.literal)
            if !keeps { unkeepable.insert(literal.value.bitPattern) }
        }
        let changed = literals.map { $0.literal }.filter { JSONValue.integerLiteralLoss($0.literal) != nil }
        var kept: [UInt64: String] = [:]
        for literal in changed where spellings[literal.value.bitPattern]?.count == 1 && !unkeepable.contains(literal.value.bitPattern) {
            kept[literal.value.bitPattern] = literal.literal
        }
        return (kept, changed)
    }

    /// The pointer among `places` that `pointer` is, or is inside of (`/data/3` for
    /// `/data/3/id`, `""` for any), the innermost; `nil` when there is none.
    private static func enclosingPointer(of pointer: String, in places: [String: JSONValue]) -> String? {
        var candidate = Substring(pointer)
        while true {
            if places.index(forKey: String(candidate)) != nil { return String(candidate) }
            guard let slash = candidate.lastIndex(of: "/") else { return nil }
            candidate = candidate[..<slash]
        }
    }

    /// The value at a JSON Pointer (RFC 6901) in `value`, or `nil` where there is none.
    static func value(atPointer pointer: String, in value: JSONValue) -> JSONValue? {
        var current = value
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = String(token).replacing("~1", with: "/").replacing("~0", with: "~")
            switch current {
            case let .object(object):
                guard let next = object[key] else { return nil }
                current = next
            case let .array(array):
                guard let index = Int(key), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The JSON Pointer of the element at `index` of the array at `path` (`/data/3`).
    static func pointer(_ path: JSONValue.KeyPath, index: Int) -> String {
        path.segments.map { "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1") }.joined() + "/\(index)"
    }

    /// The one warning line for the answer's integers printed with other digits, the first named
    /// by its JSON Pointer, or `nil` when there are none.
    static func digitsWarning(_ changed: [IntegerLiteral]) -> String? {
        guard let first = changed.first, let printed = JSONValue.integerLiteralLoss(first.literal) else { return nil }
        let place = first.pointer.isEmpty ? "" : " at \(PrintableText.inline(first.pointer))"
        let more = switch changed.count - 1 {
        case 0: ""
        case 1: " (and 1 more such integer)"
        case let count: " (and \(count) more such integers)"
        }
        return "warning: the answer's integer\(place), \(first.literal), has more digits than netspec keeps (about 17); printed as \(printed)\(more)\n"
    }
}

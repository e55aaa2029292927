import Netspec
import NetspecModel

// An answer's integer with more digits than a Double keeps (`{"id": 123456789012345678901234567890}`)
// is a `.double` in its `JSONValue` (JSONValue+BigIntegers.swift), and would print as the digits
// of that Double's exact value (`123456789012345677877719597056`). A whole body prints with the
// digits it had; where they cannot be had (a key path, a tuple, a query), the number prints as
// before and one line on standard error says so. The answer's text is read again only when the
// writer has printed an integer beyond `Int`; an ordinary answer costs nothing more.

extension ResultPrinter {
    /// Prints a JSON result as standard output shows JSON (``Terminal/format(_:raw:)``), keeping
    /// the digits of the answer's integers a `Double` changed when `value` is the whole `body`,
    /// and warning about those it printed otherwise.
    func emitJSON(_ value: JSONValue, answer body: [UInt8]) throws(CLIError) {
        let terminal = Terminal.standardOutput
        let pretty = terminal.isTerminal && !raw, colored = terminal.allowsColor && !raw
        var writer = JSONWriter(pretty: pretty, colored: colored, indent: 4)
        writer.write(value)
        var warning: String?
        if !writer.wideIntegers.isEmpty {
            let printed = Set(writer.wideIntegers.map(\.bitPattern))
            let literals = JSONValue.wideIntegerLiterals(inJSON: body).filter { printed.contains($0.value.bitPattern) }
            let changed = literals.filter { JSONValue.integerLiteralLoss($0.literal) != nil }
            // The whole body: each changed literal is written as it came, unless another literal
            // of the answer is read as the same Double (which one a number was cannot be told).
            var kept: [UInt64: String] = [:]
            if !changed.isEmpty, (try? JSONValue(parsing: body)) == value {
                let spellings = Dictionary(grouping: literals) { $0.value.bitPattern }.mapValues { Set($0.map { $0.literal }) }
                for literal in changed where spellings[literal.value.bitPattern]?.count == 1 {
                    kept[literal.value.bitPattern] = literal.literal
                }
            }
            if !kept.isEmpty {
                writer = JSONWriter(pretty: pretty, colored: colored, indent: 4)
                writer.integerLiterals = kept
                writer.write(value)
            }
            warning = Self.digitsWarning(changed.filter { kept[$0.value.bitPattern] == nil })
        }
        try terminal.emit(writer.output + [UInt8(ascii: "\n")])
        if let warning { Terminal.standardError.write(warning) }
    }

    /// The one warning line for the answer's integers printed with other digits, the first named
    /// by its JSON Pointer, or `nil` when there are none.
    static func digitsWarning(_ changed: [(pointer: String, literal: String, value: Double)]) -> String? {
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

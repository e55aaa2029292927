/// Writes a value as block-style YAML (`netspec overlay`'s output for a YAML document): mappings
/// and sequences indented by two spaces, in order; a string plain where the YAML 1.2 core schema
/// reads it back as the same string, else double-quoted with every character YAML does not take
/// as printable, or would fold as a line break, escaped; `{}` and
/// `[]` for empty collections. Reading the output gives the same value back, in YAML 1.2 and in
/// YAML 1.1 readers (`yes`, `no`, `on` and `off` are quoted).
package struct YAMLEmitter {
    package private(set) var output = ""

    package init() {}

    /// `value` as a YAML document, ending with a line break.
    package static func document(_ value: JSONValue) -> String {
        var emitter = YAMLEmitter()
        emitter.write(value, indent: 0, afterKey: false)
        if !emitter.output.hasSuffix("\n") { emitter.output += "\n" }
        return emitter.output
    }

    /// Writes `value` at `indent`: after `key:` a scalar or empty collection stays on the line,
    /// a collection starts on the next.
    private mutating func write(_ value: JSONValue, indent: Int, afterKey: Bool) {
        let padding = String(repeating: " ", count: indent)
        switch value {
        case let .object(object) where !object.isEmpty:
            if afterKey { output += "\n" }
            for (position, member) in object.enumerated() {
                if position > 0 || afterKey { output += padding }
                output += Self.scalar(member.key) + ":"
                writeMemberValue(member.value, indent: indent)
            }
        case let .array(items) where !items.isEmpty:
            if afterKey { output += "\n" }
            for (position, item) in items.enumerated() {
                if position > 0 || afterKey { output += padding }
                output += "-"
                switch item {
                case let .object(object) where !object.isEmpty:
                    output += " "
                    write(item, indent: indent + 2, afterKey: false)
                case let .array(inner) where !inner.isEmpty:
                    output += " "
                    write(item, indent: indent + 2, afterKey: false)
                default:
                    output += " " + Self.scalarText(item) + "\n"
                }
            }
        default:
            output += (afterKey ? " " : "") + Self.scalarText(value) + "\n"
        }
    }

    private mutating func writeMemberValue(_ value: JSONValue, indent: Int) {
        switch value {
        case let .object(object) where !object.isEmpty: write(value, indent: indent + 2, afterKey: true)
        case let .array(items) where !items.isEmpty: write(value, indent: indent + 2, afterKey: true)
        default: output += " " + Self.scalarText(value) + "\n"
        }
    }

    /// A scalar or an empty collection as YAML text.
    private static func scalarText(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case let .bool(flag): flag ? "true" : "false"
        case let .string(text): scalar(text)
        case .object: "{}"
        case .array: "[]"
        case .int: json(value)
        // Swift's shortest round-trip text, which YAML reads back as a float (never as an integer,
        // as JSON's integral form of -9.223372036854776e18 would be).
        case let .double(number): number.isNaN ? ".nan" : number.isInfinite ? (number < 0 ? "-.inf" : ".inf") : "\(number)"
        }
    }

    /// A string plain when that reads back as the same string, else double-quoted.
    static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : value(text)
    }

    /// `text` double-quoted: `"` and `\` escaped, and every scalar a YAML reader would refuse
    /// (C0 and C1 controls, DEL, U+FFFE/U+FFFF) or read as something else (U+0085, U+2028 and
    /// U+2029 are line breaks, folded to a space inside quotes; U+FEFF is a byte order mark) as
    /// `\uXXXX`. (JSON's escapes left DEL, the C1 controls and the line separators raw.)
    private static func value(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if isEscaped(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// Whether a scalar is written escaped: not printable in YAML, or a line break or byte order
    /// mark a reader would not give back as itself. (Every scalar above U+FFFF is printable.)
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// A value as compact JSON (numbers, and strings double-quoted with JSON's escapes).
    private static func json(_ value: JSONValue) -> String {
        var writer = JSONWriter(pretty: false, colored: false, indent: 0)
        writer.writeCompact(value)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// Whether `text` written plain is read back as the string `text`: no indicator first, no
    /// `: ` or ` #` inside, no spaces at the ends, nothing the core schema reads as null, a
    /// boolean or a number.
    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@` ".unicodeScalars.contains(first) || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") { return false }
        // YAML 1.1 readers (PyYAML, older tools) take these for booleans: quoted for them.
        if ["y", "n", "yes", "no", "on", "off"].contains(text.lowercased()) { return false }
        if text.unicodeScalars.contains(where: isEscaped) { return false }
        return YAMLScalar(value: text, style: .plain, tag: nil).resolved == .string(text)
    }
}

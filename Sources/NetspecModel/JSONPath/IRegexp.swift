/// I-Regexp (RFC 9485), the regular expressions of JSONPath's `match` and `search`: checked
/// against its grammar and mapped to the ECMA-262 form the schema engine's `SchemaPattern` runs
/// (RFC 9485 §5.3: `.` becomes `[^\n\r]`; the rest is the same). `^` and `$` keep ECMA's meaning
/// as anchors, as the JSONPath Compliance Test Suite expects of implementations that map to ECMA.
enum IRegexp {
    /// The ECMA-262 form of `source`, or `nil` when it is not an I-Regexp.
    static func translate(_ source: String) -> String? {
        var reader = Reader(scalars: Array(source.unicodeScalars))
        guard reader.regexp(), reader.position == reader.scalars.count else { return nil }
        return reader.output
    }

    /// The Unicode general categories `\p{…}` may name (RFC 9485 §3, `IsCategory`).
    private static let categories: Set<String> = [
        "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
        "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs",
        "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co",
    ]

    /// The characters `\` may escape (`SingleCharEsc`), besides `n`, `r`, `t`.
    private static let escapable = Set("()*+-.?[\\]^{|}".unicodeScalars)

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0
        var output = ""
        var depth = 0

        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func take() -> Unicode.Scalar {
            defer { position += 1 }
            return scalars[position]
        }

        /// `i-regexp = branch *("|" branch)`.
        mutating func regexp() -> Bool {
            guard depth < 64 else { return false }
            while true {
                while let next = peek, next != "|", next != ")" {
                    guard piece() else { return false }
                }
                guard peek == "|" else { return true }
                output.unicodeScalars.append(take())
            }
        }

        /// `piece = atom [quantifier]`.
        mutating func piece() -> Bool {
            guard atom() else { return false }
            switch peek {
            case "*", "+", "?":
                output.unicodeScalars.append(take())
            case "{":
                output.unicodeScalars.append(take())
                guard digits() else { return false }
                if peek == "," {
                    output.unicodeScalars.append(take())
                    if peek != "}" { guard digits() else { return false } }
                }
                guard peek == "}" else { return false }
                output.unicodeScalars.append(take())
            default:
                break
            }
            return true
        }

        mutating func digits() -> Bool {
            guard let first = peek, ("0"..."9").contains(first) else { return false }
            while let next = peek, ("0"..."9").contains(next) { output.unicodeScalars.append(take()) }
            return true
        }

        /// `atom = NormalChar / charClass / "(" i-regexp ")"`.
        mutating func atom() -> Bool {
            guard let next = peek else { return false }
            switch next {
            case "(":
                output.unicodeScalars.append(take())
                depth += 1
                defer { depth -= 1 }
                guard regexp(), peek == ")" else { return false }
                output.unicodeScalars.append(take())
                return true
            case ".":
                position += 1
                output += "[^\\n\\r]"
                return true
            case "\\":
                return escape()
            case "[":
                return characterClass()
            case "*", "+", "?", "{", "}", "]", ")", "|":
                return false
            default:
                guard !(0xD800...0xDFFF).contains(next.value) else { return false }
                output.unicodeScalars.append(take())
                return true
            }
        }

        /// `SingleCharEsc / catEsc / complEsc`.
        mutating func escape() -> Bool {
            position += 1
            guard let escaped = peek else { return false }
            if escaped == "p" || escaped == "P" {
                position += 1
                guard peek == "{" else { return false }
                position += 1
                var name = ""
                while let next = peek, next != "}" { name.unicodeScalars.append(take()) }
                guard peek == "}", IRegexp.categories.contains(name) else { return false }
                position += 1
                output += "\\\(escaped){\(name)}"
                return true
            }
            guard IRegexp.escapable.contains(escaped) || escaped == "n" || escaped == "r" || escaped == "t" else { return false }
            position += 1
            output += "\\"
            output.unicodeScalars.append(escaped)
            return true
        }

        /// `charClassExpr = "[" ["^"] ("-" / CCE1) *CCE1 ["-"] "]"`.
        mutating func characterClass() -> Bool {
            output.unicodeScalars.append(take())
            if peek == "^" { output.unicodeScalars.append(take()) }
            var first = true
            while let next = peek, next != "]" {
                if next == "-" {
                    // A '-' is a character only first or last.
                    guard first || scalars.indices.contains(position + 1) && scalars[position + 1] == "]" else { return false }
                    output += "-"
                    position += 1
                } else {
                    guard classCharacter() else { return false }
                    if peek == "-", scalars.indices.contains(position + 1), scalars[position + 1] != "]" {
                        output.unicodeScalars.append(take())
                        guard classCharacter() else { return false }
                    }
                }
                first = false
            }
            guard peek == "]", !first else { return false }
            output.unicodeScalars.append(take())
            return true
        }

        /// `CCchar` or an escape inside a class.
        mutating func classCharacter() -> Bool {
            guard let next = peek else { return false }
            switch next {
            case "\\": return escape()
            case "[", "]", "-": return false
            default:
                guard !(0xD800...0xDFFF).contains(next.value) else { return false }
                output.unicodeScalars.append(take())
                return true
            }
        }
    }
}

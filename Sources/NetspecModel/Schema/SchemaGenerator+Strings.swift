// The generator's strings: values of known formats, strings made from a pattern's syntax tree,
// and plain strings fitted to minLength and maxLength.

extension SchemaGenerator {
    /// Formats that are about strings (and so imply `type: string`).
    static func isStringFormat(_ name: String) -> Bool {
        ["date-time", "date", "time", "duration", "email", "uuid", "uri", "uri-reference", "ipv4", "ipv6", "hostname", "byte", "binary", "password"].contains(name)
    }

    mutating func stringValue(_ facts: Facts, format: String?) -> JSONValue? {
        let maximum = facts.maxLength ?? Int.max
        func fits(_ text: String) -> Bool {
            let length = text.unicodeScalars.count
            return length >= facts.minLength && length <= maximum && (facts.pattern?.matches(text) ?? true)
        }
        if let format, let text = formatExample(format), fits(text) { return .string(text) }
        if let pattern = facts.pattern {
            guard let tree = pattern.tree else { return nil }
            for extra in 0...max(24, facts.minLength) {
                var text = ""
                appendString(for: tree, extra: extra, to: &text)
                if fits(text) { return .string(text) }
            }
            return nil
        }
        var length = min(max(6, facts.minLength), maximum)
        if var random {
            length = random.next(in: facts.minLength...max(facts.minLength, min(maximum, facts.minLength + 12)))
            let letters = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
            var text = ""
            for _ in 0..<length { text.unicodeScalars.append(letters[random.next(in: 0...25)]) }
            self.random = random
            return .string(text)
        }
        return .string(String("string".prefix(length)) + String(repeating: "x", count: max(0, length - 6)))
    }

    /// A value of a known format (seeded: varied), or `nil` for a format not known here.
    private mutating func formatExample(_ format: String) -> String? {
        var random = self.random
        defer { self.random = random }
        func number(_ range: ClosedRange<Int>, _ fallback: Int) -> Int { random?.next(in: range) ?? fallback }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(number(1970...2037, 2024))-\(two(number(1...12, 1)))-\(two(number(1...28, 15)))"
        let time = "\(two(number(0...23, 9))):\(two(number(0...59, 30))):\(two(number(0...59, 0)))Z"
        switch format {
        case "date-time": return date + "T" + time
        case "date": return date
        case "time": return time
        case "duration": return "P\(number(1...30, 3))DT\(number(0...23, 4))H"
        case "email": return "user\(random == nil ? "" : String(number(0...9999, 0)))@example.com"
        case "uuid":
            guard var source = random else { return "3fa85f64-5717-4562-b3fc-2c963f66afa6" }
            let hex = Array("0123456789abcdef")
            let text = (0..<32).map { _ in String(hex[source.next(in: 0...15)]) }.joined()
            random = source
            let characters = Array(text)
            return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
        case "uri": return "https://example.com/" + (random == nil ? "" : "item\(number(0...9999, 0))")
        case "uri-reference": return "/items/\(number(0...9999, 1))"
        case "ipv4": return "192.0.2.\(number(1...254, 1))"
        case "ipv6": return "2001:db8::\(number(1...9999, 1))"
        case "hostname": return "example.com"
        case "byte": return "U3dhZ2dlcg=="
        default: return nil
        }
    }

    /// Appends a string the pattern `tree` matches: the first alternative, `min + extra`
    /// repetitions (within `max`), the first code point of each class (seeded: random choices).
    private mutating func appendString(for tree: RegexTree, extra: Int, to text: inout String) {
        switch tree {
        case let .scalar(scalar):
            text.unicodeScalars.append(scalar)
        case let .set(set):
            if let scalar = sample(set) { text.unicodeScalars.append(scalar) }
        case .start, .end, .wordBoundary:
            break
        case let .sequence(items):
            for item in items { appendString(for: item, extra: extra, to: &text) }
        case let .alternation(branches):
            var chosen = branches[0]
            if var random {
                chosen = branches[random.next(in: 0...(branches.count - 1))]
                self.random = random
            }
            appendString(for: chosen, extra: extra, to: &text)
        case let .repetition(item, minimum, maximum):
            var count = min(minimum + extra, maximum ?? Int.max)
            if var random, extra == 0 {
                count = random.next(in: minimum...min(maximum ?? minimum + 4, minimum + 4))
                self.random = random
            }
            for _ in 0..<count { appendString(for: item, extra: extra, to: &text) }
        }
    }

    /// A code point of the set: a letter or digit when it has one, else its first.
    private mutating func sample(_ set: RegexSet) -> Unicode.Scalar? {
        let preferred = (0x61...0x7A).map(UInt32.init) + (0x30...0x39).map(UInt32.init) + (0x41...0x5A).map(UInt32.init) + [0x5F, 0x2D, 0x20]
        var candidates = preferred.filter(set.contains)
        if !set.negated { candidates += set.ranges.map(\.lowerBound).filter(set.contains) }
        guard !candidates.isEmpty else { return nil }
        var choice = candidates[0]
        if var random {
            choice = candidates[random.next(in: 0...(candidates.count - 1))]
            self.random = random
        }
        return Unicode.Scalar(choice)
    }
}

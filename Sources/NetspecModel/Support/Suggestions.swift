// MARK: - "Did you mean …?" suggestions

/// Finds the names closest to a misspelt one, for "did you mean …" hints in error messages.
package enum Suggestions {
    /// The candidates within a small edit distance of `name`, closest first (at most `limit`).
    ///
    /// The distance is the optimal-string-alignment distance (insertions, deletions,
    /// substitutions and adjacent transpositions), compared case-insensitively; a candidate
    /// qualifies when the distance is at most 1 for names up to three characters and at most
    /// 2 otherwise, or when one name is a case-insensitive prefix of the other.
    package static func closest(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().utf8)
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased().utf8)
            let threshold = min(target.count, other.count) <= 3 ? 1 : 2
            let distance = editDistance(target, other)
            if distance <= threshold {
                scored.append((distance, candidate))
            } else if target.count >= 3, other.count >= 3,
                      other.starts(with: target) || target.starts(with: other) {
                scored.append((threshold + 1, candidate))
            }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
    }

    /// A hint such as ` (did you mean 'query'?)`, or an empty string when nothing is close.
    package static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        let names = closest(to: name, in: candidates)
        guard !names.isEmpty else { return "" }
        return " (did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }

    /// What follows `no NOUN 'NAME' in FILE` in an error about a name that is not among `names`,
    /// short however many there are:
    ///
    /// - names close to it: ` (did you mean 'a' or 'b'?)` (``hint(for:in:)``);
    /// - else, up to 20 names: all of them, `; its endpoints are: a, b, c`;
    /// - else how many, the names that begin as it does (the longest beginning it shares with
    ///   any, at least 4 characters and a third of it; five of them shown), and `seeAll`, how to see
    ///   them all: `; it has 1087 endpoints, 2 of them starting with 'listCoreV1Pod':
    ///   listCoreV1PodForAllNamespaces, listCoreV1PodTemplateForAllNamespaces; netspec list FILE
    ///   lists them all`.
    ///
    /// - Parameters:
    ///   - noun: what the names are, singular (`endpoint`, `operation`): `s` makes the plural.
    ///   - seeAll: how to see them all (`netspec list FILE lists them`, `search_operations finds
    ///     them`), said when they are too many to list.
    package static func unknownName(_ name: String, among names: [String], noun: String, seeAll: String) -> String {
        let hint = hint(for: name, in: names)
        if !hint.isEmpty || names.isEmpty { return hint }
        if names.count <= 20 { return "; its \(noun)s are: " + names.joined(separator: ", ") }
        var text = "; it has \(names.count) \(noun)s"
        let target = Array(name.lowercased().utf8)
        let shared = names.map { Array($0.lowercased().utf8).commonPrefixLength(with: target) }
        if let longest = shared.max(), longest >= 4, longest * 3 >= target.count {
            let starting = zip(names, shared).filter { $0.1 == longest }.map(\.0)
            let shown = starting.prefix(5).joined(separator: ", ") + (starting.count > 5 ? ", …" : "")
            let beginning = String(decoding: Array(starting[0].utf8).prefix(longest), as: UTF8.self)
            text += ", \(starting.count) of them starting with '\(beginning)': \(shown)"
        }
        return text + "; " + seeAll
    }

    /// The optimal-string-alignment distance between two byte strings.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

extension Array where Element == UInt8 {
    /// How many leading bytes this and `other` have in common.
    fileprivate func commonPrefixLength(with other: [UInt8]) -> Int {
        zip(self, other).prefix { $0 == $1 }.count
    }
}

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

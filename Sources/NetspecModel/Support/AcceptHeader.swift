/// An `Accept` field's media ranges and their weights (RFC 9110 §12.5.1): how acceptable a
/// media type is, for a server (the mock) choosing among the types it can send.
package struct AcceptHeader: Sendable {
    private struct Range {
        var type: String
        var subtype: String
        var quality: Double
    }

    private let ranges: [Range]

    /// The ranges of a field value (several field lines joined by `,`); an empty value accepts anything.
    package init(_ value: String) {
        var ranges: [Range] = []
        for element in value.split(separator: ",") {
            let parts = element.split(separator: ";").map { String($0).trimmingSpaces().lowercased() }
            guard let range = parts.first, !range.isEmpty else { continue }
            let halves = range.split(separator: "/", maxSplits: 1).map(String.init)
            guard halves.count == 2 else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 1
            }
            ranges.append(Range(type: halves[0], subtype: halves[1], quality: quality))
        }
        self.ranges = ranges
    }

    /// The weight of `mediaType` (parameters ignored): the most specific matching range's
    /// (`text/plain` before `text/*` before `*/*`); 0 when no range matches or it says `q=0`.
    package func quality(of mediaType: String) -> Double {
        guard !ranges.isEmpty else { return 1 }
        let base = MediaType.base(of: mediaType)
        let halves = base.split(separator: "/", maxSplits: 1).map(String.init)
        guard halves.count == 2 else { return 0 }
        var best: (specificity: Int, quality: Double)?
        for range in ranges {
            let specificity: Int
            if range.type == halves[0], range.subtype == halves[1] {
                specificity = 2
            } else if range.type == halves[0], range.subtype == "*" {
                specificity = 1
            } else if range.type == "*", range.subtype == "*" {
                specificity = 0
            } else {
                continue
            }
            if best.map({ specificity > $0.specificity }) ?? true { best = (specificity, range.quality) }
        }
        return best?.quality ?? 0
    }

    /// The most acceptable of `mediaTypes` (the first of equals), or `nil` when none is.
    package func best(of mediaTypes: [String]) -> Int? {
        var chosen: (index: Int, quality: Double)?
        for (index, type) in mediaTypes.enumerated() {
            let quality = quality(of: type)
            if quality > 0, chosen.map({ quality > $0.quality }) ?? true { chosen = (index, quality) }
        }
        return chosen?.index
    }
}

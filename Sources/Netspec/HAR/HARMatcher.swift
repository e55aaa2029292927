import NIOConcurrencyHelpers
import NetspecModel

/// Chooses the recorded exchange that answers a request: the same method and URL (origin, path,
/// and query items in any order), and, where the entries that fit differ by their request body,
/// the same body (the same JSON value, or the same form fields: ``HARBodyMatch``). A value the recorder redacted (`[redacted: NAME]`) fits any value, and so does
/// a variable the replaying call does not set (`[unset:NAME]`, origin and path included). Repeated
/// requests get the fitting entries in the file's order; past the last, the last answers again.
/// Used by ``HARReplayTransport`` and the mock server's `--from-har`.
package final class HARMatcher: Sendable {
    package let recording: HARRecording
    /// The numbers of the entries already given.
    private let used = NIOLockedValueBox<Set<Int>>([])

    package init(recording: HARRecording) {
        self.recording = recording
    }

    /// The exchange for a request, or why none fits (with the nearest entries).
    ///
    /// - Parameter ignoringOrigin: match the path and query alone (the mock server, which is
    ///   asked at its own address).
    package func match(method: String, url: String, body: [UInt8], ignoringOrigin: Bool = false) -> Result<HARRecording.Exchange, HARRecording.LoadError> {
        let target = HARTarget(url)
        let fitting = recording.exchanges.filter { exchange in
            exchange.method == method.uppercased() && HARTarget(exchange.url).fits(target, ignoringOrigin: ignoringOrigin)
        }
        guard !fitting.isEmpty else { return .failure(noMatch(method: method, url: url, target: target, ignoringOrigin: ignoringOrigin)) }
        var candidates = fitting
        if Set(fitting.map(\.requestBody)).count > 1 {
            candidates = fitting.filter { HARBodyMatch.fits(recorded: $0.requestBody, mimeType: $0.requestType, body) }
            guard !candidates.isEmpty else {
                let list = fitting.prefix(5).map { "  \($0.summary) with a body of \($0.requestBody.count) bytes" }.joined(separator: "\n")
                return .failure(HARRecording.LoadError(description: "no exchange recorded in \(recording.file) has the body of \(method) \(url) (\(body.count) bytes); the entries with its method and URL are:\n\(list)"))
            }
        }
        let chosen = used.withLockedValue { used -> HARRecording.Exchange in
            let next = candidates.first { !used.contains($0.number) } ?? candidates[candidates.count - 1]
            used.insert(next.number)
            return next
        }
        return .success(chosen)
    }

    /// The error for a request no entry fits: the nearest entries, the same method and path first.
    private func noMatch(method: String, url: String, target: HARTarget, ignoringOrigin: Bool) -> HARRecording.LoadError {
        let method = method.uppercased()
        let ranked = recording.exchanges.map { exchange -> (Int, Int, HARRecording.Exchange) in
            let other = HARTarget(exchange.url)
            let distance = (exchange.method == method ? 0 : 2) + (other.path == target.path ? 0 : 1)
                + (ignoringOrigin || other.origin == target.origin ? 0 : 1)
            return (distance, -commonPrefix(other.path, target.path), exchange)
        }.sorted { ($0.0, $0.1, $0.2.number) < ($1.0, $1.1, $1.2.number) }
        let nearest = ranked.prefix(3).map { "  " + $0.2.summary }
        let list = nearest.isEmpty ? " it has no entries" : " the nearest are:\n" + nearest.joined(separator: "\n")
        return HARRecording.LoadError(description: "no exchange recorded in \(recording.file) matches \(method) \(url);\(list)")
    }

    private func commonPrefix(_ a: String, _ b: String) -> Int {
        zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
    }
}

/// A URL as replay compares it: its origin (scheme and host lowercased, a default port dropped),
/// its path, and its query items decoded.
struct HARTarget: Equatable {
    var origin: String
    var path: String
    var query: [(name: String, value: String)]

    init(_ url: String) {
        var rest = Substring(url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        origin = ""
        if let scheme = rest.firstRange(of: "://") {
            let afterScheme = rest[scheme.upperBound...]
            let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            let schemeName = rest[..<scheme.lowerBound].lowercased()
            var authority = afterScheme[..<authorityEnd].lowercased()
            for (name, port) in [("http", ":80"), ("https", ":443")] where schemeName == name && authority.hasSuffix(port) {
                authority.removeLast(port.count)
            }
            origin = schemeName + "://" + authority
            rest = afterScheme[authorityEnd...]
        }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = parts.first.map { $0.isEmpty ? "/" : String($0) } ?? "/"
        query = parts.count < 2 ? [] : Self.fields(parts[1])
    }

    /// The `name=value` items of a query or an `application/x-www-form-urlencoded` body, decoded
    /// (`+` as a space); an item whose escapes are not UTF-8 is kept as written.
    static func fields(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            return (name.percentDecoded ?? name, value.percentDecoded ?? value)
        }
    }

    static func == (a: HARTarget, b: HARTarget) -> Bool {
        a.origin == b.origin && a.path == b.path && a.query.elementsEqual(b.query) { $0 == $1 }
    }

    /// Whether a request for `live` fits this recorded URL. An item that is wholly a secret
    /// the recorder redacted (`key=[redacted: KEY]`) fits its absence, and so does one the
    /// replaying call sends wholly from a variable it does not set (`key=[unset:KEY]`): a
    /// credential of another of the operation's security alternatives than the one sent.
    func fits(_ live: HARTarget, ignoringOrigin: Bool) -> Bool {
        guard ignoringOrigin || HARRedaction.fits(recorded: origin, live.origin),
              path == live.path || HARRedaction.fits(recorded: path.percentDecoded ?? path, live.path.percentDecoded ?? live.path) else { return false }
        var remaining = live.query
        for item in query {
            if let index = remaining.firstIndex(where: { $0.name == item.name && HARRedaction.fits(recorded: item.value, $0.value) }) {
                remaining.remove(at: index)
            } else if !Self.isWhole(item.value, marker: HARRedaction.placeholderPrefix) {
                return false
            }
        }
        return remaining.allSatisfy { Self.isWhole($0.value, marker: VariableLookup.unsetPrefix) }
    }

    /// Whether `value` is one `[redacted: NAME]` or `[unset:NAME]` marker and nothing else.
    private static func isWhole(_ value: String, marker: String) -> Bool {
        value.hasPrefix(marker) && value.hasSuffix("]") && value.dropFirst(marker.count).firstIndex(of: "]") == value.index(before: value.endIndex)
    }
}

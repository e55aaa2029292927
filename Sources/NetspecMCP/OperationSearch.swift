import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import Netspec
import NetspecModel

/// Finds a document's operations from a task in words ("cancel a fine-tuning job"): BM25
/// (k1 = 1.2, b = 0.75) over each operation's fields, weighted — its name and summary 3, its tags
/// (with their summaries and the tags they nest under, OpenAPI 3.2) 2, its path 1.5, its description, parameter names and the verbs of its method 1 — with no
/// model to download. Written here: no Swift search library is in the package set, and the index
/// is a few hundred words per operation, built once per server.
///
/// Words are split at case changes, `_`, `-`, `/`, `.`, `{`, `}` and anything not a letter or a
/// digit (`listFineTuningJobs` → list, fine, tuning, jobs), lowercased, stemmed lightly (`ies` →
/// `y`, a final `s`, `ing`, `ed`: `jobs` → `job`, `runs` → `run`, `running` → `run`), and
/// English stop words left out. A method adds its usual verbs (`POST`: create, add, new, start,
/// trigger, submit; `DELETE`: delete, remove; `PATCH`/`PUT`: update, modify, change, edit, set;
/// `GET`: get, list, show, fetch, read, retrieve, find), so a task worded with another verb than
/// the summary's still finds the operation.
struct OperationSearch: Sendable {
    /// One operation's terms, each with its weighted count, and the weighted length.
    private struct Entry: Sendable {
        var terms: [String: Double] = [:]
        var length: Double = 0
        let tags: Set<String>
    }

    private let entries: [Entry]
    /// In how many operations each term occurs.
    private let frequencies: [String: Int]
    private let averageLength: Double

    static let k1 = 1.2
    static let b = 0.75

    /// - Parameter tags: the document's tags (``Spec/tags``): an operation's tag brings its
    ///   `summary` and the names of the tags it nests under (OpenAPI 3.2's `parent`) into the
    ///   tag field, and a search for a parent tag finds the operations of the tags under it.
    init(_ endpoints: [Endpoint], tags declared: [Spec.Tag] = []) {
        var entries: [Entry] = []
        var frequencies: [String: Int] = [:]
        let byName = Dictionary(declared.map { ($0.name, $0) }) { first, _ in first }
        func ancestors(_ tag: String) -> [String] {
            var found: [String] = []
            var current = byName[tag]?.parent
            while let parent = current, parent != tag, !found.contains(parent) {
                found.append(parent)
                current = byName[parent]?.parent
            }
            return found
        }
        for endpoint in endpoints {
            let lineage = endpoint.tags.flatMap { [$0] + ancestors($0) }
            var entry = Entry(tags: Set(lineage.map { $0.lowercased() }))
            func add(_ text: String, weight: Double) {
                for term in Self.terms(text) {
                    entry.terms[term, default: 0] += weight
                    entry.length += weight
                }
            }
            add(endpoint.name, weight: 3)
            add(HTMLText.plain(endpoint.summary ?? ""), weight: 3)
            add((lineage + lineage.compactMap { byName[$0]?.summary }).joined(separator: " "), weight: 2)
            add(endpoint.path, weight: 1.5)
            add(HTMLText.plain(endpoint.details ?? ""), weight: 1)
            add(endpoint.parameters.map(\.name).joined(separator: " "), weight: 1)
            add(Self.verbs(of: endpoint.method.rawValue), weight: 1)
            for term in entry.terms.keys { frequencies[term, default: 0] += 1 }
            entries.append(entry)
        }
        self.entries = entries
        self.frequencies = frequencies
        averageLength = entries.isEmpty ? 1 : max(1, entries.map(\.length).reduce(0, +) / Double(entries.count))
    }

    /// The operations that match `query` best, best first, as indexes into the endpoints given
    /// (ties in their order), with their scores; only those with a tag equal to `tag` (any case)
    /// when one is given. Operations that share no word with the query are left out, but for
    /// those of the tag asked for, which come last.
    func search(_ query: String, tag: String? = nil, limit: Int = 10) -> [(index: Int, score: Double)] {
        let words = Self.terms(query)
        let wantedTag = tag?.lowercased()
        var scored: [(index: Int, score: Double)] = []
        for (index, entry) in entries.enumerated() {
            if let wantedTag, !entry.tags.contains(wantedTag) { continue }
            var score = 0.0
            for word in Set(words) {
                guard let count = entry.terms[word] else { continue }
                let documents = Double(frequencies[word] ?? 0)
                let idf = log(1 + (Double(entries.count) - documents + 0.5) / (documents + 0.5))
                score += idf * count * (Self.k1 + 1) / (count + Self.k1 * (1 - Self.b + Self.b * entry.length / averageLength))
            }
            if score > 0 || wantedTag != nil { scored.append((index, score)) }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        return Array(scored.prefix(limit))
    }

    /// The usual verbs of a method, as a task would word them.
    static func verbs(of method: String) -> String {
        switch method {
        case "POST": "create add new start trigger submit make"
        case "DELETE": "delete remove"
        case "PATCH", "PUT": "update modify change edit set"
        case "GET": "get list show fetch read retrieve find"
        default: ""
        }
    }

    static let stopWords: Set<String> = [
        "a", "an", "the", "of", "to", "for", "in", "on", "at", "by", "with", "from", "and", "or", "is", "are", "be",
        "my", "me", "i", "it", "its", "this", "that", "all", "as", "into", "about", "your", "our", "what", "which",
        "do", "does", "can", "please", "given", "some", "any", "one", "s",
    ]

    /// The words of a text as the index keeps them: split, lowercased, stemmed, stop words left out.
    static func terms(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for character in text {
            guard character.isLetter || character.isNumber else {
                flush()
                previous = nil
                continue
            }
            // `listFineTuning` → list, Fine, Tuning; `APIKey` → API, Key.
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber { flush() }
            if character.isLowercase, current.count >= 2, let last = current.last, last.isUppercase, current.dropLast().last?.isUppercase == true {
                current.removeLast()
                flush()
                current.append(last)
            }
            current.append(character)
            previous = character
        }
        flush()
        return words.map { stem($0.lowercased()) }.filter { !$0.isEmpty && !stopWords.contains($0) }
    }

    /// A light stem: `policies` → `policy`, `jobs` → `job`, `running` → `run`, `updated` → `updat`
    /// (as `updating`: the same stem whatever the form).
    static func stem(_ word: String) -> String {
        var word = word
        if word.count > 4, word.hasSuffix("ies") { word = String(word.dropLast(3)) + "y" }
        else if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") { word = String(word.dropLast()) }
        var stripped = false
        if word.count > 5, word.hasSuffix("ing") { word = String(word.dropLast(3)); stripped = true }
        else if word.count > 4, word.hasSuffix("ed") { word = String(word.dropLast(2)); stripped = true }
        // A doubled last letter the suffix leaves (`runn`) is one, but `ll`, `ss`, `zz` (Porter's rule).
        if stripped, word.count > 2, let last = word.last, word.dropLast().last == last, !"lsz".contains(last) { word = String(word.dropLast()) }
        return word
    }
}

/// An ``OperationSearch`` built when it is first needed, once, whoever asks first.
final class LazySearch: Sendable {
    private let endpoints: [Endpoint]
    private let tags: [Spec.Tag]
    private let built = Mutex<OperationSearch?>(nil)

    init(_ endpoints: [Endpoint], tags: [Spec.Tag] = []) {
        self.endpoints = endpoints
        self.tags = tags
    }

    var index: OperationSearch {
        built.withLock { built in
            if let built { return built }
            let index = OperationSearch(endpoints, tags: tags)
            built = index
            return index
        }
    }
}

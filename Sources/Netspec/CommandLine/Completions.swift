#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NetspecModel

/// Shell completion for the command line: endpoint names from the spec named on the line, and an
/// endpoint's parameters as `name=`, `name:=` and `name@` items, with enum values.
///
/// A shell asks at every TAB, so the answer comes from a small index of the spec (names,
/// parameters, enums) kept beside the tree cache and keyed by the spec's content hash: a changed
/// spec is indexed again, never answered from a stale index.
package enum Completions {
    /// The completion candidates for the word at `index` of a `call` or `describe` command line.
    ///
    /// - Parameters:
    ///   - words: the command line's words, as the shell split them (the program name first).
    ///   - index: which word is completed.
    ///   - prefix: the part of that word before the cursor.
    ///   - wantsItems: whether words after the endpoint are argument items (`call`).
    ///   - cacheDirectory: where indexes are kept; `nil` indexes the spec at every request.
    package static func candidates(
        words: [String], index: Int, prefix: String, wantsItems: Bool, cacheDirectory: String?
    ) -> [String] {
        // bash splits words at `=` (it is in COMP_WORDBREAKS): `status=op` arrives as `status`, `=`,
        // `op`, and only the last word is replaced. Complete the joined item and answer with what
        // follows the `=` (with the `=` itself when the cursor is on it).
        if index >= 2, words.indices.contains(index), words[index] == "=" || words[index - 1] == "=" {
            let onEquals = words[index] == "="
            let nameIndex = onEquals ? index - 1 : index - 2
            guard nameIndex >= 0, !words[nameIndex].isEmpty else { return [] }
            let value = onEquals ? "" : prefix
            var joined = Array(words[..<nameIndex])
            joined.append(words[nameIndex] + "=" + value)
            let full = candidates(words: joined, index: nameIndex, prefix: words[nameIndex] + "=" + value, wantsItems: wantsItems, cacheDirectory: cacheDirectory)
            return full.compactMap { candidate in
                guard let equals = candidate.firstIndex(of: "=") else { return nil }
                return (onEquals ? "=" : "") + candidate[candidate.index(after: equals)...]
            }
        }
        // The spec is the first word that names a file; the endpoint the word after it.
        guard let specPosition = words.indices.first(where: { $0 < index && FileBytes.isRegularFile(words[$0]) }),
              let spec = CompletionIndex.load(specPath: words[specPosition], cacheDirectory: cacheDirectory) else { return [] }
        if index == specPosition + 1 {
            return spec.endpoints.map(\.name).filter { $0.hasPrefix(prefix) }
        }
        guard wantsItems, index > specPosition + 1, let endpoint = spec.endpoints.first(where: { $0.name == words[specPosition + 1] }) else { return [] }
        let given = Set(words[(specPosition + 2)...].enumerated().compactMap { offset, word in
            offset + specPosition + 2 == index ? nil : CompletionIndex.itemName(word)
        })
        return endpoint.itemCandidates(prefix: prefix, excluding: given)
    }

}

/// What completion needs of a spec: its endpoints' names and parameters.
package struct CompletionIndex: Sendable, Equatable {
    package struct Endpoint: Sendable, Equatable {
        package var name: String
        package var parameters: [Parameter]

        /// `name=` (and `name:=` for JSON values, `name@` for files) for each parameter not given
        /// yet; once a parameter's `name=` is typed, its enum values (`status=open`).
        func itemCandidates(prefix: String, excluding given: Set<String>) -> [String] {
            if let equals = prefix.firstIndex(of: "="), !prefix[..<equals].hasSuffix(":") {
                let name = String(prefix[..<equals])
                guard let parameter = parameters.first(where: { $0.name == name || $0.alias == name }) else { return [] }
                return parameter.values.map { name + "=" + $0 }.filter { $0.hasPrefix(prefix) }
            }
            var candidates: [String] = []
            for parameter in parameters where !given.contains(parameter.name) || parameter.repeats {
                candidates.append(parameter.name + "=")
                if parameter.kind == .json { candidates.append(parameter.name + ":=") }
                if parameter.kind == .file { candidates.append(parameter.name + "@") }
            }
            return candidates.filter { $0.hasPrefix(prefix) }
        }
    }

    package struct Parameter: Sendable, Equatable {
        package enum Kind: String, Sendable { case text, json, file }
        package var name: String
        package var alias: String?
        package var kind: Kind
        /// Whether it may be given more than once (an array).
        package var repeats: Bool
        /// The values completed after `name=`: an enum's, or `true` and `false`.
        package var values: [String]
    }

    package var endpoints: [Endpoint]

    /// The index of a loaded spec.
    package init(spec: Spec) {
        endpoints = spec.endpoints.map { endpoint in
            Endpoint(name: endpoint.name, parameters: endpoint.parameters.map { parameter in
                let type = parameter.type.unwrapped
                let kind: Parameter.Kind = switch type {
                case .data, .url: .file
                case .string, .int, .double, .bool, .date: .text
                default: .json
                }
                var values = (parameter.allowedValues ?? []).compactMap { value -> String? in
                    switch value {
                    case .string(let text): text
                    case .int, .double, .bool: value.text
                    default: nil
                    }
                }
                if values.isEmpty, type == .bool { values = ["true", "false"] }
                let repeats = if case .array = type { true } else { false }
                return Parameter(name: parameter.name, alias: parameter.alias, kind: kind, repeats: repeats, values: values)
            })
        }
    }

    init(endpoints: [Endpoint]) {
        self.endpoints = endpoints
    }

    /// The name an item gives (`limit` of `limit=5`, `body:=…`, `file@x`), `nil` for other words.
    static func itemName(_ word: String) -> String? {
        guard let end = word.firstIndex(where: { $0 == "=" || $0 == ":" || $0 == "@" }), end > word.startIndex else { return nil }
        return String(word[..<end])
    }

    // MARK: - Cache

    /// The index of the spec at `specPath`: read from `cacheDirectory` when one was written for
    /// these exact bytes, else made from the loaded spec (and written there); `nil` when the spec
    /// cannot be read or loaded.
    package static func load(specPath: String, cacheDirectory: String?) -> CompletionIndex? {
        guard let bytes = try? FileBytes.contents(ofFile: specPath, limit: YAMLLimits.default.maxBytes) else { return nil }
        let hash = bytes.withUnsafeBufferPointer { ContentHash($0) }
        let file = cacheDirectory.map { $0 + "/" + hash.description + "-v1" + Self.suffix }
        if let file, let cached = try? FileBytes.contents(ofFile: file, limit: 64 * 1024 * 1024),
           let json = try? JSONValue(parsing: cached), let index = CompletionIndex(json: json) {
            return index
        }
        guard let spec = try? Spec.load(path: specPath) else { return nil }
        let index = CompletionIndex(spec: spec)
        if let file, let cacheDirectory { index.save(to: file, in: cacheDirectory) }
        return index
    }

    /// Index files end so, beside the tree cache's `.tree` files in its directory.
    static let suffix = ".completions.json"
    /// The most indexes kept; the least recently written go first.
    static let maximumEntries = 32

    var json: JSONValue {
        .object(["endpoints": .array(endpoints.map { endpoint in
            .object(["name": .string(endpoint.name), "parameters": .array(endpoint.parameters.map { parameter in
                var object: JSONObject = ["name": .string(parameter.name), "kind": .string(parameter.kind.rawValue), "repeats": .bool(parameter.repeats)]
                if let alias = parameter.alias { object["alias"] = .string(alias) }
                if !parameter.values.isEmpty { object["values"] = .array(parameter.values.map(JSONValue.string)) }
                return .object(object)
            })])
        })])
    }

    init?(json: JSONValue) {
        guard let list = json["endpoints"]?.array else { return nil }
        var endpoints: [Endpoint] = []
        for item in list {
            guard let name = item["name"]?.string, let parameters = item["parameters"]?.array else { return nil }
            var read: [Parameter] = []
            for parameter in parameters {
                guard let parameterName = parameter["name"]?.string, let kind = parameter["kind"]?.string.flatMap(Parameter.Kind.init) else { return nil }
                read.append(Parameter(
                    name: parameterName, alias: parameter["alias"]?.string, kind: kind, repeats: parameter["repeats"]?.bool ?? false,
                    values: parameter["values"]?.array?.compactMap(\.string) ?? []
                ))
            }
            endpoints.append(Endpoint(name: name, parameters: read))
        }
        self.endpoints = endpoints
    }

    /// Writes the index atomically (a temporary file renamed), making the directory if needed,
    /// then trims old indexes; failing quietly: completion works without a cache.
    private func save(to file: String, in directory: String) {
        guard FileBytes.writeAtomically(json.serialized(), to: file, mode: 0o600) else { return }
        trim(directory)
    }

    /// Removes the oldest indexes beyond ``maximumEntries``.
    private func trim(_ directory: String) {
        guard let folder = opendir(directory) else { return }
        var entries: [(path: String, written: Int)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(Self.suffix) else { continue }
            var info = stat()
            guard stat(directory + "/" + name, &info) == 0 else { continue }
            entries.append((directory + "/" + name, YAMLTreeCache.modificationTime(info)))
        }
        closedir(folder)
        for entry in entries.sorted(by: { $0.written > $1.written }).dropFirst(Self.maximumEntries) { unlink(entry.path) }
    }
}

import Synchronization

/// The definitions ``SchemaExport``s share: the name of each schema a `$ref` names, and each
/// definition once exported.
///
/// Each place (`document#pointer`) has one name — the last token of its pointer, or its file's
/// name without extension, each character other than a letter, a digit, `_` and `-` as `_` —
/// made unique with `2`, `3`, … in the order places are first named. Exports that share one
/// agree on every name, whatever each reaches first (an MCP server's answers name a definition
/// the same way in every answer, so a summary's `$defs/NAME` can be asked for later), and a
/// definition is exported once for each direction, however many exports refer to it.
package final class ExportedDefinitions: Sendable {
    /// Where a named schema is.
    package struct Target: Sendable {
        package var document: String
        package var pointer: String
        package var compiler: SchemaCompiler
    }

    /// A definition exported for a direction, and the definitions it refers to.
    struct Exported: Sendable {
        var schema: JSONValue
        var references: [String]
    }

    private struct Key: Hashable {
        var name: String
        var direction: SchemaDirection
    }

    private struct State {
        var names: [String: String] = [:]
        var targets: [String: Target] = [:]
        var exported: [Key: Exported] = [:]
    }

    private let state = Mutex(State())

    /// No definitions yet.
    package init() {}

    /// The name of the schema at `pointer` of `document`, given now if it has none yet.
    func name(document: String, pointer: String, compiler: SchemaCompiler) -> String {
        let place = document + "#" + pointer
        return state.withLock { state in
            if let known = state.names[place] { return known }
            let tokens = JSONPointer.tokens(pointer) ?? []
            let stem = (tokens.last ?? document.split(separator: "/").last.map(String.init) ?? "schema")
                .split(separator: ".").first.map(String.init) ?? "schema"
            var name = String(stem.unicodeScalars.map { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" ? Character(scalar) : "_"
            })
            if name.isEmpty { name = "schema" }
            var unique = name
            var suffix = 2
            while state.targets[unique] != nil {
                unique = name + String(suffix)
                suffix += 1
            }
            state.names[place] = unique
            state.targets[unique] = Target(document: document, pointer: pointer, compiler: compiler)
            return unique
        }
    }

    /// Where the schema `name` names is; `nil` when no schema has that name (yet).
    package func target(named name: String) -> Target? {
        state.withLock { $0.targets[name] }
    }

    /// The definition `name` as exported for `direction`, if it was.
    func exported(_ name: String, for direction: SchemaDirection) -> Exported? {
        state.withLock { $0.exported[Key(name: name, direction: direction)] }
    }

    /// Keeps the definition `name` as exported for `direction`.
    func keep(_ exported: Exported, as name: String, for direction: SchemaDirection) {
        state.withLock { $0.exported[Key(name: name, direction: direction)] = exported }
    }
}

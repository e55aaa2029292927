import Netspec
import NetspecModel

/// Fits JSON Schemas — an operation's `inputSchema` and `outputSchema`, a part of them — and the
/// texts beside them into a byte budget, so that one MCP answer stays under
/// ``MCPServer/Options/answerBytes``: what is nearest the top is shown whole, what is deeper is
/// summarised, and each summary says which part to ask for.
///
/// Breadth first, from the roots down: a schema is *shown* — its own keywords, each of its
/// subschemas as a summary for now — when that fits in what is left of the budget; a `$ref`
/// brings its definition into the root's `$defs` (once, as a summary), and the definition is
/// considered one level down; a description longer than ``textLimit`` characters is cut until it
/// too is considered, one level down. What is never shown stays a summary:
/// `{"type": T, "description": "first words… [summarised: 12 properties (id, email, …); part
/// /outputSchema/$defs/customer]"}` — its `type` kept, every other keyword left out, so a summary
/// admits every value the whole schema does (a summarised `oneOf` member makes it `anyOf`; a
/// summarised `not` or `if` is left out; `unevaluated*` are left out of a root with summaries).
/// Sizes are those of compact JSON, in which replacing a value changes the size by exactly the
/// difference, so a fit is exact but for the answer's envelope (``MCPServer`` measures it and
/// fits again, smaller, when it is over).
struct SchemaFit {
    /// What a root holds.
    enum Kind: Sendable {
        /// A JSON Schema (an object or a Boolean).
        case schema
        /// A map of schemas (`properties`, `$defs`).
        case schemaMap
        /// A list of schemas (`allOf`, `prefixItems`).
        case schemaList
        /// A text, cut to ``Root/cutLength`` characters until it is shown whole.
        case text
        /// Any other value, shown as it is.
        case plain
    }

    /// One value to fit, named by its JSON pointer in the operation's whole description.
    struct Root {
        var pointer: String
        var value: JSONValue
        var kind: Kind
        /// What its `#/$defs/NAME` references name, and where those are.
        var definitions: Definitions?
        var definitionsPointer = ""
        /// When it is considered: the schemas at 0, a description after their top levels at 1.
        var depth = 0
        /// A text root's length when it is cut.
        var cutLength = 1_000
    }

    /// A root as it fits.
    struct Fitted {
        var value: JSONValue
        /// The definitions a map or a list of schemas refers to (a schema has them as `$defs`).
        var definitions: JSONObject?
        /// Whether anything of it is summarised or cut.
        var summarised: Bool
        /// The members of a map or a list left out (not even their summaries fit).
        var omitted: [String] = []
    }

    /// A description up to this many bytes is shown with its schema; a longer one is cut to
    /// ``cutLength`` characters until there is room for it whole.
    static let textLimit = 400
    static let cutLength = 200

    /// A place in a root: in the root's own value, or in one of its definitions.
    struct Place: Hashable {
        var root: Int
        var definition: String?
        var path: String

        func appending(_ tokens: String...) -> Place {
            Place(root: root, definition: definition, path: path + tokens.map { "/" + JSONPointer.escape($0) }.joined())
        }
    }

    let roots: [Root]
    private(set) var shown: Set<Place> = []
    private(set) var wholeTexts: Set<Place> = []
    /// Each root's definitions brought in, in the order they were.
    private(set) var included: [[String]]
    /// The roots where something is summarised.
    private(set) var summarised: Set<Int> = []
    /// The members of a map or list root left out, when not even their summaries fit.
    private(set) var omitted: Set<String> = []
    /// Each text root's length when it is cut.
    private(set) var cutLengths: [Int]
    /// What is worked out more than once.
    let memo = Memo()

    /// The summaries made so far, by place.
    final class Memo {
        var stubs: [Place: JSONObject] = [:]
        var stubSizes: [Place: Int] = [:]
        /// The shown schemas known to have a summary below them.
        var notWhole: Set<Place> = []
    }

    init(_ roots: [Root]) {
        self.roots = roots
        included = Array(repeating: [], count: roots.count)
        cutLengths = roots.map(\.cutLength)
    }

    /// The roots fitted into `budget` bytes (of their compact JSON, together).
    static func fit(_ roots: [Root], budget: Int) -> [Fitted] {
        var fit = SchemaFit(roots)
        fit.decide(budget: budget)
        return roots.indices.map { fit.render(root: $0) }
    }

    /// The JSON pointer of a place.
    func pointer(_ place: Place) -> String {
        let root = roots[place.root]
        guard let definition = place.definition else { return root.pointer + place.path }
        return root.definitionsPointer + "/" + JSONPointer.escape(definition) + place.path
    }

    // MARK: - Deciding

    private enum Item {
        case schema(Place, JSONObject)
        case text(Place, String)
    }

    private mutating func decide(budget: Int) {
        var levels: [Int: [Item]] = [:]
        var total = 0
        for (index, root) in roots.enumerated() {
            let place = Place(root: index, definition: nil, path: "")
            switch (root.kind, root.value) {
            case let (.schema, .object(object)):
                total += summarySize(root.value, at: place)
                levels[root.depth, default: []].append(.schema(place, object))
            case let (.text, .string(text)):
                // Cut shorter when even the cut text does not fit in what is left.
                while cutLengths[index] > 100, total + size(.string(cut(text, at: place, length: cutLengths[index]))) > budget {
                    cutLengths[index] = cutLengths[index] * 3 / 4
                }
                total += size(.string(cut(text, at: place, length: cutLengths[index])))
                levels[root.depth, default: []].append(.text(place, text))
            case (.schemaMap, _), (.schemaList, _):
                // Always shown, its members summaries to begin with; those whose summaries do
                // not fit either are left out (and said to be).
                shown.insert(place)
                total += 2
                let members: [(String, JSONValue)] = root.value.object.map { $0.map { ($0.key, $0.value) } }
                    ?? (root.value.array ?? []).enumerated().map { (String($0.offset), $0.element) }
                for (key, member) in members {
                    let cost = summarySize(member, at: place.appending(key)) + 1 + (root.kind == .schemaMap ? size(.string(key)) + 1 : 0)
                    guard total + cost <= budget || members.first?.0 == key else {
                        omitted.insert(key)
                        summarised.insert(index)
                        continue
                    }
                    total += cost
                    if case let .object(object) = member { levels[root.depth + 1, default: []].append(.schema(place.appending(key), object)) }
                }
            default:
                total += size(root.value)
            }
        }
        var depth = 0
        while let maximum = levels.keys.max(), depth <= maximum {
            for item in levels[depth] ?? [] {
                switch item {
                case let .schema(place, object):
                    let entries = references(in: object, at: place).filter { !included[place.root].contains($0) }
                    var delta = shallowSize(object, at: place) - summarySize(.object(object), at: place)
                    for name in entries {
                        if let definition = roots[place.root].definitions?[name] {
                            delta += size(.string(name)) + 2 + summarySize(definition, at: Place(root: place.root, definition: name, path: ""))
                        }
                    }
                    if !entries.isEmpty, included[place.root].isEmpty { delta += 10 }
                    guard total + delta <= budget else {
                        summarised.insert(place.root)
                        continue
                    }
                    total += delta
                    shown.insert(place)
                    for name in entries {
                        included[place.root].append(name)
                        if case let .object(definition)? = roots[place.root].definitions?[name] {
                            levels[depth + 1, default: []].append(.schema(Place(root: place.root, definition: name, path: ""), definition))
                        }
                    }
                    levels[depth + 1, default: []] += children(of: object, at: place)
                case let .text(place, text):
                    let length = isRoot(place) ? cutLengths[place.root] : Self.cutLength
                    let delta = size(.string(text)) - size(.string(cut(text, at: place, length: length)))
                    guard total + delta <= budget else {
                        summarised.insert(place.root)
                        continue
                    }
                    total += delta
                    wholeTexts.insert(place)
                }
            }
            depth += 1
        }
    }

    /// The subschemas of a schema, and its long description, to consider next.
    private func children(of object: JSONObject, at place: Place) -> [Item] {
        var items: [Item] = subschemas(of: object, at: place).compactMap { child, place in
            if case let .object(object) = child { .schema(place, object) } else { nil }
        }
        if let text = object["description"]?.string, text.utf8.count > Self.textLimit { items.append(.text(place.appending("description"), text)) }
        return items
    }

    /// A schema's subschemas, in order, with their places (a root's `$defs` are the fit's own).
    func subschemas(of object: JSONObject, at place: Place) -> [(JSONValue, Place)] {
        var found: [(JSONValue, Place)] = []
        for (key, member) in object where !(key == "$defs" && isRoot(place)) {
            if SchemaExport.subschemaKeywords.contains(key) {
                found.append((member, place.appending(key)))
            } else if SchemaExport.subschemaMaps.contains(key), case let .object(members) = member {
                for (name, schema) in members { found.append((schema, place.appending(key, name))) }
            } else if SchemaExport.subschemaLists.contains(key), case let .array(elements) = member {
                for (index, schema) in elements.enumerated() { found.append((schema, place.appending(key, String(index)))) }
            }
        }
        return found
    }

    /// The definitions a schema's own `$ref` names (`#/$defs/NAME`).
    func references(in object: JSONObject, at place: Place) -> [String] {
        guard let reference = object["$ref"]?.string, reference.hasPrefix("#/$defs/") else { return [] }
        guard let name = JSONPointer.tokens(String(reference.dropFirst("#/$defs".count)))?.first else { return [] }
        return roots[place.root].definitions?[name] == nil ? [] : [name]
    }

    /// The size of a schema shown with each of its subschemas a summary and a long description
    /// cut, worked out without making it.
    private func shallowSize(_ object: JSONObject, at place: Place) -> Int {
        var total = 2
        var count = 0
        func list(_ sizes: some Collection<Int>) -> Int { 2 + sizes.reduce(0, +) + max(0, sizes.count - 1) }
        for (key, value) in object where !(key == "$defs" && isRoot(place)) {
            count += 1
            total += size(.string(key)) + 1
            if key == "description", case let .string(text) = value, text.utf8.count > Self.textLimit {
                let at = place.appending(key)
                total += wholeTexts.contains(at) ? size(value) : size(.string(cut(text, at: at, length: Self.cutLength)))
            } else if SchemaExport.subschemaKeywords.contains(key) {
                total += summarySize(value, at: place.appending(key))
            } else if SchemaExport.subschemaMaps.contains(key), case let .object(members) = value {
                total += list(members.map { size(.string($0.key)) + 1 + summarySize($0.value, at: place.appending(key, $0.key)) })
            } else if SchemaExport.subschemaLists.contains(key), case let .array(elements) = value {
                total += list(elements.enumerated().map { summarySize($0.element, at: place.appending(key, String($0.offset))) })
            } else {
                total += size(value)
            }
        }
        return total + max(0, count - 1)
    }

    /// The size of a subschema's summary (a Boolean schema is itself), worked out once.
    func summarySize(_ value: JSONValue, at place: Place) -> Int {
        guard case let .object(object) = value else { return size(value) }
        if let known = memo.stubSizes[place] { return known }
        let made = size(.object(stub(object, at: place)))
        memo.stubSizes[place] = made
        return made
    }

    private func isRoot(_ place: Place) -> Bool { place.definition == nil && place.path.isEmpty }

    private func size(_ value: JSONValue) -> Int { value.serialized().count }

    private func size(_ object: JSONObject) -> Int { size(.object(object)) }
}

/// The definitions of an exported schema, each exported when a fit first reaches it: an
/// operation whose schemas refer to most of a large document is exported as far as its answer
/// shows it.
final class Definitions {
    private var export: SchemaExport

    init(_ export: SchemaExport) {
        self.export = export
    }

    /// The definition `name`; `nil` when there is none of that name.
    subscript(name: String) -> JSONValue? {
        export.definition(named: name)
    }

    /// Every definition the schema refers to, and those they refer to: its whole `$defs`.
    func all() -> JSONObject {
        export.exportAll()
        return export.defs?.object ?? [:]
    }
}

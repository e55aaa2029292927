import Netspec
import NetspecModel

/// How a ``SchemaFit`` writes what it decided: schemas shown, summaries, texts whole or cut.
extension SchemaFit {
    /// A root as it was decided.
    func render(root index: Int) -> Fitted {
        let root = roots[index]
        let place = Place(root: index, definition: nil, path: "")
        let definitions = JSONObject(included[index].compactMap { name in
            root.definitions?[name].map { (name, render($0, at: Place(root: index, definition: name, path: ""))) }
        })
        let isSummarised = summarised.contains(index)
        switch (root.kind, root.value) {
        case (.schema, .object):
            guard !definitions.isEmpty, case var .object(object) = render(root.value, at: place) else {
                return Fitted(value: render(root.value, at: place), summarised: isSummarised)
            }
            object["$defs"] = .object(definitions)
            return Fitted(value: .object(object), summarised: isSummarised)
        case let (.text, .string(text)):
            return Fitted(value: .string(wholeTexts.contains(place) ? text : cut(text, at: place, length: cutLengths[index])), summarised: isSummarised)
        case let (.schemaMap, .object(members)):
            let kept = members.filter { !omitted.contains($0.key) }
            let value = JSONValue.object(JSONObject(kept.map { ($0.key, render($0.value, at: place.appending($0.key))) }))
            return Fitted(value: value, definitions: definitions.isEmpty ? nil : definitions, summarised: isSummarised, omitted: Array(omitted))
        case let (.schemaList, .array(elements)):
            let value = JSONValue.array(elements.enumerated().filter { !omitted.contains(String($0.offset)) }.map { render($0.element, at: place.appending(String($0.offset))) })
            return Fitted(value: value, definitions: definitions.isEmpty ? nil : definitions, summarised: isSummarised, omitted: Array(omitted))
        default:
            return Fitted(value: root.value, summarised: false)
        }
    }

    /// A schema as decided: shown (its subschemas as decided) or a summary.
    private func render(_ value: JSONValue, at place: Place) -> JSONValue {
        guard case let .object(object) = value else { return value }
        guard shown.contains(place) else { return .object(stub(object, at: place)) }
        let summarisedRoot = summarised.contains(place.root)
        var out = members(of: object, at: place) { render($0, at: $1) }
        // A summary admits more than its schema: where that would make the schema refuse more
        // (one of two members matching, `not`, the condition of `if`, `maxContains`), the
        // keyword goes or weakens unless what it applies is whole, down to its last reference.
        if case let .array(choices)? = object["oneOf"], choices.indices.contains(where: { !isWhole(choices[$0], at: place.appending("oneOf", String($0))) }) {
            if let rendered = out["oneOf"] {
                out["oneOf"] = nil
                if out["anyOf"] == nil { out["anyOf"] = rendered } else { out["allOf"] = .array((out["allOf"]?.array ?? []) + [["anyOf": rendered]]) }
            }
        }
        if let not = object["not"], !isWhole(not, at: place.appending("not")) { out["not"] = nil }
        if let condition = object["if"], !isWhole(condition, at: place.appending("if")) {
            for key in ["if", "then", "else"] { out[key] = nil }
        }
        if let contains = object["contains"], !isWhole(contains, at: place.appending("contains")) {
            for key in ["contains", "minContains", "maxContains"] { out[key] = nil }
        }
        if summarisedRoot {
            // What `unevaluated*` sees depends on what the other keywords evaluate.
            out["unevaluatedProperties"] = nil
            out["unevaluatedItems"] = nil
        }
        return .object(out)
    }

    /// Whether a schema is shown whole: itself, every subschema below it and every definition
    /// it refers to (a reference back to one being looked at counts as whole).
    private func isWhole(_ value: JSONValue, at place: Place, visiting: Set<Place> = []) -> Bool {
        guard case let .object(object) = value, !Self.isLeaf(object), !visiting.contains(place) else { return true }
        guard shown.contains(place), !memo.notWhole.contains(place) else { return false }
        let visiting = visiting.union([place])
        var whole = subschemas(of: object, at: place).allSatisfy { isWhole($0, at: $1, visiting: visiting) }
        if whole, let name = references(in: object, at: place).first {
            let definition = Place(root: place.root, definition: name, path: "")
            whole = included[place.root].contains(name) && isWhole(roots[place.root].definitions?[name] ?? true, at: definition, visiting: visiting)
        }
        // Only "not whole" is kept: "whole" may have leant on a place still being looked at.
        if !whole { memo.notWhole.insert(place) }
        return whole
    }

    /// Whether a schema is its own summary: no subschemas, no reference, a short description,
    /// and small (a summary would be larger).
    static func isLeaf(_ object: JSONObject) -> Bool {
        object.allSatisfy { key, value in
            !SchemaExport.subschemaKeywords.contains(key) && !SchemaExport.subschemaMaps.contains(key) && !SchemaExport.subschemaLists.contains(key)
                && key != "$ref" && (key != "description" || (value.string?.utf8.count ?? 0) <= textLimit)
        } && JSONValue.object(object).serialized().count <= leafBytes
    }

    /// A schema without subschemas up to this many bytes is shown whole wherever it is.
    static let leafBytes = 240

    /// A schema's members in their order, each subschema as `child` makes it, its description
    /// whole or cut as decided (`$defs` at a root are the fit's own).
    private func members(of object: JSONObject, at place: Place, _ child: (JSONValue, Place) -> JSONValue) -> JSONObject {
        var out = JSONObject()
        for (key, value) in object {
            if key == "$defs", place.definition == nil, place.path.isEmpty { continue }
            if key == "description", case let .string(text) = value {
                let at = place.appending(key)
                out[key] = .string(text.utf8.count > Self.textLimit && !wholeTexts.contains(at) ? cut(text, at: at, length: Self.cutLength) : text)
            } else if SchemaExport.subschemaKeywords.contains(key) {
                out[key] = child(value, place.appending(key))
            } else if SchemaExport.subschemaMaps.contains(key), case let .object(members) = value {
                out[key] = .object(JSONObject(members.map { ($0.key, child($0.value, place.appending(key, $0.key))) }))
            } else if SchemaExport.subschemaLists.contains(key), case let .array(elements) = value {
                out[key] = .array(elements.enumerated().map { child($0.element, place.appending(key, String($0.offset))) })
            } else {
                out[key] = value
            }
        }
        return out
    }

    /// A subschema as a summary (a Boolean schema is itself).
    func summary(_ value: JSONValue, at place: Place) -> JSONValue {
        guard case let .object(object) = value else { return value }
        return .object(stub(object, at: place))
    }

    /// A schema summarised (a leaf is its own summary): its `type`, the first words of its
    /// description, what it holds and
    /// the part that has it whole.
    func stub(_ object: JSONObject, at place: Place) -> JSONObject {
        if let known = memo.stubs[place] { return known }
        if Self.isLeaf(object) {
            memo.stubs[place] = object
            return object
        }
        var stub = JSONObject()
        if let type = object["type"] { stub["type"] = type }
        let words = object["description"]?.string.map(Self.firstWords) ?? ""
        // A reference (with nothing but words beside it) is asked for as the definition it names.
        var part = pointer(place)
        if object.allSatisfy({ ["$ref", "description", "title"].contains($0.key) }), let name = references(in: object, at: place).first {
            part = roots[place.root].definitionsPointer + "/" + JSONPointer.escape(name)
        }
        stub["description"] = .string((words.isEmpty ? "" : words + " ") + "[summarised: \(Self.contents(object)); part \(part)]")
        memo.stubs[place] = stub
        return stub
    }

    /// A text cut to about `length` characters (at a space), ending with the part that has it whole.
    func cut(_ text: String, at place: Place, length: Int) -> String {
        guard text.utf8.count > length else { return text }
        var kept = text.prefix(length)
        guard kept.endIndex < text.endIndex else { return text }
        if let space = kept.lastIndex(where: \.isWhitespace), kept.distance(from: kept.startIndex, to: space) > length / 2 { kept = kept[..<space] }
        return kept + "… [cut; part \(pointer(place))]"
    }

    /// A description's first sentence or line, at most 80 characters (read as bytes: a summary
    /// is made for every subschema an answer shows).
    static func firstWords(_ text: String) -> String {
        var bytes: [UInt8] = []
        var previous: UInt8 = 0
        for byte in text.utf8.prefix(320) {
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: " ") && previous == UInt8(ascii: ".")) { break }
            if !bytes.isEmpty || (byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")) { bytes.append(byte) }
            previous = byte
        }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        let line = String(decoding: bytes, as: UTF8.self)
        return bytes.count > 80 && line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    /// What a schema holds, in a few words: its properties (the first names), choices, items.
    static func contents(_ object: JSONObject) -> String {
        if case let .object(properties)? = object["properties"], !properties.isEmpty {
            var names = ""
            for (name, _) in properties {
                if names.count + name.count > 60 { names += ", …"; break }
                names += (names.isEmpty ? "" : ", ") + name
            }
            return "\(properties.count) propert\(properties.count == 1 ? "y" : "ies") (\(names))"
        }
        if let reference = object["$ref"]?.string { return "the schema " + (reference.split(separator: "/").last.map(String.init) ?? reference) }
        for (key, words) in [("oneOf", "one of"), ("anyOf", "any of"), ("allOf", "all of")] {
            if let choices = object[key]?.array { return "\(words) \(pluralized(choices.count, "schema"))" }
        }
        if object["items"] != nil || object["prefixItems"] != nil { return "a list" }
        if let values = object["enum"]?.array { return "one of \(values.count) values" }
        if object["additionalProperties"] != nil { return "a map" }
        return "a schema"
    }
}

/// Reads an Overlay document's YAML into an ``Overlay``, recording every problem with its place,
/// by the rules of the Overlay Specification's schemas (1.0 and 1.1): `overlay` a version string
/// of the 1.0.x or 1.1.x line, `info` with string `title` and `version`, `actions` a non-empty
/// list of distinct mappings each with a JSONPath `target`, no other keys but `x-` extensions.
struct OverlayReader {
    let file: String
    private(set) var errors: [SpecError] = []
    private(set) var warnings: [Spec.Warning] = []

    init(file: String) {
        self.file = file
    }

    private mutating func report(_ message: String, at mark: Mark) {
        errors.append(SpecError(file: file, mark: mark, message: message))
    }

    /// The overlay, or `nil` when the root is not a mapping (other problems leave it partly read).
    mutating func read(_ root: YAMLNode) -> Overlay? {
        guard let mapping = MappingReader(root) else {
            report("an overlay must be a mapping with 'overlay', 'info' and 'actions', found \(root.foundDescription)", at: root.mark)
            return nil
        }
        let version = readVersion(mapping, root: root)
        let isVersion11 = version.hasPrefix("1.1.")
        checkKeys(mapping, allowed: ["overlay", "info", "extends", "actions"], place: "the overlay")
        readInfo(mapping, root: root)
        var extends: String?
        if let node = mapping["extends"] {
            extends = string(node, what: "'extends'")
        }
        let actions = readActions(mapping, root: root, allowsCopy: isVersion11)
        return Overlay(file: file, version: version, extends: extends, extendsMark: mapping["extends"]?.mark, actions: actions)
    }

    private mutating func readVersion(_ mapping: MappingReader, root: YAMLNode) -> String {
        guard let node = mapping["overlay"] else {
            report("an overlay needs 'overlay' (its version, 1.0.0 or 1.1.0)", at: root.mark)
            return ""
        }
        guard let version = string(node, what: "'overlay'") else { return "" }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        let isVersion = parts.count == 3 && (parts[0] == "1" && (parts[1] == "0" || parts[1] == "1"))
            && !parts[2].isEmpty && parts[2].allSatisfy(\.isASCII) && parts[2].allSatisfy(\.isNumber)
        if !isVersion { report("unsupported overlay version '\(version)' (this Netspec reads 1.0.x and 1.1.x)", at: node.mark) }
        return version
    }

    private mutating func readInfo(_ mapping: MappingReader, root: YAMLNode) {
        guard let node = mapping["info"] else {
            report("an overlay needs 'info' (with 'title' and 'version')", at: root.mark)
            return
        }
        guard let info = MappingReader(node) else {
            report("'info' must be a mapping, found \(node.foundDescription)", at: node.mark)
            return
        }
        checkKeys(info, allowed: ["title", "version", "description"], place: "'info'")
        for key in ["title", "version"] {
            if let value = info[key] { _ = string(value, what: "'info.\(key)'") } else { report("'info' needs '\(key)'", at: node.mark) }
        }
        if let description = info["description"] { _ = string(description, what: "'info.description'") }
    }

    private mutating func readActions(_ mapping: MappingReader, root: YAMLNode, allowsCopy: Bool) -> [Overlay.Action] {
        guard let node = mapping["actions"] else {
            report("an overlay needs 'actions' (a list of at least one action)", at: root.mark)
            return []
        }
        guard let items = node.sequence else {
            report("'actions' must be a list, found \(node.foundDescription)", at: node.mark)
            return []
        }
        if items.isEmpty { report("'actions' must list at least one action", at: node.mark) }
        var seen: [JSONValue: Mark] = [:]
        var actions: [Overlay.Action] = []
        for item in items {
            if let first = seen[item.jsonValue] {
                report("this action repeats the one at \(first) (actions must be distinct)", at: item.mark)
            } else {
                seen[item.jsonValue] = item.mark
            }
            if let action = readAction(item, allowsCopy: allowsCopy) { actions.append(action) }
        }
        return actions
    }

    private mutating func readAction(_ node: YAMLNode, allowsCopy: Bool) -> Overlay.Action? {
        guard let action = MappingReader(node) else {
            report("an action must be a mapping with 'target', found \(node.foundDescription)", at: node.mark)
            return nil
        }
        checkKeys(action, allowed: ["target", "description", "update", "remove"] + (allowsCopy ? ["copy"] : []), place: "an action")
        if let description = action["description"] { _ = string(description, what: "an action's 'description'") }
        var remove = false
        if let flag = action["remove"] {
            if case .bool(let value)? = flag.scalar?.resolved { remove = value } else {
                report("an action's 'remove' must be true or false, found \(flag.foundDescription)", at: flag.mark)
            }
        }
        let copy = action["copy"].flatMap { query($0, what: "'copy'") }
        if copy != nil, action["update"] != nil || remove {
            report("an action's 'copy' cannot be given with 'update' or 'remove: true'", at: action["copy"]!.mark)
        }
        guard let targetNode = action["target"] else {
            report("an action needs 'target' (a JSONPath query such as $.info)", at: node.mark)
            return nil
        }
        guard let target = query(targetNode, what: "'target'") else { return nil }
        return Overlay.Action(
            target: target, mark: node.mark, update: action["update"], remove: remove, copy: copy, copyMark: action["copy"]?.mark
        )
    }

    /// A string's text, or a problem saying what it had to be.
    private mutating func string(_ node: YAMLNode, what: String) -> String? {
        if case .string(let text)? = node.scalar?.resolved { return text }
        report("\(what) must be a string, found \(node.foundDescription)", at: node.mark)
        return nil
    }

    /// A JSONPath query, or a problem at the column where it stops being one.
    private mutating func query(_ node: YAMLNode, what: String) -> JSONPath? {
        guard let text = string(node, what: "\(what) (a JSONPath query)") else { return nil }
        do {
            return try JSONPath(text)
        } catch {
            // Overlay 1.0's examples were written before RFC 9535 and name `x-` extensions in
            // shorthand (`$.paths.*.get[?@.x-oai-traits.paged]`), which the RFC does not allow.
            let bracketed = Self.bracketingHyphenatedNames(text)
            if bracketed != text, let query = try? JSONPath(bracketed) {
                let mark = node.mark
                warnings.append(Spec.Warning(
                    file: file, line: mark.line, column: mark.column,
                    message: "\(what) '\(text)' is not RFC 9535 JSONPath (a name with '-' after '.'); read as '\(bracketed)', write it so"))
                return query
            }
            report("\(what) '\(text)' is not a JSONPath query (RFC 9535): \(error.message)", at: node.mark(atOffset: error.column - 1, in: file))
            return nil
        }
    }

    /// `text` with each `.name` whose name holds a `-` written `['name']`, outside quotes.
    static func bracketingHyphenatedNames(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var quote: Unicode.Scalar?
        var index = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "-" || scalar.value >= 0x80 || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == "\\", index + 1 < scalars.count {
                    result.append(scalar)
                    index += 1
                    result.append(scalars[index])
                } else {
                    result.append(scalar)
                    if scalar == open { quote = nil }
                }
                index += 1
                continue
            }
            if scalar == "'" || scalar == "\"" { quote = scalar }
            var end = index + 1
            if scalar == "." { while end < scalars.count, isNameScalar(scalars[end]) { end += 1 } }
            let name = scalars[(index + 1)..<end]
            if scalar == ".", name.contains("-") {
                result.append(contentsOf: "['".unicodeScalars)
                result.append(contentsOf: name)
                result.append(contentsOf: "']".unicodeScalars)
                index = end
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return String(result)
    }

    /// Keys beyond `allowed` and `x-` extensions are problems, with a "did you mean" hint.
    private mutating func checkKeys(_ mapping: MappingReader, allowed: [String], place: String) {
        for pair in mapping.pairs {
            let name = pair.key.string ?? ""
            guard !allowed.contains(name), !name.hasPrefix("x-") else { continue }
            report("unknown key '\(name)' in \(place)\(Suggestions.hint(for: name, in: allowed))", at: pair.key.mark)
        }
    }
}

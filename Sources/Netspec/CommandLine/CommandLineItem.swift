/// One `name=value` item of `netspec call`, in HTTPie's syntax.
///
/// | item | meaning |
/// |---|---|
/// | `name=text` | text, converted to the parameter's type (`id=42` for an `Int`) |
/// | `name:=json` | any JSON: `n:=3`, `on:=true`, `tags:='["a","b"]'` |
/// | `name@path` | a file: uploaded for `Data`/`URL` parameters, its text for a `String`, its JSON otherwise |
/// | `name==value` | a query item the spec does not declare |
/// | `Name:value` | a header the spec does not declare |
///
/// The first separator wins (`email=a@b.c` is text, `url==http://x` a query item); at one place
/// the longer separator wins (`==` over `=`, `:=` over `:`); a backslash escapes a separator
/// character in the name (`a\=b=c` names `a=b`).
package struct CommandLineItem: Sendable, Hashable, CustomStringConvertible {
    /// How the value is given.
    package enum Kind: Sendable, Hashable {
        /// `name=text`.
        case text
        /// `name:=json`.
        case json
        /// `name@path`.
        case file
        /// `name==value`: an undeclared query item.
        case query
        /// `Name:value`: an undeclared header.
        case header
    }

    /// The parameter name.
    package let name: String
    /// How the value is given.
    package let kind: Kind
    /// The text after the separator.
    package let value: String

    /// Creates an item.
    package init(name: String, kind: Kind, value: String) {
        self.name = name
        self.kind = kind
        self.value = value
    }

    /// Parses an item.
    ///
    /// - Throws: ``CommandLineItemError`` when there is no separator or no name.
    package init(parsing text: String) throws(CommandLineItemError) {
        var name = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            switch character {
            case "\\" where next < text.endIndex && "=:@\\".contains(text[next]):
                name.append(text[next])
                index = text.index(after: next)
                continue
            case ":" where next < text.endIndex && text[next] == "=":
                self = try Self.make(name: name, kind: .json, value: String(text[text.index(after: next)...]), item: text)
                return
            case ":":
                // `Name: value` (quoted) as HTTPie writes it: the spaces after ':' are not the value.
                self = try Self.make(name: name, kind: .header, value: String(text[next...].drop { $0 == " " || $0 == "\t" }), item: text)
                return
            case "=" where next < text.endIndex && text[next] == "=":
                self = try Self.make(name: name, kind: .query, value: String(text[text.index(after: next)...]), item: text)
                return
            case "=":
                self = try Self.make(name: name, kind: .text, value: String(text[next...]), item: text)
                return
            case "@":
                self = try Self.make(name: name, kind: .file, value: String(text[next...]), item: text)
                return
            default:
                name.append(character)
                index = next
            }
        }
        throw CommandLineItemError(item: text, message: "has no '=', ':=', '@', '==' or ':' (write name=text, name:=json, name@file, name==query or Name:header)")
    }

    private static func make(name: String, kind: Kind, value: String, item: String) throws(CommandLineItemError) -> CommandLineItem {
        guard !name.isEmpty else { throw CommandLineItemError(item: item, message: "has no parameter name before the separator") }
        if kind == .file, value.isEmpty { throw CommandLineItemError(item: item, message: "has no file path after '@'") }
        return CommandLineItem(name: name, kind: kind, value: value)
    }

    /// The item as it would be written on the command line.
    package var description: String {
        let escaped = name.reduce(into: "") { text, character in
            if "=:@\\".contains(character) { text.append("\\") }
            text.append(character)
        }
        switch kind {
        case .text: return "\(escaped)=\(value)"
        case .json: return "\(escaped):=\(value)"
        case .file: return "\(escaped)@\(value)"
        case .query: return "\(escaped)==\(value)"
        case .header: return "\(escaped):\(value)"
        }
    }
}

/// A command-line item that cannot be parsed.
package struct CommandLineItemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The item as given.
    package let item: String
    /// What is wrong with it.
    package let message: String

    /// `item 'x' has no '=', ':=' or '@' …`.
    package var description: String { "item '\(item)' \(message)" }
}

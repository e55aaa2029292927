// Where a compiled schema came from (its document's URI and JSON pointer, and file:line:column
// when it was read from a YAML or JSON file), and the compile error that says where it went wrong.

/// Where a schema (or one of its keywords) is in its source.
struct SchemaLocation: Sendable, Hashable, CustomStringConvertible {
    /// The URI of the document the schema is in, without a fragment.
    var documentURI: String
    /// The schema's JSON pointer in that document (`/components/schemas/Pet`), `""` for the root.
    var pointer: String
    /// The file the document was read from, when it was read from one.
    var file: String?
    /// Where the schema starts in that file, when it was read from a ``YAMLNode``.
    var mark: Mark?

    /// `file:line:column` when both are known, else `uri#pointer`.
    var description: String {
        if let file, let mark { return "\(file):\(mark)" }
        return documentURI + "#" + pointer
    }

    /// The location of the member `key` of this schema object, at `mark` when it is known.
    func appending(_ key: String, mark: Mark?) -> SchemaLocation {
        SchemaLocation(documentURI: documentURI, pointer: pointer + "/" + JSONPointer.escape(key), file: file, mark: mark ?? (file == nil ? nil : self.mark))
    }
}

// MARK: - JSON pointers

/// RFC 6901 JSON pointers: building and reading their tokens.
package enum JSONPointer {
    /// `key` as a pointer token: `~` becomes `~0`, `/` becomes `~1`.
    package static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// The tokens of `pointer` (`/a/b~1c` gives `a`, `b/c`); `nil` if it does not start with `/`
    /// and is not empty.
    package static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            String(token).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    /// An array index token: digits without a leading zero (`0`, `12`; not `01`, `-1`).
    static func arrayIndex(_ token: String) -> Int? {
        guard token == "0" || !token.hasPrefix("0") else { return nil }
        return token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) ? Int(token) : nil
    }

    /// A pointer from its tokens.
    package static func make(_ tokens: some Sequence<String>) -> String {
        tokens.reduce(into: "") { $0 += "/" + escape($1) }
    }
}

extension JSONValue {
    /// The value at the JSON pointer `tokens` (object members by name, array elements by index).
    package func at(pointer tokens: [String]) -> JSONValue? {
        var current = self
        for token in tokens {
            switch current {
            case let .object(object):
                guard let member = object[token] else { return nil }
                current = member
            case let .array(array):
                guard let index = JSONPointer.arrayIndex(token), index < array.count else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }
}

// MARK: - Compile errors

/// A schema that cannot be compiled: an unresolvable `$ref`, a keyword whose value has the wrong
/// shape, a `pattern` that is not a regular expression. Never a crash.
package struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in lower case: `cannot resolve $ref '#/components/schemas/Pett'`.
    package var message: String
    /// Where: `file:line:column` when the schema was read from a file, else `uri#/pointer`.
    package var location: String

    /// An error with its message and location.
    package init(message: String, location: String) {
        self.message = message
        self.location = location
    }

    /// `location: message`.
    package var description: String { "\(location): \(message)" }
}

import NetspecModel

/// The two ways a `PATCH` body changes a stored item: JSON Merge Patch (RFC 7396), and JSON
/// Patch (RFC 6902) for `application/json-patch+json`.
enum JSONPatch {
    /// Why a JSON Patch cannot be applied, in a sentence naming the operation (`/1`) and its path.
    struct Failure: Error, Sendable {
        let message: String
        /// Whether the patch applied but its result breaks the item's schema (the message says how).
        var breaksSchema = false
    }

    /// A `PATCH` body applied to `target`: a JSON Patch when the request's `Content-Type` is
    /// `application/json-patch+json`, else a JSON Merge Patch.
    static func patched(_ target: JSONValue, by patch: JSONValue, contentType: String?) throws(Failure) -> JSONValue {
        isJSONPatch(contentType) ? try apply(patch, to: target) : merge(target, patch)
    }

    /// Whether a `Content-Type` is JSON Patch's, `application/json-patch+json`.
    static func isJSONPatch(_ contentType: String?) -> Bool {
        contentType.map { MediaType.base(of: $0) == "application/json-patch+json" } ?? false
    }

    /// RFC 7396: each member of an object patch replaces the target's (recursively for objects),
    /// `null` removes it; a patch that is not an object replaces the target.
    static func merge(_ target: JSONValue, _ patch: JSONValue) -> JSONValue {
        guard case let .object(members) = patch else { return patch }
        var result = target.object ?? [:]
        for (key, value) in members {
            if value == .null { result[key] = nil } else { result[key] = merge(result[key] ?? .null, value) }
        }
        return .object(result)
    }

    /// RFC 6902: the operations in order (`add`, `remove`, `replace`, `move`, `copy`, `test`); all
    /// or nothing.
    static func apply(_ operations: JSONValue, to target: JSONValue) throws(Failure) -> JSONValue {
        guard case let .array(list) = operations else { throw Failure(message: "a JSON Patch is an array of operations, found \(operations)") }
        var document = target
        for (index, operation) in list.enumerated() {
            let context = "operation /\(index)"
            guard case let .object(members) = operation, case let .string(op)? = members["op"], case let .string(path)? = members["path"] else {
                throw Failure(message: "\(context) needs 'op' and 'path' strings")
            }
            let pointer = try Self.pointer(path, context: context)
            switch op {
            case "add", "replace", "test":
                guard let value = members["value"] else { throw Failure(message: "\(context) (\(op)) needs 'value'") }
                if op == "test" {
                    guard let found = get(pointer, in: document), equal(found, value) else { throw Failure(message: "\(context): test failed, \(path) is not \(value)") }
                } else {
                    if op == "replace", get(pointer, in: document) == nil { throw Failure(message: "\(context): \(path) does not exist") }
                    document = try set(value, at: pointer[...], in: document, adding: op == "add", context: context)
                }
            case "remove":
                guard get(pointer, in: document) != nil, !pointer.isEmpty else { throw Failure(message: "\(context): \(path) does not exist") }
                document = try set(nil, at: pointer[...], in: document, adding: false, context: context)
            case "move", "copy":
                guard case let .string(from)? = members["from"] else { throw Failure(message: "\(context) (\(op)) needs 'from'") }
                let source = try Self.pointer(from, context: context)
                // RFC 6902 §4.4: a value cannot be moved into one of its own children.
                if op == "move", source.count < pointer.count, pointer.starts(with: source) {
                    throw Failure(message: "\(context): 'from' \(from) is a proper prefix of 'path' \(path): a value cannot be moved into itself (RFC 6902 §4.4)")
                }
                guard let value = get(source, in: document) else { throw Failure(message: "\(context): \(from) does not exist") }
                if op == "move" { document = try set(nil, at: source[...], in: document, adding: false, context: context) }
                document = try set(value, at: pointer[...], in: document, adding: true, context: context)
            default:
                throw Failure(message: "\(context): unknown op '\(op)' (add, remove, replace, move, copy, test)")
            }
        }
        return document
    }

    /// Whether two values are equal as RFC 6902 §4.6 `test` compares them: numbers by their value
    /// (`2000.0` is `2000`), strings and literals as they are, arrays item by item, objects
    /// member by member whatever their order.
    static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case let (.int(a), .double(b)), let (.double(b), .int(a)):
            return Int(exactly: b) == a
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case let (.object(a), .object(b)):
            return a.count == b.count && a.allSatisfy { member in b[member.key].map { equal(member.value, $0) } ?? false }
        default:
            return left == right
        }
    }

    /// A JSON pointer's reference tokens (RFC 6901: `~1` is `/`, `~0` is `~`).
    private static func pointer(_ text: String, context: String) throws(Failure) -> [String] {
        guard !text.isEmpty else { return [] }
        guard text.hasPrefix("/") else { throw Failure(message: "\(context): '\(text)' is not a JSON pointer") }
        return text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            String(token).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    private static func get(_ pointer: [String], in value: JSONValue) -> JSONValue? {
        var current = value
        for token in pointer {
            switch current {
            case let .object(members): guard let next = members[token] else { return nil }; current = next
            case let .array(items): guard let index = arrayIndex(token), items.indices.contains(index) else { return nil }; current = items[index]
            default: return nil
            }
        }
        return current
    }

    /// An array index as RFC 6901 §4 writes one: `0`, or digits without a leading zero (`+1`,
    /// `01`, `-1` and ` 1` are none, which RFC 6902 §5 makes an error); `nil` for anything else.
    static func arrayIndex(_ token: String) -> Int? {
        let digits = token.utf8
        guard let first = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        return Int(token)
    }

    /// `value` put at the pointer (inserted into an array when `adding`, `-` appending), or the
    /// member or item removed when `value` is `nil`.
    private static func set(_ value: JSONValue?, at pointer: ArraySlice<String>, in target: JSONValue, adding: Bool, context: String) throws(Failure) -> JSONValue {
        guard let token = pointer.first else { return value ?? .null }
        let rest = pointer.dropFirst()
        switch target {
        case var .object(members):
            if rest.isEmpty {
                members[token] = value
            } else {
                guard let child = members[token] else { throw Failure(message: "\(context): the member '\(token)' does not exist") }
                members[token] = try set(value, at: rest, in: child, adding: adding, context: context)
            }
            return .object(members)
        case var .array(items):
            let index = token == "-" ? items.count : arrayIndex(token) ?? -1
            guard index >= 0, index < items.count || (index == items.count && adding && rest.isEmpty) else {
                throw Failure(message: "\(context): '\(token)' is not an index of the array")
            }
            if !rest.isEmpty {
                items[index] = try set(value, at: rest, in: items[index], adding: adding, context: context)
            } else if let value {
                if adding { items.insert(value, at: index) } else { items[index] = value }
            } else {
                items.remove(at: index)
            }
            return .array(items)
        default:
            throw Failure(message: "\(context): '\(token)' is below a value that is neither an object nor an array")
        }
    }
}

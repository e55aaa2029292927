#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// Results as Swift tuples: a result shaped as a tuple (`returns: "(id: Int, status: String)"`),
/// or any JSON array or object, decoded element by element into the types asked for, in one
/// expression.
///
/// ```swift
/// let (id, status) = try await api.getOrder(id: 7).tuple(Int.self, String.self)
/// let order: (id: Int, status: String) = try await api.getOrder(id: 7).tuple(("id", Int.self), ("status", String.self))
/// let (id2, status2): (Int, String) = try await api.getOrder(id: 7)
/// ```
extension Response {
    /// The result as a tuple of the types given, element by element by position: the *i*-th
    /// element of an array result, or the *i*-th member of an object result (which keeps the
    /// server's order, and a `returns:` tuple's declaration order).
    ///
    /// An element past the end of the result is `nil` when its type is optional; a result with
    /// more elements than the tuple, or one that is not an array or object, is an error.
    ///
    /// - Throws: ``CallError/decoding(_:)`` naming the element that does not fit, by position and
    ///   by label when it has one: `tuple element 1 (status): expected String, got number 3`.
    public func tuple<each T: Decodable>(_ types: repeat (each T).Type) throws(CallError) -> (repeat each T) {
        var count = 0
        for _ in repeat (each types) { count += 1 }
        try checkDecoder()
        let elements = try TupleElements(of: value, endpoint: endpointName, decoder: decoder, count: count)
        var index = 0
        return (repeat try elements.decode((each T).self, at: &index, label: nil))
    }

    /// The result as a tuple of labelled elements: each is the object result's member of that
    /// label, or, for an array result, the element at its position (the label then names it in
    /// errors). Members the tuple does not name are left alone. The tuple can be given its labels
    /// where it is used: `let order: (id: Int, status: String) = try response.tuple(("id", Int.self), ("status", String.self))`.
    ///
    /// - Throws: ``CallError/decoding(_:)`` naming the element that does not fit, by position and
    ///   label, or the label that is missing.
    public func tuple<each T: Decodable>(_ elements: repeat (String, (each T).Type)) throws(CallError) -> (repeat each T) {
        var count = 0
        for _ in repeat (each elements) { count += 1 }
        try checkDecoder()
        let source = try TupleElements(of: value, endpoint: endpointName, decoder: decoder, count: count, byLabel: true)
        var index = 0
        return (repeat try source.decode((each T).self, at: &index, label: (each elements).0))
    }
}

/// The elements of a result read as a tuple of `count` elements, and the decoding of each with
/// an error that names it.
struct TupleElements {
    let value: JSONValue
    let endpoint: String
    let decoder: JSONDecoder?
    let count: Int

    /// Checks that `value` can be a tuple of `count` elements: an array or an object, with no
    /// more elements than that when they are read by position.
    init(of value: JSONValue, endpoint: String, decoder: JSONDecoder?, count: Int, byLabel: Bool = false) throws(CallError) {
        self.value = value
        self.endpoint = endpoint
        self.decoder = decoder
        self.count = count
        switch value {
        case .array, .object:
            if let problem = Self.surplus(in: value, count: count, byLabel: byLabel) { throw Self.failure(endpoint, problem) }
        default:
            throw Self.failure(endpoint, "a tuple of \(count) elements must come from an array or an object, got \(JSONValue.describe(value))")
        }
    }

    /// What is wrong with an array or object read as a tuple of `count` elements when it has
    /// more than that read by position (an array's elements; an object's members, unless the
    /// tuple reads them by label, which leaves the others alone): a tuple takes them all, so a
    /// longer result is not the shape it declares. `nil` when it fits. Both `Response.tuple`
    /// and a `returns:` tuple (``ResultShaper``) say it so.
    static func surplus(in value: JSONValue, count: Int, byLabel: Bool) -> String? {
        let size: Int
        switch value {
        case let .array(items): size = items.count
        case let .object(object) where !byLabel: size = object.count
        default: return nil
        }
        guard size > count else { return nil }
        return "the result has \(Self.count(size, of: value)) but the tuple \(count): read by position, a tuple takes them all"
    }

    /// Decodes the element at `index` (then moves `index` on) as `type`: by label from an object
    /// when one is given, else by position.
    func decode<T: Decodable>(_ type: T.Type, at index: inout Int, label: String?) throws(CallError) -> T {
        defer { index += 1 }
        let position = index
        let name = "tuple element \(position)"
        var element: JSONValue?
        var shownLabel = label
        switch value {
        case let .object(object):
            if let label {
                element = object[label]
            } else if position < object.count {
                element = object[position].value
                shownLabel = object[position].key
            }
        case let .array(items) where position < items.count:
            // Not `? … : nil`, which JSONValue's nil literal would make `.null`.
            element = items[position]
        default:
            break
        }
        let place = name + (shownLabel.map { " (\($0))" } ?? "")
        guard let element else {
            if let absent = try? JSONValue.null.decode(T.self) { return absent }
            let why = label != nil && (value.object != nil) ? "the object has no member '\(label!)'"
                : "the result has only \(Self.count(position, of: value))"
            throw Self.failure(endpoint, "\(place): expected \(T.self), but \(why)")
        }
        do {
            if let decoder { return try element.decode(type, using: decoder) }
            return try element.decode(type)
        } catch let error as DecodingError {
            throw Self.failure(endpoint, "\(place): " + Self.describe(error, element: element, type: T.self))
        } catch {
            throw Self.failure(endpoint, "\(place): \(error)")
        }
    }

    /// What a decoding error says about an element: `expected String, got number 3` when the
    /// element itself has the wrong kind, else where inside it and what.
    static func describe<T>(_ error: DecodingError, element: JSONValue, type: T.Type) -> String {
        let path = Response.path
        switch error {
        case let .typeMismatch(_, context) where context.codingPath.isEmpty,
             let .valueNotFound(_, context) where context.codingPath.isEmpty,
             let .dataCorrupted(context) where context.codingPath.isEmpty:
            return "expected \(T.self), got \(JSONValue.describe(element))"
        case let .typeMismatch(expected, context):
            let found = element.value(at: path(context.codingPath)).map(JSONValue.describe) ?? "something else"
            return "\(path(context.codingPath)): expected \(expected), got \(found)"
        case let .valueNotFound(expected, context):
            return "\(path(context.codingPath)): expected \(expected), got null"
        case let .keyNotFound(key, context):
            return "\(path(context.codingPath + [key])): the key is missing"
        case let .dataCorrupted(context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `1 element`, `3 members`: a count of an array's elements or an object's members.
    static func count(_ number: Int, of value: JSONValue) -> String {
        let noun = (value.object != nil) ? "member" : "element"
        return pluralized(number, noun)
    }

    static func failure(_ endpoint: String, _ message: String) -> CallError {
        .decoding(CallError.ResultDecodingError(endpoint: endpoint, keyPath: "", message: message))
    }
}

extension JSONValue {
    /// A value as a message names it: `number 3`, `string "x"`, `true`, `null`, `an array of 2
    /// elements`, `an object of 3 members` (a long string cut at 40 characters).
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .int(number): return "number \(number)"
        case let .double(number): return "number \(JSONValue.double(number).description)"
        case let .string(text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "string " + JSONValue.string(shown).description
        case let .array(items): return "an array of \(pluralized(items.count, "element"))"
        case let .object(object): return "an object of \(pluralized(object.count, "member"))"
        }
    }
}

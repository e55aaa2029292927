import HTTPTypes
import NetspecModel

/// Turns a response body into an endpoint's result: `keyPath` first, then the `returns` shape.
///
/// Tuples are read by label from an object and by position from an array, nest, and come back
/// as an object of their labels in declaration order (an array when no element is labelled), so
/// they can be read by label and, because objects keep their order, by position.
struct ResultShaper {
    let endpoint: String

    /// What reading a body found besides its value, for printers (``Response/isText``,
    /// ``Response/isBinary``).
    struct Reading {
        /// The value is the body's text.
        var isText = false
        /// The body is neither JSON nor text by its `Content-Type` (an image, an archive).
        var isBinary = false
    }

    /// The result of a response.
    ///
    /// - Parameters:
    ///   - body: the body bytes.
    ///   - headers: the response headers.
    ///   - returnType: the declared shape.
    ///   - keyPath: the part of the body that is the result.
    ///   - selectsInside: the caller selects inside the result (a call's key path), so a text
    ///     body is read as JSON.
    ///   - reading: set to what the body was: the one place that decides text, bytes or JSON
    ///     (``Response`` carries it to printers).
    func shape(
        body: [UInt8], headers: HTTPFields, returnType: ReturnType, keyPath: JSONValue.KeyPath?, selectsInside: Bool = false, reading: inout Reading
    ) throws(CallError.ResultDecodingError) -> JSONValue {
        switch returnType {
        case .void:
            return .null
        case .headers:
            // Header names are case-insensitive: `keyPath: content-type` finds `Content-Type`.
            return try select(Self.headerObject(headers), keyPath: keyPath, matchingNamesCaseInsensitively: true)
        case let .value(type):
            let parsed = try parse(body, headers: headers, type: type, keyPath: keyPath, selectsInside: selectsInside, reading: &reading)
            // Bytes are the result as they are (their text, or null).
            return reading.isBinary ? parsed : try shape(parsed, as: type, keyPath: keyPath)
        }
    }

    /// The result of a response body already parsed as JSON: `keyPath` applied, then the
    /// `returns` shape (`null` for `Void` and headers).
    func shape(_ json: JSONValue, returnType: ReturnType, keyPath: JSONValue.KeyPath?) throws(CallError.ResultDecodingError) -> JSONValue {
        guard case let .value(type) = returnType else {
            // The key path must still be there.
            _ = try select(json, keyPath: keyPath)
            return .null
        }
        return try shape(json, as: type, keyPath: keyPath)
    }

    /// The part of a result a call's key path selects (``CallOptions/keyPath``), the result being
    /// of `returnType`: a `Headers` result's first key ignores ASCII case, and a `Void` result has
    /// nothing to select in (an error saying so, whatever the body held).
    func select(_ value: JSONValue, keyPath: JSONValue.KeyPath?, returnType: ReturnType) throws(CallError.ResultDecodingError) -> JSONValue {
        if returnType == .void, let keyPath, !keyPath.isEmpty {
            throw CallError.ResultDecodingError(
                endpoint: endpoint, keyPath: "",
                message: "the endpoint returns nothing (returns: Void), so key path '\(keyPath)' has nothing to read"
            )
        }
        return try select(value, keyPath: keyPath, matchingNamesCaseInsensitively: returnType == .headers)
    }

    /// The part of `value` a key path selects; all of it when there is no key path. With
    /// `matchingNamesCaseInsensitively` (a `Headers` result), the first key ignores ASCII case.
    /// A value that is no object or array to read in is said with the key path.
    func select(
        _ value: JSONValue, keyPath: JSONValue.KeyPath?, matchingNamesCaseInsensitively: Bool = false
    ) throws(CallError.ResultDecodingError) -> JSONValue {
        guard var keyPath, !keyPath.isEmpty else { return value }
        if matchingNamesCaseInsensitively, case let .object(object) = value {
            keyPath = keyPath.matchingFirstKeyCaseInsensitively(in: object)
        }
        do {
            return try value.resolve(keyPath)
        } catch {
            if error.path.isEmpty, case let .notAContainer(found) = error.reason {
                // The whole result (a text answer's String, a null): `: expected …` alone named no key path.
                throw CallError.ResultDecodingError(
                    endpoint: endpoint, keyPath: "",
                    message: "key path '\(keyPath)' reads in an object or array, but the result is \(found == "null" ? "null" : (found == "Int" ? "an " : "a ") + found)"
                )
            }
            throw CallError.ResultDecodingError(endpoint: endpoint, keyPath: error.path, message: error.reasonDescription)
        }
    }

    /// The part of `value` a key path selects, shaped by `type`.
    func shape(_ value: JSONValue, as type: ValueType, keyPath: JSONValue.KeyPath?) throws(CallError.ResultDecodingError) -> JSONValue {
        try shape(select(value, keyPath: keyPath), as: type, path: keyPath?.description ?? "")
    }

    /// The headers as an object of names to values, in the order the names first came. Names are
    /// case-insensitive (RFC 9110 §5.1): `Vary` and `vary` are one key, spelled as it first came,
    /// and the values of a field sent more than once are joined with `, ` (§5.3). `Set-Cookie`,
    /// whose lines cannot be joined (an `Expires` date holds a comma; RFC 6265 §3), is always an
    /// array of its lines, one or more.
    static func headerObject(_ headers: HTTPFields) -> JSONValue {
        var object = JSONObject()
        // The first spelling of each name, by its lowercase form.
        var keys: [String: String] = [:]
        for field in headers {
            let key: String
            if let first = keys[field.name.canonicalName] {
                key = first
            } else {
                key = field.name.rawName
                keys[field.name.canonicalName] = key
            }
            switch object[key] {
            case let .array(lines)?:
                object[key] = .array(lines + [.string(field.value)])
            case let .string(previous)?:
                object[key] = .string(previous + ", " + field.value)
            default:
                object[key] = field.name == .setCookie ? .array([.string(field.value)]) : .string(field.value)
            }
        }
        return .object(object)
    }

    // MARK: - Parsing

    /// The body as JSON for a result of `type`, read as its `Content-Type` says
    /// (``ResponseBodyType``):
    ///
    /// - empty: `null` (an error when there is a key path);
    /// - JSON or no `Content-Type`: parsed; without a `Content-Type`, UTF-8 text that is not JSON
    ///   is its text when the result may be text (a `JSON` or `String` result, no key path);
    /// - text (`text/plain`, XML): its text, decoded in its charset, when the result may be text
    ///   and nothing selects inside it (a key path, `selectsInside`); parsed as JSON otherwise;
    ///   for a `JSON` result, text that cannot be decoded is bytes;
    /// - anything else (an image, an archive): parsed when it is JSON (a JSON answer with the
    ///   wrong type); else, for a `JSON` result, bytes (`reading.isBinary`): its text when it is
    ///   UTF-8, else `null`.
    ///
    /// A body that cannot be the result is an error saying what it is.
    ///
    /// - Parameter parseJSON: How the bytes are parsed (the caller may check them as it parses).
    func parse(
        _ body: [UInt8], headers: HTTPFields, type: ValueType, keyPath: JSONValue.KeyPath?, selectsInside: Bool = false, reading: inout Reading,
        parseJSON: ([UInt8]) throws(JSONValue.ParseError) -> JSONValue = { bytes throws(JSONValue.ParseError) in try JSONValue(parsing: bytes) }
    ) throws(CallError.ResultDecodingError) -> JSONValue {
        let hasKeyPath = !(keyPath?.isEmpty ?? true)
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            guard !hasKeyPath else {
                throw CallError.ResultDecodingError(endpoint: endpoint, keyPath: "", message: "the response body is empty, so key path '\(keyPath!)' has nothing to select")
            }
            return .null
        }
        let contentType = headers.firstValue(for: .contentType).flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let bodyType = ResponseBodyType(contentType: contentType)
        // The whole body is the result, and nothing selects inside it.
        let isWhole = !hasKeyPath && !selectsInside
        let mayBeText = isWhole && (type.unwrapped == .json || type.unwrapped == .string)
        if case let .text(charset) = bodyType, mayBeText {
            switch ResponseBodyType.text(body, charset: charset) {
            case let .success(text):
                reading.isText = true
                return .string(text)
            case let .failure(problem):
                guard type.unwrapped == .json else {
                    throw CallError.ResultDecodingError(endpoint: endpoint, keyPath: "", message: Self.describe(problem, contentType: contentType ?? "", count: body.count))
                }
                reading.isBinary = true
                return .null
            }
        }
        do {
            return try parseJSON(body)
        } catch {
            switch bodyType {
            case .unlabelled where mayBeText, .binary where mayBeText && type.unwrapped == .string:
                // A text body is the result as it is when nothing asks for JSON structure.
                if let text = String(validating: body, as: UTF8.self) {
                    reading.isText = true
                    return .string(text)
                }
            case .binary where isWhole && type.unwrapped == .json:
                reading.isBinary = true
                guard let text = String(validating: body, as: UTF8.self) else { return .null }
                reading.isText = true
                return .string(text)
            default:
                break
            }
            let what = bodyType == .json ? "the response is not valid JSON (\(error))"
                : "the response is not JSON (\(contentType.map { "Content-Type \($0)" } ?? "no Content-Type"), \(ByteCount(body.count)))"
            throw CallError.ResultDecodingError(endpoint: endpoint, keyPath: "", message: what)
        }
    }

    /// A text body that cannot be decoded, said with its type and size.
    private static func describe(_ problem: ResponseBodyType.TextProblem, contentType: String, count: Int) -> String {
        switch problem {
        case let .invalid(charset):
            "the response is not valid \(charset) text (Content-Type \(contentType), \(ByteCount(count)))"
        case let .unsupported(charset):
            "the response's charset \(charset) is not one Netspec reads (UTF-8, US-ASCII, ISO-8859-1, windows-1252, UTF-16) (Content-Type \(contentType), \(ByteCount(count)))"
        }
    }

    // MARK: - Shaping

    /// A value shaped by a type; a mismatch names the key path where it is, below `path`.
    func shape(_ value: JSONValue, as type: ValueType, path: String) throws(CallError.ResultDecodingError) -> JSONValue {
        do {
            return try shape(value, as: type)
        } catch {
            // The path is built only for a mismatch, on the way out.
            let below = error.reversedPath.reversed().joined(separator: ".")
            let full = path.isEmpty ? below : below.isEmpty ? path : path + "." + below
            throw CallError.ResultDecodingError(endpoint: endpoint, keyPath: full, message: error.message)
        }
    }

    /// A mismatch found while shaping, with the path from the mismatch up to the value shaped.
    struct Mismatch: Error {
        var reversedPath: [String] = []
        var message: String

        /// The mismatch, one level further up.
        func below(_ segment: String) -> Mismatch {
            var copy = self
            copy.reversedPath.append(segment)
            return copy
        }
    }

    private func shape(_ value: JSONValue, as type: ValueType) throws(Mismatch) -> JSONValue {
        switch (type, value) {
        case (.json, _), (.string, .string), (.url, .string), (.data, .string), (.bool, .bool), (.int, .int),
             (.double, .double), (.model, .object), (.optional, .null):
            return value
        case let (.date, .string(text)):
            guard ISO8601.isValid(text) else { throw Mismatch(message: "\(ValueType.dateExpectation), found \(value)") }
            return value
        case let (.int, .double(number)):
            guard let integer = Int(exactly: number) else { throw mismatch(type, value) }
            return .int(integer)
        case let (.double, .int(integer)):
            return .double(Double(integer))
        case let (.optional(wrapped), _):
            return try shape(value, as: wrapped)
        case let (.array(element), .array(items)):
            var shaped: [JSONValue] = []
            shaped.reserveCapacity(items.count)
            for index in items.indices {
                do {
                    shaped.append(try shape(items[index], as: element))
                } catch {
                    throw error.below(String(index))
                }
            }
            return .array(shaped)
        case let (.dictionary(element), .object(object)):
            var members: [JSONObject.Member] = []
            members.reserveCapacity(object.count)
            for (key, item) in object {
                do {
                    members.append(JSONObject.Member(key: key, value: try shape(item, as: element)))
                } catch {
                    throw error.below(key)
                }
            }
            return .object(JSONObject(members: members, keysAreUnique: true))
        case let (.tuple(elements), .object(object)):
            // Unlabelled elements read the members by position, and then take them all.
            if let surplus = TupleElements.surplus(in: value, count: elements.count, byLabel: elements.contains { $0.label != nil }) {
                throw Mismatch(message: surplus)
            }
            return try shapeTuple(elements, readsByPosition: false) { index, element throws(Mismatch) in
                if let label = element.label {
                    guard let item = object[label] else { return try missing(element.type, what: "the key is missing") }
                    return item
                }
                guard index < object.count else {
                    return try missing(element.type, what: "the object has only \(pluralized(object.count, "member"))")
                }
                return object[index].value
            }
        case let (.tuple(elements), .array(items)):
            if let surplus = TupleElements.surplus(in: value, count: elements.count, byLabel: false) { throw Mismatch(message: surplus) }
            return try shapeTuple(elements, readsByPosition: true) { index, element throws(Mismatch) in
                guard index < items.count else {
                    return try missing(element.type, what: "the array has only \(pluralized(items.count, "element"))")
                }
                return items[index]
            }
        default:
            throw mismatch(type, value)
        }
    }

    /// A tuple as an array (no labels) or an object of its labels (a position for an unlabelled
    /// element), in declaration order. A mismatch is named by where it is in the response: the
    /// position when the elements are read from an array, else the label.
    private func shapeTuple(
        _ elements: [ValueType.TupleElement], readsByPosition: Bool,
        item: (Int, ValueType.TupleElement) throws(Mismatch) -> JSONValue
    ) throws(Mismatch) -> JSONValue {
        let isLabelled = elements.contains { $0.label != nil }
        var values: [JSONValue] = []
        var members: [JSONObject.Member] = []
        if isLabelled { members.reserveCapacity(elements.count) } else { values.reserveCapacity(elements.count) }
        for index in elements.indices {
            let element = elements[index]
            let key = element.label ?? String(index)
            let shaped: JSONValue
            do {
                shaped = try shape(try item(index, element), as: element.type)
            } catch {
                throw error.below(readsByPosition ? String(index) : key)
            }
            if isLabelled {
                members.append(JSONObject.Member(key: key, value: shaped))
            } else {
                values.append(shaped)
            }
        }
        // Labels are unique: the spec loader checks them.
        return isLabelled ? .object(JSONObject(members: members, keysAreUnique: true)) : .array(values)
    }

    /// Null for a missing optional element; a mismatch otherwise.
    private func missing(_ type: ValueType, what: String) throws(Mismatch) -> JSONValue {
        guard type.isOptional || type == .json else { throw Mismatch(message: "expected \(type), but \(what)") }
        return .null
    }

    private func mismatch(_ type: ValueType, _ value: JSONValue) -> Mismatch {
        Mismatch(message: "expected \(type), found \(value.kindName)")
    }
}

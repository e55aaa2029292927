#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// Reading a body's value back by its parameter's codec: the inverse of `+WriteBody.swift`. The
/// body's fields (JSON members, form items, parts) were read by its `Content-Type` into
/// ``ReceivedRequest/fields``; a whole body is read from its bytes.
extension ParameterCodec {
    func readBody(_ parameter: Parameter, from request: inout ReceivedRequest) throws(Problem) -> Argument? {
        let name = parameter.wireName
        let type = parameter.type
        switch (self, request.fields) {
        case let (.jsonMember(spreads), .members(object)?):
            var members = object
            defer { request.fields = .members(members) }
            if spreads {
                // The members no other parameter took.
                members = JSONObject()
                return object.isEmpty ? nil : .value(.object(object))
            }
            guard let value = members.removeValue(forKey: name) else { return nil }
            if type.unwrapped == .data, case let .string(text) = value {
                // `Data` is sent as base64 text.
                guard let bytes = Data(base64Encoded: text) else { throw Problem(.wrongType, "'\(text)' is not base64 text") }
                return .data(bytes)
            }
            return .value(value)
        case let (.formField(form), .items(items)?):
            var rest = items
            defer { request.fields = .items(rest) }
            return try Self.readItems(name, form: form, type: type, from: &rest)
        case let (.part(part), .parts(parts)?):
            var rest = parts
            defer { request.fields = .parts(rest) }
            if part.spreads {
                rest = []
                return try Self.readParts(parts, type: type, of: parameter)
            }
            var taken: [ReceivedRequest.Part] = []
            rest.removeAll { part in
                guard part.name == name else { return false }
                taken.append(part)
                return true
            }
            guard !taken.isEmpty else { return nil }
            let argument = try Self.value(of: taken, as: type, joined: part.joined, parameter: parameter)
            // Text parts carry no types: the schema gives them (`trial_end=41317483`), as in a form;
            // joined ones are scalars.
            guard taken.allSatisfy({ !$0.isJSON && $0.filename == nil }), case let .value(value) = argument else { return argument }
            if part.joined == nil, let json = Self.jsonOfText(taken, for: parameter, read: value) { return .value(json) }
            return .value(parameter.typingText(value))
        case let (.body(body), fields):
            // The whole body is this parameter's, read or refused: no field of it is left for
            // another, nor unknown (`--strict`) or undeclared beside it.
            defer { if !request.body.isEmpty { request.fields = nil } }
            return try Self.readWholeBody(request.body, fields: fields, body: body, parameter: parameter)
        default:
            return nil
        }
    }

    /// A part's content as an argument: a file's (or a `Data` or `URL` parameter's) as bytes, a
    /// JSON part's parsed (a string's too: a JSON part holds `"abc"`), a text part's converted to
    /// the type.
    private static func argument(of part: ReceivedRequest.Part, as type: ValueType) throws(Problem) -> Argument {
        switch type.unwrapped {
        case .data, .url:
            return .data(Data(part.content))
        case _ where part.filename == nil && part.isJSON:
            return try parseJSONPart(part)
        case .string:
            return .value(.string(String(decoding: part.content, as: UTF8.self)))
        default:
            if part.filename != nil { return .data(Data(part.content)) }
            let text = String(decoding: part.content, as: UTF8.self)
            return try convert(text, to: type)
        }
    }

    /// A part's content parsed as JSON, or why it is not JSON, naming the part's type.
    private static func parseJSONPart(_ part: ReceivedRequest.Part) throws(Problem) -> Argument {
        do { return .value(try JSONValue(parsing: part.content)) } catch {
            let label = part.contentType.map { " (Content-Type: \($0))" } ?? ""
            throw Problem(.wrongType, "'\(String(decoding: part.content, as: UTF8.self))' is not valid JSON\(label) (\(error))")
        }
    }

    /// Text parts' text as the objects or arrays it spells, where the parameter's schema takes
    /// that and not the text `read` from them (an object or array is sent in a part of a text
    /// type, such as `encoding: { contentType: text/plain }`, as its JSON text): one part's JSON,
    /// or, for an array, each part's element as the JSON its text spells; else `nil`.
    private static func jsonOfText(_ parts: [ReceivedRequest.Part], for parameter: Parameter, read: JSONValue) -> JSONValue? {
        let spelled = parts.map { part -> JSONValue? in
            guard let first = part.content.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
                  first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
            return try? JSONValue(parsing: part.content)
        }
        guard spelled.contains(where: { $0 != nil }), let schema = try? parameter.documentSchema?.compiled(),
              !schema.isValid(parameter.typingText(read), direction: .request) else { return nil }
        var candidates: [JSONValue] = []
        if parts.count == 1, let json = spelled[0] { candidates.append(json) }
        if case let .array(items) = read, items.count == parts.count {
            candidates.append(.array(zip(items, spelled).map { $1 ?? $0 }))
        }
        return candidates.first { schema.isValid($0, direction: .request) }
    }

    /// Whether the parameter's schema takes `value` only as an element of an array of it (a
    /// part per item of an array of arrays), and not as the array itself.
    private static func isOnlyAnElement(_ value: JSONValue, of parameter: Parameter) -> Bool {
        guard let schema = try? parameter.documentSchema?.compiled() else { return false }
        return !schema.isValid(value, direction: .request) && schema.isValid(.array([value]), direction: .request)
    }

    /// The value of `type` the parts of one name make, a named part's or a whole body's member's.
    /// Several parts are an array's items, each read by the item type (a JSON part parsed, a text
    /// part as the item's scalar). One part of an array type is the array a JSON part holds (as
    /// other clients send an array of objects; unless `parameter`'s schema takes that array only
    /// as an item), else a one-item array; text parts `joined` (Swagger's `csv` `a,b`) are each
    /// split at the delimiter. One part of another type is its value; several are an error.
    static func value(of parts: [ReceivedRequest.Part], as type: ValueType, joined: Delimiter?, parameter: Parameter?) throws(Problem) -> Argument {
        guard case let .array(element) = type.unwrapped else {
            guard parts.count == 1 else { throw Problem(.invalidValue, "given \(parts.count) times, but it is not an array (\(type))") }
            return try argument(of: parts[0], as: type)
        }
        var elements: [Argument] = []
        if let joined, parts.allSatisfy({ !$0.isJSON && $0.filename == nil }) {
            for piece in parts.flatMap({ String(decoding: $0.content, as: UTF8.self).split(separator: joined.character, omittingEmptySubsequences: false) }) {
                elements.append(try convert(String(piece), to: element))
            }
            return Argument.makeArray(elements)
        }
        if parts.count == 1, parts[0].isJSON, parts[0].filename == nil, element.unwrapped != .data, element.unwrapped != .url,
           case let .value(.array(items)) = try parseJSONPart(parts[0]), !(parameter.map { isOnlyAnElement(.array(items), of: $0) } ?? false) {
            return .value(.array(items))
        }
        for part in parts { elements.append(try argument(of: part, as: element)) }
        return Argument.makeArray(elements)
    }

    /// Parts as a dictionary of their names, each name's parts read as ``value(of:as:joined:parameter:)``
    /// says by the dictionary's member type; a member of no declared type (a `JSON` or model body's)
    /// given several times is an array of them. Every part is read, and the problems name their
    /// parts (``readEntries(_:naming:of:read:)``).
    private static func readParts(_ parts: [ReceivedRequest.Part], type: ValueType, of parameter: Parameter) throws(Problem) -> Argument? {
        guard !parts.isEmpty else { return nil }
        var names: [String] = []
        for part in parts where !names.contains(part.name) { names.append(part.name) }
        return Argument.makeDictionary(try readEntries(names, naming: "part", of: parameter) { (index: Int) throws(Problem) -> Argument in
            let named = parts.filter { $0.name == names[index] }
            let memberType = type.memberType.unwrapped == .json && named.count > 1 ? .array(.json) : type.memberType
            return try value(of: named, as: memberType, joined: nil, parameter: nil)
        })
    }

    /// The entries of a whole body read as one object (a multipart body's parts, a form's
    /// fields), in the order their names first come in the body, each read by `read` (given its
    /// index). Every entry is read: the problems of all that cannot be are one problem, each
    /// naming its entry by `word` (`part 'n': given 2 times, but it is not an array (Int)`, text
    /// of the wrong type in `parameter`'s words: `field 'n': 'abc' is not an Int (a whole
    /// number)`), joined by `; ` in the body's order, as the mock joins problems in one message.
    static func readEntries(
        _ names: [String], naming word: String, of parameter: Parameter, read: (Int) throws(Problem) -> Argument
    ) throws(Problem) -> [(key: String, value: Argument)] {
        var entries: [(key: String, value: Argument)] = []
        var problems: [Problem] = []
        for (index, name) in names.enumerated() {
            do { entries.append((name, try read(index))) } catch {
                // Not `wrongText`: the text is an entry's, not the parameter's (whose schema does not judge it).
                let message = error.wrongText.map { "'\($0.text)' is not \(parameter.expectedText($0.type))" } ?? error.message
                problems.append(Problem(error.reason, "\(word) '\(name)': \(message)"))
            }
        }
        guard let first = problems.first else { return entries }
        throw Problem(first.reason, problems.map(\.message).joined(separator: "; "))
    }

    /// A whole body: bytes for `Data` and `URL`; text for a `String` sent as it is; else as it
    /// was written (``Body/writtenEncoding``: its `mimeType:`, else the endpoint's encoding):
    /// JSON parsed, a form's items or a multipart body's parts as a dictionary.
    private static func readWholeBody(_ bytes: [UInt8], fields: ReceivedRequest.Fields?, body: Body, parameter: Parameter) throws(Problem) -> Argument? {
        guard !bytes.isEmpty else { return nil }
        let type = parameter.type
        switch type.unwrapped {
        case .data, .url:
            return .data(Data(bytes))
        case .string where body.sendsTextAsIs || body.writtenEncoding == .form:
            return .value(.string(String(decoding: bytes, as: UTF8.self)))
        default:
            switch (body.writtenEncoding, fields) {
            case let (.form, .items(items)?):
                var rest = items
                return try readItems("", form: Items(objects: .entries), type: .dictionary(type.memberType), from: &rest, wholeBody: parameter)
            case let (.multipart, .parts(parts)?):
                return try readParts(parts, type: type, of: parameter)
            default:
                do { return .value(try JSONValue(parsing: bytes)) } catch {
                    throw Problem(.wrongType, "the body is not valid JSON (\(error))")
                }
            }
        }
    }
}

extension ReceivedRequest.Part {
    /// Whether the part's `Content-Type` is JSON (`application/json`, `…+json`).
    var isJSON: Bool {
        contentType.map(MediaType.isJSON) ?? false
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// Writing a value by its parameter's codec into the body: a JSON member, form items, multipart
/// parts, or the whole body.
extension ParameterCodec {
    /// A bound value as a JSON member's value: bytes become base64 text.
    static func jsonMemberValue(_ value: BoundValue) throws(Problem) -> JSONValue {
        switch value {
        case let .json(json): return json
        case let .bytes(bytes): return .string(Data(bytes).base64EncodedString())
        case .file, .fileRange: throw Problem(.wrongType, "a file can only be sent as a whole body or a multipart part")
        case let .array(items):
            var values: [JSONValue] = []
            for item in items { values.append(try jsonMemberValue(item)) }
            return .array(values)
        case let .object(entries):
            var object = JSONObject()
            for entry in entries { object[entry.key] = try jsonMemberValue(entry.value) }
            return .object(object)
        }
    }

    /// Writes a form body's field (or fields): a JSON value in the codec's items, `Data` as
    /// bytes each percent-encoded, `[Data]` as one field per element.
    func writeFormField(_ value: BoundValue, name: String, to items: inout URLEncodedItems) throws(Problem) {
        switch value {
        case let .bytes(bytes):
            items.append(name: name, bytes: bytes)
        case let .json(json):
            if case let .formField(form) = self { try items.append(json, name: name, form: form) } else { try items.append(json, name: name, form: Items()) }
        case let .array(elements):
            for element in elements {
                guard case let .bytes(bytes) = element else {
                    throw Problem(.wrongType, "a file can only be sent as a whole body or a multipart part")
                }
                items.append(name: name, bytes: bytes)
            }
        case .file, .fileRange, .object:
            throw Problem(.wrongType, "a file can only be sent as a whole body or a multipart part")
        }
    }

    /// Writes a value as multipart parts named `name`: a scalar as a text part, an array of
    /// scalars as a part per element, an array of objects or arrays as a part per element too
    /// where `type` is an array (an element a JSON part, OpenAPI's Encoding Object: "a part per
    /// item"), and as one JSON part where it is not (a `JSON` value), an object as one JSON part,
    /// bytes and files as file parts; with `spreads`, an object's entries as parts named by their
    /// keys (of `type`'s member type). A JSON value's part holds it in the part's declared media
    /// type (``partContent(_:mediaType:)``).
    func writeParts(_ value: BoundValue, name: String, type: ValueType, spreads: Bool, to parts: inout [PreparedRequest.Multipart.Part]) throws(Problem) {
        let part = if case let .part(declared) = self { declared } else { Part() }
        switch value {
        case .json(.null):
            return
        case let .json(.object(object)) where spreads:
            for (key, item) in object {
                try writeParts(.json(item), name: key, type: type.memberType, spreads: false, to: &parts)
            }
        case let .json(.array(items)) where type.isArray || items.allSatisfy({ !$0.isContainer }):
            if let delimiter = part.joined, items.allSatisfy({ !$0.isContainer }) {
                // One text part of the values joined (Swagger's `csv` `a,b`); nothing when none is there.
                let present = items.filter { !$0.isNull }.map(\.text)
                guard !present.isEmpty else { return }
                if let item = present.first(where: { $0.contains(delimiter.character) }) {
                    throw Problem(.invalidValue, "an item cannot contain \(delimiter.named), which joins the values in one part (in '\(item)')")
                }
                let text = present.joined(separator: String(delimiter.character))
                parts.append(PreparedRequest.Multipart.Part(name: name, contentType: part.mediaType, content: .bytes(Array(text.utf8))))
                return
            }
            // A part per element (OpenAPI 3.2 §4.8.15, Encoding Usage: an array property is sent
            // as a part per item), in the declared type, else in its own: a scalar a text part,
            // an object or array a JSON one.
            for item in items where !item.isNull {
                let mediaType = part.mediaType ?? (item.isContainer ? "application/json" : nil)
                parts.append(PreparedRequest.Multipart.Part(name: name, contentType: mediaType, content: .bytes(try Self.partContent(item, mediaType: mediaType))))
            }
        case let .json(json):
            // Without a declared type (OpenAPI's `encoding: { contentType }`, `mimeType:`), a
            // scalar is a text part (no `Content-Type`: text/plain) and a container a JSON one.
            let mediaType = part.mediaType ?? (json.isContainer ? "application/json" : nil)
            parts.append(PreparedRequest.Multipart.Part(name: name, contentType: mediaType, content: .bytes(try Self.partContent(json, mediaType: mediaType))))
        case let .bytes(bytes):
            parts.append(PreparedRequest.Multipart.Part(
                // A part without a filename is a text field to most servers; Data is a file.
                name: name, filename: part.filename ?? name, contentType: part.mediaType ?? "application/octet-stream", content: .bytes(bytes)
            ))
        case let .file(path, size):
            // The file was checked and its size recorded when it was bound.
            parts.append(PreparedRequest.Multipart.Part(name: name, file: path, size: size, filename: part.filename, contentType: part.mediaType))
        case let .fileRange(path, offset, length):
            parts.append(PreparedRequest.Multipart.Part(
                name: name, file: path, content: .fileRange(path: path, offset: offset, length: length),
                filename: part.filename, contentType: part.mediaType
            ))
        case let .array(items):
            for item in items { try writeParts(item, name: name, type: type.elementType, spreads: false, to: &parts) }
        case let .object(entries):
            for entry in entries { try writeParts(entry.value, name: entry.key, type: type.memberType, spreads: false, to: &parts) }
        }
    }

    /// Refuses a part whose content type holds a line break or another control character
    /// (``MediaType/headerBreak(in:)``), naming the part, before anything is sent: it is written
    /// as the part's `Content-Type` line, which it would end. The loaders refuse such a type in a
    /// document; an endpoint made otherwise may still hold one.
    static func checkContentTypes(of parts: ArraySlice<PreparedRequest.Multipart.Part>) throws(Problem) {
        for part in parts {
            guard let contentType = part.contentType, let (offset, what) = MediaType.headerBreak(in: contentType) else { continue }
            throw Problem(
                .invalidValue,
                "the content type of part '\(part.name)' holds \(what) (character \(offset + 1)), which cannot be in the part's Content-Type header"
            )
        }
    }

    /// A JSON value as the content of a part of `mediaType` (OpenAPI 3.1 §4.8.15: the type the
    /// property is encoded in), so that the part is what its label says: in a JSON type
    /// (`application/json`, `+json`) the value's JSON text (a string `abc` is `"abc"`); without a
    /// type or in another one a scalar's text (a string as it is); an object or an array, which
    /// has no text of its own, as its JSON text in a part without a type or of a text type
    /// (`text/plain`), and refused in any other type (`application/xml`: netspec does not write
    /// a value as XML), naming the type.
    static func partContent(_ json: JSONValue, mediaType: String?) throws(Problem) -> [UInt8] {
        guard let mediaType else { return json.isContainer ? json.serialized() : Array(json.text.utf8) }
        if MediaType.isJSON(mediaType) { return json.serialized() }
        guard json.isContainer else { return Array(json.text.utf8) }
        guard isTextType(mediaType) else {
            let kind = if case .array = json { "an array" } else { "an object" }
            throw Problem(
                .wrongType,
                "\(kind) cannot be sent in a part of type '\(mediaType)': netspec writes an object or array as JSON, in a part of a JSON or text type"
            )
        }
        return json.serialized()
    }

    /// Whether a part's type is text that may carry JSON text: a `text/*` type but XML's
    /// (`text/xml`, which says the part is an XML document).
    static func isTextType(_ mediaType: String) -> Bool {
        MediaType.base(of: mediaType).hasPrefix("text/") && !MediaType.isXML(mediaType)
    }

    /// A whole body as written: content under its media type, or parts of a multipart body.
    enum WrittenBody {
        case content(PreparedRequest.Body, mediaType: String)
        case parts([PreparedRequest.Multipart.Part])
    }

    /// Writes a whole body: bytes and files as they are under the declared media type; a string
    /// under a media type that is not JSON as its text; anything else as its declared media type
    /// says (``Body/writtenEncoding``), else by the endpoint's encoding (JSON; a form of the
    /// object's entries, or a string as it is; multipart parts).
    func writeBody(_ value: BoundValue, name: String, type: ValueType) throws(Problem) -> WrittenBody {
        let body = if case let .body(declared) = self { declared } else { Body(mediaType: nil, encoding: .json) }
        let rawType = body.mediaType ?? "application/octet-stream"
        switch value {
        case let .bytes(bytes):
            return .content(.bytes(bytes), mediaType: rawType)
        case let .file(path, size):
            return .content(.file(path: path, size: size), mediaType: rawType)
        case let .fileRange(path, offset, length):
            return .content(.fileRange(path: path, offset: offset, length: length), mediaType: rawType)
        case let .json(json):
            // A string with a non-JSON media type is sent as it is (text/plain, text/csv, …).
            if case let .string(text) = json, body.sendsTextAsIs, let mediaType = body.mediaType {
                return .content(.bytes(Array(text.utf8)), mediaType: mediaType)
            }
            switch body.writtenEncoding {
            case .json:
                return .content(.bytes(json.serialized()), mediaType: body.mediaType ?? Endpoint.BodyEncoding.json.mediaType)
            case .form:
                // A form endpoint's own type; the declared one where it makes another endpoint's body a form.
                let mediaType = body.encoding == .form ? Endpoint.BodyEncoding.form.mediaType : body.mediaType ?? Endpoint.BodyEncoding.form.mediaType
                if case let .string(text) = json {
                    return .content(.bytes(Array(text.utf8)), mediaType: mediaType)
                }
                guard case let .object(object) = json else {
                    throw Problem(.wrongType, "a form body must be an object, got \(json.argumentDescription)")
                }
                var items = URLEncodedItems(style: .form)
                for (key, item) in object { try items.append(item, name: key, form: Items()) }
                return .content(.bytes(items.bytes), mediaType: mediaType)
            // .multipart (and any value added later)
            default:
                return .parts(try Self.wholeBodyParts(value, name: name, type: type, body: body))
            }
        case .array, .object:
            guard body.writtenEncoding == .multipart else {
                throw Problem(.wrongType, "files and bytes inside a collection can only be sent as multipart parts")
            }
            return .parts(try Self.wholeBodyParts(value, name: name, type: type, body: body))
        }
    }

    /// A whole multipart body's parts: a dictionary's entries, each under the body's media type
    /// (a `multipart/…` one is the body's own, not its parts').
    private static func wholeBodyParts(_ value: BoundValue, name: String, type: ValueType, body: Body) throws(Problem) -> [PreparedRequest.Multipart.Part] {
        var parts: [PreparedRequest.Multipart.Part] = []
        let mediaType = body.mediaType.flatMap { MediaType.base(of: $0).hasPrefix("multipart/") ? nil : $0 }
        try ParameterCodec.part(Part(mediaType: mediaType, spreads: true)).writeParts(value, name: name, type: type, spreads: true, to: &parts)
        try checkContentTypes(of: parts[...])
        return parts
    }
}

extension ParameterCodec.Body {
    /// How a whole body's value (not bytes, a file or a string sent as it is) is written: as its
    /// declared media type says, whatever the endpoint's encoding — a JSON type as JSON text,
    /// `application/x-www-form-urlencoded` as a form, a `multipart/…` type as parts — and
    /// without one, or in another type, by the encoding (a `json` or `form` endpoint's body in
    /// another type, `text/plain`, as JSON text under that type; a multipart one as parts of it).
    /// A `mimeType:` is never set aside for the encoding: `encoding: form` with
    /// `_: { type: JSON, mimeType: application/json }` sends JSON. The mock reads a body by it
    /// too (`MockRequestPlan.bodyEncoding`, ``ParameterCodec/readBody(_:from:)``).
    package var writtenEncoding: Endpoint.BodyEncoding {
        guard let mediaType else { return encoding }
        if MediaType.isJSON(mediaType) { return .json }
        if MediaType.isForm(mediaType) { return .form }
        if MediaType.base(of: mediaType).hasPrefix("multipart/") { return .multipart }
        return encoding == .multipart ? .multipart : .json
    }
}

extension ParameterCodec.Delimiter {
    /// The delimiter as it is between values joined in a part (a part's text is not percent-encoded).
    var character: Character {
        switch self {
        case .comma: ","
        case .space: " "
        case .pipe: "|"
        case .tab: "\t"
        }
    }

    /// The delimiter as messages name it: `','`, `a space`, `'|'`, `a tab`.
    var named: String {
        switch self {
        case .comma: "','"
        case .space: "a space"
        case .pipe: "'|'"
        case .tab: "a tab"
        }
    }
}

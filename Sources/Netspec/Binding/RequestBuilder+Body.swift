#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// The body: one whole-body parameter, or the fields of a JSON, form or multipart body.
extension RequestBuilder {
    func makeBody(_ values: [BoundValue?], headers: inout HTTPFields) throws(CallError.ArgumentError) -> PreparedRequest.Body {
        switch plan.body {
        case .none:
            return .empty
        case let .whole(index):
            guard let value = values[index] else { return .empty }
            return try wholeBody(value, parameter: endpoint.parameters[index], headers: &headers)
        case let .fields(encoding, indices):
            switch encoding {
            case .json:
                if !plan.hasExpandedFields {
                    return setBody(try jsonFields(values, indices: indices), type: Endpoint.BodyEncoding.json.mediaType, headers: &headers)
                }
                // A dictionary spread into members may repeat a key: build the object (last one wins).
                var object = JSONObject()
                for index in indices {
                    guard let value = values[index] else { continue }
                    let parameter = endpoint.parameters[index]
                    let json = try jsonValue(value, parameter: parameter)
                    if parameter.expandsDictionary, case let .object(entries) = json {
                        for (key, item) in entries { object[key] = item }
                    } else {
                        object[parameter.wireName] = json
                    }
                }
                return setBody(JSONValue.object(object).serialized(), type: Endpoint.BodyEncoding.json.mediaType, headers: &headers)
            case .form:
                var items = URLEncodedItems(style: .form)
                for index in indices {
                    guard let value = values[index] else { continue }
                    try appendFormValue(value, parameter: endpoint.parameters[index], to: &items)
                }
                return setBody(items.bytes, type: Endpoint.BodyEncoding.form.mediaType, headers: &headers)
            // .multipart (and any value added later)
            default:
                var parts: [PreparedRequest.Multipart.Part] = []
                for index in indices {
                    guard let value = values[index] else { continue }
                    let parameter = endpoint.parameters[index]
                    try appendParts(value, name: parameter.wireName, parameter: parameter, expand: parameter.expandsDictionary, to: &parts)
                }
                return multipartBody(parts, headers: &headers)
            }
        }
    }

    /// A JSON object of fields written member by member, in declaration order (wire names are
    /// unique: the spec loader checks them).
    private func jsonFields(_ values: [BoundValue?], indices: [Int]) throws(CallError.ArgumentError) -> [UInt8] {
        var writer = JSONWriter(pretty: false, colored: false, indent: 0)
        writer.reserveCapacity(32 * indices.count + 2)
        writer.appendByte(UInt8(ascii: "{"))
        var isFirst = true
        let names = plan.jsonMemberNames
        for (position, index) in indices.enumerated() {
            guard let value = values[index] else { continue }
            if !isFirst { writer.appendByte(UInt8(ascii: ",")) }
            isFirst = false
            writer.appendBytes(names[position])
            if case let .json(json) = value {
                writer.writeCompact(json)
            } else {
                writer.writeCompact(try jsonValue(value, parameter: endpoint.parameters[index]))
            }
        }
        writer.appendByte(UInt8(ascii: "}"))
        return writer.output
    }

    // MARK: - Whole body

    private func wholeBody(_ value: BoundValue, parameter: Parameter, headers: inout HTTPFields) throws(CallError.ArgumentError) -> PreparedRequest.Body {
        let rawType = parameter.mimeType ?? "application/octet-stream"
        switch value {
        case let .bytes(bytes):
            return setBody(bytes, type: rawType, headers: &headers)
        case let .file(path, size):
            setContentType(rawType, headers: &headers, replacing: false)
            replace(.contentLength, String(size), in: &headers)
            return .file(path: path, size: size)
        case let .fileRange(path, offset, length):
            setContentType(rawType, headers: &headers, replacing: false)
            replace(.contentLength, String(length), in: &headers)
            return .fileRange(path: path, offset: offset, length: length)
        case let .json(json):
            // A string with a non-JSON media type is sent as it is (text/plain, text/csv, …).
            if case let .string(text) = json, let mimeType = parameter.mimeType, !mimeType.contains("json") {
                return setBody(Array(text.utf8), type: mimeType, headers: &headers)
            }
            switch endpoint.encoding {
            case .json:
                return setBody(json.serialized(), type: parameter.mimeType ?? Endpoint.BodyEncoding.json.mediaType, headers: &headers)
            case .form:
                if case let .string(text) = json {
                    return setBody(Array(text.utf8), type: Endpoint.BodyEncoding.form.mediaType, headers: &headers)
                }
                guard case let .object(object) = json else {
                    throw error(parameter, .wrongType, "a form body must be an object, got \(json.argumentDescription)")
                }
                var items = URLEncodedItems(style: .form)
                for (key, item) in object { items.append(name: key, value: item, format: .repeat) }
                return setBody(items.bytes, type: Endpoint.BodyEncoding.form.mediaType, headers: &headers)
            // .multipart (and any value added later)
            default:
                var parts: [PreparedRequest.Multipart.Part] = []
                try appendParts(value, name: parameter.wireName, parameter: parameter, expand: true, to: &parts)
                return multipartBody(parts, headers: &headers)
            }
        case .array, .object:
            guard endpoint.encoding == .multipart else {
                throw error(parameter, .wrongType, "files and bytes inside a collection can only be sent as multipart parts")
            }
            var parts: [PreparedRequest.Multipart.Part] = []
            try appendParts(value, name: parameter.wireName, parameter: parameter, expand: true, to: &parts)
            return multipartBody(parts, headers: &headers)
        }
    }

    // MARK: - JSON fields

    /// A bound value as JSON: bytes become base64 text.
    private func jsonValue(_ value: BoundValue, parameter: Parameter) throws(CallError.ArgumentError) -> JSONValue {
        switch value {
        case let .json(json): return json
        case let .bytes(bytes): return .string(Data(bytes).base64EncodedString())
        case .file, .fileRange: throw error(parameter, .wrongType, "a file can only be sent as a whole body or a multipart part")
        case let .array(items):
            var values: [JSONValue] = []
            for item in items { values.append(try jsonValue(item, parameter: parameter)) }
            return .array(values)
        case let .object(entries):
            var object = JSONObject()
            for entry in entries { object[entry.key] = try jsonValue(entry.value, parameter: parameter) }
            return .object(object)
        }
    }

    // MARK: - Form fields

    private func appendFormValue(_ value: BoundValue, parameter: Parameter, to items: inout URLEncodedItems) throws(CallError.ArgumentError) {
        switch value {
        case let .bytes(bytes):
            items.append(name: parameter.wireName, bytes: bytes)
        case let .json(json):
            items.append(json, for: parameter)
        case let .array(elements):
            // [Data] in a form: one field per element.
            for element in elements {
                guard case let .bytes(bytes) = element else {
                    throw error(parameter, .wrongType, "a file can only be sent as a whole body or a multipart part")
                }
                items.append(name: parameter.wireName, bytes: bytes)
            }
        case .file, .fileRange, .object:
            throw error(parameter, .wrongType, "a file can only be sent as a whole body or a multipart part")
        }
    }

    // MARK: - Multipart parts

    private func appendParts(
        _ value: BoundValue, name: String, parameter: Parameter, expand: Bool, to parts: inout [PreparedRequest.Multipart.Part]
    ) throws(CallError.ArgumentError) {
        switch value {
        case .json(.null):
            return
        case let .json(.object(object)) where expand:
            for (key, item) in object {
                try appendParts(.json(item), name: key, parameter: parameter, expand: false, to: &parts)
            }
        case let .json(.array(items)) where items.allSatisfy({ !$0.isContainer }):
            for item in items where !item.isNull {
                parts.append(PreparedRequest.Multipart.Part(name: name, contentType: parameter.mimeType, content: .bytes(Array(item.text.utf8))))
            }
        case let .json(json) where json.isContainer:
            parts.append(PreparedRequest.Multipart.Part(name: name, contentType: parameter.mimeType ?? "application/json", content: .bytes(json.serialized())))
        case let .json(json):
            // A text part, with the part's declared type if any (OpenAPI's `encoding: { contentType }`).
            parts.append(PreparedRequest.Multipart.Part(name: name, contentType: parameter.mimeType, content: .bytes(Array(json.text.utf8))))
        case let .bytes(bytes):
            parts.append(PreparedRequest.Multipart.Part(
                // A part without a filename is a text field to most servers; Data is a file.
                name: name, filename: parameter.filename ?? name, contentType: parameter.mimeType ?? "application/octet-stream", content: .bytes(bytes)
            ))
        case let .file(path, size):
            // The file was checked and its size recorded when it was bound.
            parts.append(PreparedRequest.Multipart.Part(name: name, file: path, size: size, filename: parameter.filename, contentType: parameter.mimeType))
        case let .fileRange(path, offset, length):
            parts.append(PreparedRequest.Multipart.Part(
                name: name, file: path, content: .fileRange(path: path, offset: offset, length: length),
                filename: parameter.filename, contentType: parameter.mimeType
            ))
        case let .array(items):
            for item in items { try appendParts(item, name: name, parameter: parameter, expand: false, to: &parts) }
        case let .object(entries):
            for entry in entries { try appendParts(entry.value, name: entry.key, parameter: parameter, expand: false, to: &parts) }
        }
    }

    private func multipartBody(_ parts: [PreparedRequest.Multipart.Part], headers: inout HTTPFields) -> PreparedRequest.Body {
        let body = PreparedRequest.Multipart(parts: parts)
        setContentType(body.contentType, headers: &headers, replacing: true)
        replace(.contentLength, String(body.contentLength), in: &headers)
        return .multipart(body)
    }

    // MARK: - Helpers

    /// Sets the body's `Content-Type` (unless the spec or the call set one) and `Content-Length`.
    private func setBody(_ bytes: [UInt8], type: String, headers: inout HTTPFields) -> PreparedRequest.Body {
        setContentType(type, headers: &headers, replacing: false)
        replace(.contentLength, String(bytes.count), in: &headers)
        return .bytes(bytes)
    }

    private func setContentType(_ type: String, headers: inout HTTPFields, replacing: Bool) {
        if replacing {
            replace(.contentType, type, in: &headers)
        } else if !holds(.contentType, headers) {
            headers.append(HTTPField(name: .contentType, value: type))
        }
    }
}

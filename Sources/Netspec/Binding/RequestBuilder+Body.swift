#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

/// The body: one whole-body parameter, or the fields of a JSON, form or multipart body.
extension RequestBuilder {
    /// - Parameter base: a whole JSON body given for an endpoint of JSON or form fields
    ///   (``splittingWholeBody(_:)``): its members in their order, the fields' values over them
    ///   (in a form, the fields' items first, then the members no field declares).
    func makeBody(_ values: [BoundValue?], base: JSONObject? = nil, headers: inout HTTPFields) throws(CallError.ArgumentError) -> PreparedRequest.Body {
        switch plan.body {
        case .none:
            return .empty
        case let .whole(index):
            guard let value = values[index] else { return .empty }
            let parameter = endpoint.parameters[index]
            switch try written(by: parameter, { () throws(ParameterCodec.Problem) in try plan.codecs[index].writeBody(value, name: parameter.wireName, type: parameter.type) }) {
            case .content(let body, var mediaType):
                // JSON without a media type of its own goes as a JSON type the operation accepts.
                if case let .json(json) = value, case let .body(declared) = plan.codecs[index], declared.mediaType == nil, declared.encoding == .json {
                    mediaType = jsonContentType(for: json)
                }
                // A range (`image/*`) declares no one type: a concrete one (RequestBuilder+MediaRange.swift).
                mediaType = MediaType.concrete(mediaType, file: body.filePath)
                setContentType(mediaType, headers: &headers, replacing: false)
                replace(.contentLength, String(body.contentLength), in: &headers)
                return body
            case let .parts(parts):
                return multipartBody(parts, headers: &headers)
            }
        case let .fields(encoding, indices):
            switch encoding {
            case .json:
                // An object: the first JSON type the operation accepts that is not JSON Patch.
                let type = endpoint.jsonContentType(isArray: false)
                if !plan.hasExpandedFields, base == nil {
                    return setBody(try jsonFields(values, indices: indices), type: type, headers: &headers)
                }
                // A dictionary spread into members may repeat a key: build the object (last one wins).
                var object = base ?? JSONObject()
                for index in indices {
                    guard let value = values[index] else { continue }
                    let parameter = endpoint.parameters[index]
                    let json = try jsonValue(value, parameter: parameter)
                    if plan.codecs[index].spreads, case let .object(entries) = json {
                        for (key, item) in entries { object[key] = item }
                    } else {
                        object[parameter.wireName] = json
                    }
                }
                return setBody(JSONValue.object(object).serialized(), type: type, headers: &headers)
            case .form:
                var items = URLEncodedItems(style: .form)
                for index in indices {
                    guard let value = values[index] else { continue }
                    let parameter = endpoint.parameters[index]
                    try written(by: parameter) { () throws(ParameterCodec.Problem) in
                        try plan.codecs[index].writeFormField(value, name: parameter.wireName, to: &items)
                    }
                }
                if let base { try appendUndeclaredMembers(of: base, indices: indices, to: &items) }
                return setBody(items.bytes, type: Endpoint.BodyEncoding.form.mediaType, headers: &headers)
            // .multipart (and any value added later)
            default:
                var parts: [PreparedRequest.Multipart.Part] = []
                for index in indices {
                    guard let value = values[index] else { continue }
                    let parameter = endpoint.parameters[index]
                    let codec = plan.codecs[index]
                    try written(by: parameter) { () throws(ParameterCodec.Problem) in
                        let first = parts.count
                        try codec.writeParts(value, name: parameter.wireName, type: parameter.type, spreads: codec.spreads, to: &parts)
                        try ParameterCodec.checkContentTypes(of: parts[first...])
                    }
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

    /// A bound value as JSON (bytes as base64 text).
    private func jsonValue(_ value: BoundValue, parameter: Parameter) throws(CallError.ArgumentError) -> JSONValue {
        try written(by: parameter) { () throws(ParameterCodec.Problem) in try ParameterCodec.jsonMemberValue(value) }
    }

    /// A whole body's members that no form field declares, as form items in their order: a
    /// scalar as its text, an array repeated, an object with bracket names (`user[name]=Ada`), null left out.
    private func appendUndeclaredMembers(of base: JSONObject, indices: [Int], to items: inout URLEncodedItems) throws(CallError.ArgumentError) {
        let declared = Set(indices.map { endpoint.parameters[$0].wireName })
        for (key, member) in base where !declared.contains(key) {
            do {
                try items.append(member, name: key, form: ParameterCodec.Items())
            } catch {
                throw CallError.ArgumentError(endpoint: endpoint.name, parameter: key, reason: CallError.ArgumentError.Reason(error.reason), message: error.message)
            }
        }
    }

    // MARK: - Helpers

    private func multipartBody(_ parts: [PreparedRequest.Multipart.Part], headers: inout HTTPFields) -> PreparedRequest.Body {
        let body = PreparedRequest.Multipart(parts: parts)
        setContentType(body.contentType, headers: &headers, replacing: true)
        replace(.contentLength, String(body.contentLength), in: &headers)
        return .multipart(body)
    }

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

extension RequestBuilder {
    /// Whether the body is JSON fields whose values are all JSON (none bytes or a file), chosen
    /// by no `Content-Type` of the call's: then writing it cannot fail, and a check may skip it.
    func bodyIsJSONValues(_ values: [BoundValue?]) -> Bool {
        guard chosenContentType == nil, case let .fields(.json, indices) = plan.body else { return false }
        return indices.allSatisfy { index in
            switch values[index] {
            case nil, .json?: true
            default: false
            }
        }
    }
}

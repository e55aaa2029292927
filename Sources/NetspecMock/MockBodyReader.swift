#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Netspec
import NetspecModel

extension MockRequestReader {
    /// The body of a request to a mock endpoint, read once into named fields in the form its
    /// `Content-Type` says (JSON members, form items or multipart parts), when the endpoint has
    /// fields or a whole form or multipart body; a whole JSON or raw body is read from its bytes.
    enum BodyReader {
        /// The fields, and why the body could not be read, if it could not.
        static func fields(of bytes: [UInt8], endpoint: Endpoint, headers: HTTPFields) -> (ReceivedRequest.Fields?, Problem?) {
            let readsFields = endpoint.parameters.contains { parameter in
                switch parameter.codec {
                case .jsonMember, .formField, .part: true
                case .body: endpoint.encoding != .json
                default: false
                }
            }
            guard readsFields, !bytes.isEmpty else { return (nil, nil) }
            let contentType = headers[.contentType] ?? ""
            let mediaType = MediaType.base(of: contentType)
            func mismatch(_ expected: String) -> (ReceivedRequest.Fields?, Problem?) {
                let accepted = expected.split(separator: " ").first.map(String.init) ?? expected
                return (nil, Problem(location: "body", parameter: nil, message: "the body's Content-Type is '\(contentType)'; expected \(expected)", acceptedMediaTypes: [accepted]))
            }
            switch endpoint.encoding {
            case .form:
                guard mediaType == "application/x-www-form-urlencoded" else { return mismatch("application/x-www-form-urlencoded") }
                return (.items(ReceivedRequest.items(String(decoding: bytes, as: UTF8.self))), nil)
            case .multipart:
                guard mediaType == "multipart/form-data", let boundary = parameter("boundary", in: contentType) else {
                    return mismatch("multipart/form-data with a boundary")
                }
                guard let parts = MultipartReader.parts(of: bytes, boundary: boundary) else {
                    return (nil, Problem(location: "body", parameter: nil, message: "the multipart body is malformed (boundary '\(boundary)')"))
                }
                return (.parts(parts), nil)
            default:
                guard mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType.isEmpty else { return mismatch("application/json") }
                do {
                    guard case let .object(object) = try JSONValue(parsing: bytes) else {
                        return (nil, Problem(location: "body", parameter: nil, message: "the body must be a JSON object of the endpoint's fields"))
                    }
                    return (.members(object), nil)
                } catch {
                    return (nil, Problem(location: "body", parameter: nil, message: "the body is not valid JSON (\(error))"))
                }
            }
        }

        /// A parameter of a header value: `boundary` of `multipart/form-data; boundary=x`.
        static func parameter(_ name: String, in value: String) -> String? {
            for piece in value.split(separator: ";").dropFirst() {
                let parts = piece.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingSpaces().lowercased() == name else { continue }
                var text = parts[1].trimmingSpaces()
                if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
                return text
            }
            return nil
        }
    }
}

/// Takes a `multipart/form-data` body (RFC 7578) apart: each part's name, filename and content.
enum MultipartReader {
    /// The parts, `nil` when the body is not delimited by the boundary.
    static func parts(of body: [UInt8], boundary: String) -> [ReceivedRequest.Part]? {
        let delimiter = Array(("--" + boundary).utf8)
        guard var position = find(delimiter, in: body, from: 0) else { return nil }
        var parts: [ReceivedRequest.Part] = []
        while true {
            position += delimiter.count
            // `--` after the delimiter ends the body.
            if body[position...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { return parts }
            guard body[position...].starts(with: [13, 10]) else { return nil }
            position += 2
            guard let headEnd = find([13, 10, 13, 10], in: body, from: position) else { return nil }
            let head = String(decoding: body[position..<headEnd], as: UTF8.self)
            let contentStart = headEnd + 4
            guard let next = find([13, 10] + delimiter, in: body, from: contentStart) else { return nil }
            var name: String?
            var filename: String?
            var contentType: String?
            for line in head.components(separatedBy: "\r\n") {
                let lowercased = line.lowercased()
                if lowercased.hasPrefix("content-disposition:") {
                    name = MockRequestReader.BodyReader.parameter("name", in: line)
                    filename = MockRequestReader.BodyReader.parameter("filename", in: line)
                } else if lowercased.hasPrefix("content-type:") {
                    contentType = line.dropFirst("content-type:".count).trimmingSpaces()
                }
            }
            if let name { parts.append(ReceivedRequest.Part(name: name, filename: filename, contentType: contentType, content: Array(body[contentStart..<next]))) }
            position = next + 2
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

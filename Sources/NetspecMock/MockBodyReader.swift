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
    ///
    /// A body in a media type the operation lists is read even where it is not the form the
    /// endpoint's fields are written in (a form or multipart body for an operation that takes
    /// JSON too; Docker's `consumes` of `text/plain` beside JSON): form items and text parts become
    /// JSON members, form items parts; another listed type is read as JSON. One the operation
    /// does not list is a 415 naming the one it takes, whole bodies (a JSON array, raw bytes)
    /// included; a body sent without a `Content-Type` is read as JSON, or whole (a form or
    /// multipart endpoint's fields need the type).
    enum BodyReader {
        /// The fields, and why the body could not be read, if it could not; a JSON body whose
        /// members are `parsed` already is not parsed again.
        static func fields(of bytes: [UInt8], plan: MockRequestPlan, contentType: String, parsed: JSONObject? = nil) -> (ReceivedRequest.Fields?, Problem?) {
            guard !bytes.isEmpty else { return (nil, nil) }
            let mediaType = MockRequestPlan.baseType(of: contentType)
            // As the body is written: a whole body's `mimeType:` decides, else the endpoint's encoding.
            let encoding = plan.bodyEncoding
            func mismatch(_ expected: String) -> (ReceivedRequest.Fields?, Problem?) {
                // The types the operation lists, when it lists several; else the one its fields are written in.
                let listed = plan.mediaTypes.count > 1 ? plan.mediaTypes : nil
                let accepted = listed ?? [expected.split(separator: " ").first.map(String.init) ?? expected]
                let wanted = listed.map { "one of " + $0.joined(separator: ", ") } ?? expected
                return (nil, Problem(location: "body", parameter: nil, message: "the body's Content-Type is '\(contentType)'; expected \(wanted)", acceptedMediaTypes: accepted))
            }
            let listed = plan.lists(mediaType)
            // A whole body (a JSON array, a string, raw bytes) is its parameter's to read; only its
            // type is checked here: one the operation lists, or none sent.
            guard plan.readsFields else {
                guard let first = plan.mediaTypes.first, !listed, !mediaType.isEmpty else { return (nil, nil) }
                return mismatch(first)
            }
            switch mediaType {
            case "application/x-www-form-urlencoded" where encoding == .form || listed:
                let items = ReceivedRequest.items(String(decoding: bytes, as: UTF8.self))
                if encoding == .json { return (.members(members(ofItems: items, schema: try? plan.endpoint.requestSchema)), nil) }
                return (encoding == .multipart ? .parts(parts(ofItems: items)) : .items(items), nil)
            case "multipart/form-data" where encoding == .multipart || listed:
                guard let boundary = parameter("boundary", in: contentType) else { return mismatch("multipart/form-data with a boundary") }
                guard let parts = MultipartReader.parts(of: bytes, boundary: boundary) else {
                    return (nil, Problem(location: "body", parameter: nil, message: "the multipart body is malformed (boundary '\(boundary)')"))
                }
                return (encoding == .json ? .members(members(ofParts: parts)) : .parts(parts), nil)
            default:
                switch encoding {
                case .form where !listed: return mismatch("application/x-www-form-urlencoded")
                case .multipart where !listed: return mismatch("multipart/form-data with a boundary")
                // A JSON type only where the operation lists none (a Netspec spec); else one it lists.
                case .json where !(listed || mediaType.isEmpty || plan.mediaTypes.isEmpty && (mediaType == "application/json" || mediaType.hasSuffix("+json"))):
                    return mismatch(plan.mediaTypes.first ?? "application/json")
                default:
                    break
                }
                if let parsed { return (.members(parsed), nil) }
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

        /// A YAML body (`application/yaml`, `text/yaml`, a `+yaml` type such as Kubernetes'
        /// `application/apply-patch+yaml`) as the JSON text of its value (YAML 1.2's core schema:
        /// `replicas: 3` is the integer 3), so that it is read and checked as a JSON body is; the
        /// problem, with its line and column, when it is not YAML.
        static func jsonBytes(ofYAML bytes: [UInt8]) -> Result<[UInt8], Problem> {
            do {
                let value = try YAMLParser.parse(bytes)?.jsonValue ?? .null
                return .success(value.serialized())
            } catch {
                return .failure(Problem(location: "body", parameter: nil, message: "the body is not valid YAML (\(error))"))
            }
        }

        /// Form items as JSON members: bracket names as the objects they write (`items[0][price]`,
        /// Stripe's forms), a name given again an array of its values, and the text typed by the
        /// body's schema (a form carries no types: `5` is an integer where the schema takes one,
        /// an object of indices an array where it takes an array); without a schema, `true`,
        /// `false` and numbers as JSON reads them.
        static func members(ofItems items: [ReceivedRequest.Item], schema: JSONSchema?) -> JSONObject {
            let tree = JSONValue.object(ReceivedRequest.tree(of: items))
            return (schema?.typingText(tree) ?? typingScalars(tree)).object ?? [:]
        }

        /// Every string of a value as the scalar it reads as.
        private static func typingScalars(_ value: JSONValue) -> JSONValue {
            switch value {
            case let .string(text): scalar(text)
            case let .array(items): .array(items.map(typingScalars))
            case let .object(object): .object(JSONObject(members: object.map { JSONObject.Member(key: $0.key, value: typingScalars($0.value)) }, keysAreUnique: true))
            default: value
            }
        }

        /// Multipart parts as JSON members: a JSON part parsed, another's content as text typed as a form's.
        static func members(ofParts parts: [ReceivedRequest.Part]) -> JSONObject {
            var object = JSONObject()
            for part in parts {
                let text = String(decoding: part.content, as: UTF8.self)
                object[part.name] = part.contentType.map(MediaType.isJSON) == true ? (try? JSONValue(parsing: part.content)) ?? .string(text) : scalar(text)
            }
            return object
        }

        /// Form items as the text parts a multipart body would have sent.
        static func parts(ofItems items: [ReceivedRequest.Item]) -> [ReceivedRequest.Part] {
            items.map { item in
                ReceivedRequest.Part(
                    name: PercentEncoding.decoded(item.name, plusIsSpace: true), filename: nil, contentType: nil,
                    content: Array(PercentEncoding.decoded(item.value ?? "", plusIsSpace: true).utf8)
                )
            }
        }

        /// Text as the JSON scalar it reads as (`true`, `42`), else the string.
        private static func scalar(_ text: String) -> JSONValue {
            if let value = try? JSONValue(parsing: Array(text.utf8)), !value.isContainer, !value.isNull { return value }
            return .string(text)
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

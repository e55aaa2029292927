#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Netspec

extension MockRequestReader {
    /// The body of a request to a mock endpoint, read once in the form its `Content-Type` says:
    /// JSON members, form fields or multipart parts by name, or the whole body.
    struct BodyReader {
        private let endpoint: Endpoint
        private let contentType: String
        private let bytes: [UInt8]
        /// Members, fields or parts by name, read on first use.
        private var named: [String: [Value]]?
        private var claimed: Set<String> = []
        /// Why the body could not be read, reported once.
        private(set) var problem: Problem?

        /// One named value in the body: JSON (a member), text (a field or a text part) or bytes (a file part).
        enum Value {
            case json(JSONValue)
            case text(String)
            case bytes([UInt8])
        }

        init(endpoint: Endpoint, headers: HTTPFields, bytes: [UInt8]) {
            self.endpoint = endpoint
            contentType = headers[.contentType] ?? ""
            self.bytes = bytes
        }

        /// The names in the body that no parameter took.
        var unclaimedMembers: [String] {
            (named ?? [:]).keys.filter { !claimed.contains($0) }.sorted()
        }

        /// The argument of a body parameter, `nil` when the body does not give it.
        mutating func argument(for parameter: Parameter, converting convert: (String, ValueType) throws -> Argument) throws -> Argument? {
            let type = parameter.type.unwrapped
            if parameter.location == .body {
                // `_`: the whole body.
                guard !bytes.isEmpty else { return nil }
                switch type {
                case .data, .url: return .data(Data(bytes))
                case .string: return .value(.string(String(decoding: bytes, as: UTF8.self)))
                default:
                    do { return .value(try JSONValue(parsing: bytes)) } catch {
                        throw Problem(location: "body", parameter: parameter.name, message: "the body is not valid JSON (\(error))")
                    }
                }
            }
            guard let values = members()?[parameter.wireName] else {
                if parameter.expandsDictionary, case .json(.object(let object))? = wholeJSON() {
                    // A dictionary spread into the body's members takes the ones no other parameter declares.
                    let declared = Set(endpoint.parameters.map(\.wireName))
                    let rest = object.filter { !declared.contains($0.key) }
                    for member in rest { claimed.insert(member.key) }
                    return rest.isEmpty ? nil : Argument.makeDictionary(rest.map { ($0.key, Argument.value($0.value)) })
                }
                return nil
            }
            claimed.insert(parameter.wireName)
            func argument(_ value: Value, as type: ValueType) throws -> Argument {
                switch value {
                case let .json(json): .value(json)
                case let .text(text): try convert(text, type)
                case let .bytes(bytes): .data(Data(bytes))
                }
            }
            if case .array(let element) = type, !(values.count == 1 && values[0].isJSONArray) {
                return Argument.makeArray(try values.map { try argument($0, as: element) })
            }
            guard values.count == 1 else {
                throw Problem(location: "body", parameter: parameter.name, message: "given \(values.count) times, but it is not an array (\(parameter.type))")
            }
            return try argument(values[0], as: type)
        }

        private var mediaType: String {
            (contentType.split(separator: ";").first.map(String.init) ?? "").trimmingSpaces().lowercased()
        }

        private mutating func wholeJSON() -> Value? {
            guard !bytes.isEmpty else { return nil }
            return try? .json(JSONValue(parsing: bytes))
        }

        /// The body's named values, read the first time (`nil` when it has none or cannot be read).
        private mutating func members() -> [String: [Value]]? {
            if let named { return named }
            var result: [String: [Value]] = [:]
            defer { named = result }
            guard !bytes.isEmpty else { return result }
            switch endpoint.encoding {
            case .form:
                guard mediaType == "application/x-www-form-urlencoded" else { return mismatch(expected: "application/x-www-form-urlencoded") }
                for item in MockRequestReader.formItems(String(decoding: bytes, as: UTF8.self)) {
                    result[item.name, default: []].append(.text(item.value))
                }
            case .multipart:
                guard mediaType == "multipart/form-data", let boundary = Self.parameter("boundary", in: contentType) else {
                    return mismatch(expected: "multipart/form-data with a boundary")
                }
                guard let parts = MultipartReader.parts(of: bytes, boundary: boundary) else {
                    problem = Problem(location: "body", parameter: nil, message: "the multipart body is malformed (boundary '\(boundary)')")
                    return result
                }
                for part in parts {
                    result[part.name, default: []].append(part.filename == nil ? .text(String(decoding: part.content, as: UTF8.self)) : .bytes(part.content))
                }
            default:
                guard mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType.isEmpty else {
                    return mismatch(expected: "application/json")
                }
                do {
                    guard case let .object(object) = try JSONValue(parsing: bytes) else {
                        problem = Problem(location: "body", parameter: nil, message: "the body must be a JSON object of the endpoint's fields")
                        return result
                    }
                    for (key, value) in object { result[key] = [.json(value)] }
                } catch {
                    problem = Problem(location: "body", parameter: nil, message: "the body is not valid JSON (\(error))")
                }
            }
            return result
        }

        private mutating func mismatch(expected: String) -> [String: [Value]] {
            problem = Problem(location: "body", parameter: nil, message: "the body's Content-Type is '\(contentType)'; expected \(expected)")
            return [:]
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

extension MockRequestReader.BodyReader.Value {
    var isJSONArray: Bool {
        if case .json(.array) = self { true } else { false }
    }
}

/// Takes a `multipart/form-data` body (RFC 7578) apart: each part's name, filename and content.
enum MultipartReader {
    struct Part {
        let name: String
        let filename: String?
        let content: [UInt8]
    }

    /// The parts, `nil` when the body is not delimited by the boundary.
    static func parts(of body: [UInt8], boundary: String) -> [Part]? {
        let delimiter = Array(("--" + boundary).utf8)
        guard var position = find(delimiter, in: body, from: 0) else { return nil }
        var parts: [Part] = []
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
            for line in head.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
                name = MockRequestReader.BodyReader.parameter("name", in: line)
                filename = MockRequestReader.BodyReader.parameter("filename", in: line)
            }
            if let name { parts.append(Part(name: name, filename: filename, content: Array(body[contentStart..<next]))) }
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

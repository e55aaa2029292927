#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Netspec

/// Reads a request sent to a mock endpoint back into the arguments a client would have called
/// it with, so that the client's own binding rules check it (``Service/argumentProblems(_:_:)``)
/// and its messages name what is wrong.
///
/// Each parameter's value is taken from where the spec puts it: the path (its placeholder,
/// percent-decoded; an OpenAPI `label`, `matrix` or comma-joined value taken apart), the query
/// (repeated names, comma/space/pipe-joined arrays, `name[key]` objects, a flag's bare name), a
/// header, a cookie, or the body (JSON members, form fields, multipart parts, or the whole body
/// for `_`). Text becomes the parameter's type as on the command line (`7` for an `Int`).
struct MockRequestReader {
    let endpoint: Endpoint
    /// Whether query items and JSON members the spec does not declare are problems.
    let strict: Bool

    /// A problem found reading the request, before binding checks the values.
    struct Problem: Sendable, Hashable {
        /// `path`, `query`, `header`, `cookie` or `body`.
        let location: String
        let parameter: String?
        let message: String
    }

    /// The arguments, and the problems that kept some from being read.
    func read(pathValues: [String: String], query: String?, headers: HTTPFields, body: [UInt8]) -> (arguments: [String: Argument], problems: [Problem]) {
        var arguments: [String: Argument] = [:]
        var problems: [Problem] = []
        var queryItems = Self.formItems(query ?? "")
        let cookies = Self.cookies(headers[values: .cookie])
        var claimedQueryNames: Set<String> = []
        var bodyReader = BodyReader(endpoint: endpoint, headers: headers, bytes: body)

        for parameter in endpoint.parameters {
            let type = parameter.type.unwrapped
            do {
                switch parameter.location {
                case .path:
                    guard let raw = pathValues[parameter.wireName] else { continue }
                    arguments[parameter.name] = try pathArgument(raw, parameter: parameter)
                case .query:
                    if parameter.expandsDictionary { continue }  // after the others: what they leave
                    let (argument, names) = try queryArgument(parameter, items: queryItems)
                    claimedQueryNames.formUnion(names)
                    if let argument { arguments[parameter.name] = argument }
                case .header:
                    guard let name = HTTPField.Name(parameter.wireName) else { continue }
                    let values = headers[values: name]
                    guard !values.isEmpty else { continue }
                    let text = values.joined(separator: ", ")
                    if case .array(let element) = type {
                        arguments[parameter.name] = Argument.makeArray(try text.split(separator: ",").map {
                            try convert(String($0).trimmingSpaces(), as: element, parameter: parameter)
                        })
                    } else {
                        arguments[parameter.name] = try convert(text, as: type, parameter: parameter)
                    }
                case .cookie:
                    guard let text = cookies[parameter.wireName] else { continue }
                    arguments[parameter.name] = try convert(text, as: type, parameter: parameter)
                default:
                    if let argument = try bodyReader.argument(for: parameter, converting: { try convert($0, as: $1, parameter: parameter) }) {
                        arguments[parameter.name] = argument
                    }
                }
            } catch let problem as Problem {
                problems.append(problem)
            } catch {
                problems.append(Problem(location: parameter.requestPart, parameter: parameter.name, message: "\(error)"))
            }
        }
        // A dictionary query parameter takes the items no other parameter claimed.
        queryItems.removeAll { claimedQueryNames.contains($0.name) }
        for parameter in endpoint.parameters where parameter.location == .query && parameter.expandsDictionary {
            var object: [(key: String, value: Argument)] = []
            do {
                for item in queryItems { object.append((item.name, try convert(item.value, as: parameter.type.unwrapped.memberType, parameter: parameter))) }
                if !object.isEmpty { arguments[parameter.name] = Argument.makeDictionary(object) }
            } catch {
                problems.append(error as? Problem ?? Problem(location: "query", parameter: parameter.name, message: "\(error)"))
            }
            claimedQueryNames.formUnion(queryItems.map(\.name))
            queryItems = []
        }
        if strict {
            for item in queryItems where !claimedQueryNames.contains(item.name) {
                problems.append(Problem(location: "query", parameter: nil, message: "unknown query item '\(item.name)'"))
            }
            for member in bodyReader.unclaimedMembers {
                problems.append(Problem(location: "body", parameter: nil, message: "unknown member '\(member)'"))
            }
        }
        if let problem = bodyReader.problem { problems.append(problem) }
        return (arguments, problems)
    }

    // MARK: - Places

    private func pathArgument(_ raw: String, parameter: Parameter) throws -> Argument {
        var text = raw
        let type = parameter.type.unwrapped
        if let style = parameter.style {
            // `.blue`, `;color=blue`, `;color=blue;color=black`: the style's prefix off.
            if style.name == "label", text.hasPrefix(".") { text.removeFirst() }
            if style.name == "matrix" {
                let prefix = ";" + style.key + "="
                if style.explode, case .array = type {
                    text = text.components(separatedBy: prefix).filter { !$0.isEmpty }.joined(separator: ",")
                } else if text.hasPrefix(prefix) {
                    text.removeFirst(prefix.count)
                }
            }
            let separator: Character = style.name == "label" && style.explode ? "." : ","
            if case .array(let element) = type {
                return Argument.makeArray(try text.split(separator: separator, omittingEmptySubsequences: false).map {
                    try convert(Self.percentDecoded(String($0)), as: element, parameter: parameter)
                })
            }
        }
        return try convert(Self.percentDecoded(text), as: type, parameter: parameter)
    }

    /// A query parameter's argument and the item names it took.
    private func queryArgument(_ parameter: Parameter, items: [(name: String, value: String)]) throws -> (Argument?, Set<String>) {
        let name = parameter.wireName
        let type = parameter.type.unwrapped
        let values = items.filter { $0.name == name || $0.name == name + "[]" }.map(\.value)
        if parameter.isFlag {
            return (values.isEmpty ? nil : .value(.bool(true)), [name])
        }
        // `color[R]=100` (deepObject, or a nested value written with brackets).
        let bracketed = items.filter { $0.name.hasPrefix(name + "[") && $0.name.hasSuffix("]") && $0.name != name + "[]" }
        if values.isEmpty, !bracketed.isEmpty {
            let object = try bracketed.map { item in
                (key: String(item.name.dropFirst(name.count + 1).dropLast()), value: try convert(item.value, as: type.memberType, parameter: parameter))
            }
            return (Argument.makeDictionary(object), Set(bracketed.map(\.name)))
        }
        guard !values.isEmpty else { return (nil, [name]) }
        if case .array(let element) = type {
            let delimiter: String? = switch parameter.arrayFormat {
            case .csv: ","
            case .spaces: " "
            case .pipes: "|"
            default: nil
            }
            let pieces = delimiter.map { delimiter in values.flatMap { $0.components(separatedBy: delimiter) } } ?? values
            return (Argument.makeArray(try pieces.map { try convert($0, as: element, parameter: parameter) }), [name, name + "[]"])
        }
        guard values.count == 1 else {
            throw Problem(location: "query", parameter: parameter.name, message: "given \(values.count) times, but it is not an array (\(parameter.type))")
        }
        if let style = parameter.style, !style.explode, type == .json || type.isDictionary {
            // `color=R,100,G,200`: names and values in turn.
            let delimiter = parameter.arrayFormat == .spaces ? " " : parameter.arrayFormat == .pipes ? "|" : ","
            let pieces = values[0].components(separatedBy: delimiter)
            var object: [(key: String, value: Argument)] = []
            var index = 0
            while index + 1 < pieces.count {
                object.append((pieces[index], try convert(pieces[index + 1], as: type.memberType, parameter: parameter)))
                index += 2
            }
            return (Argument.makeDictionary(object), [name])
        }
        return (try convert(values[0], as: type, parameter: parameter), [name])
    }

    /// Text as an argument of a type, as the command line converts it.
    private func convert(_ text: String, as type: ValueType, parameter: Parameter) throws -> Argument {
        if parameter.mimeType?.contains("json") == true, parameter.location != .part {
            // A `content: application/json` parameter: JSON text.
            do { return .value(try JSONValue(parsing: Array(text.utf8))) } catch {
                throw Problem(location: parameter.requestPart, parameter: parameter.name, message: "'\(text)' is not valid JSON (\(error))")
            }
        }
        switch type {
        case .string, .json, .url: return .value(.string(text))
        case .data: return .data(Data(text.utf8))
        case .optional(let wrapped): return text == "null" ? .value(.null) : try convert(text, as: wrapped, parameter: parameter)
        default:
            guard let value = type.value(fromText: text) else {
                throw Problem(location: parameter.requestPart, parameter: parameter.name, message: "'\(text)' is not \(type.expectedText)")
            }
            return .value(value)
        }
    }

    // MARK: - Text

    /// `name=value` items of a query or form body, percent-decoded, `+` as a space (WHATWG).
    static func formItems(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in percentDecoded(String(text.replacing("+", with: " "))) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The pairs of `Cookie` headers (`a=1; b=2`), values percent-decoded.
    static func cookies(_ headers: [String]) -> [String: String] {
        var cookies: [String: String] = [:]
        for header in headers {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else { continue }
                let name = parts[0].trimmingSpaces()
                if cookies[name] == nil { cookies[name] = percentDecoded(parts[1].trimmingSpaces()) }
            }
        }
        return cookies
    }

    /// Text with `%XX` escapes decoded (an escape that is not one stays as it is; bytes that are
    /// not UTF-8 become U+FFFD).
    static func percentDecoded<S: StringProtocol>(_ text: S) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hex(utf8[index + 1]), let low = hex(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension MockRequestReader.Problem: Error {}

extension ValueType {
    var isDictionary: Bool {
        if case .dictionary = self { true } else { false }
    }

    /// The type of a dictionary's values, `String` for anything else (an OpenAPI object's members
    /// arrive as text).
    var memberType: ValueType {
        if case let .dictionary(member) = unwrapped { member.unwrapped == .json ? .string : member } else { .string }
    }
}

extension Parameter {
    /// Where in a request the parameter is, as a problem names it: `path`, `query`, `header`,
    /// `cookie` or `body` (a field, a part, or the whole body).
    var requestPart: String {
        switch location {
        case .path: "path"
        case .query: "query"
        case .header: "header"
        case .cookie: "cookie"
        default: "body"
        }
    }
}

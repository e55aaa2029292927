#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
package import HTTPTypes
import NetspecModel

/// A request as a server received it, nothing decoded yet: what parameters' codecs read their
/// values back from (``ParameterCodec/read(_:from:)``). Reading a parameter takes the query
/// items, cookies, header fields and body fields it uses, so what is left afterwards is what no
/// parameter declared.
package struct ReceivedRequest: Sendable {
    /// A `name=value` item of a query or a form body, or a cookie, as sent (still
    /// percent-encoded); `value` is `nil` for an item without `=` (a flag).
    package struct Item: Sendable, Hashable {
        package var name: String
        package var value: String?

        package init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// A part of a `multipart/form-data` body.
    package struct Part: Sendable, Hashable {
        package var name: String
        package var filename: String?
        package var contentType: String?
        package var content: [UInt8]

        package init(name: String, filename: String?, contentType: String?, content: [UInt8]) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }
    }

    /// A body's named values, read as its `Content-Type` says.
    package enum Fields: Sendable {
        /// The members of a JSON object.
        case members(JSONObject)
        /// The items of an `application/x-www-form-urlencoded` body, as sent.
        case items([Item])
        /// The parts of a `multipart/form-data` body.
        case parts([Part])
    }

    /// Each path placeholder's value as matched (still percent-encoded), by placeholder name.
    package var pathValues: [String: String]
    /// The query's items, in order.
    package var queryItems: [Item]
    /// The header fields.
    package var headers: HTTPFields
    /// The cookies of the `Cookie` fields, in order.
    package var cookies: [Item]
    /// The body as sent.
    package var body: [UInt8]
    /// The body's named values, when it was read as fields.
    package var fields: Fields?

    /// A request: the query as sent after `?`, the cookies read from the `Cookie` fields.
    package init(pathValues: [String: String] = [:], query: String?, headers: HTTPFields, body: [UInt8] = [], fields: Fields? = nil) {
        self.pathValues = pathValues
        queryItems = Self.items(query ?? "")
        cookies = headers[values: .cookie].flatMap(Self.cookies(_:))
        self.headers = headers
        self.body = body
        self.fields = fields
    }

    /// The items of `a=1&b=2&flag` (a query, or a form body), as sent.
    package static func items(_ text: String) -> [Item] {
        text.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return Item(name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : nil)
        }
    }

    /// The pairs of a `Cookie` line (`a=1; b=2`), as sent (names and values without the spaces around them).
    package static func cookies(_ line: String) -> [Item] {
        line.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return Item(name: parts[0].trimmingSpaces(), value: parts[1].trimmingSpaces())
        }
    }

    /// The names of the body's fields no parameter took, sorted.
    package var unreadFieldNames: [String] {
        switch fields {
        case let .members(object): object.keys.sorted()
        case let .items(items): Set(items.map { PercentEncoding.decoded($0.name, plusIsSpace: true) }).sorted()
        case let .parts(parts): Set(parts.map(\.name)).sorted()
        case nil: []
        }
    }
}

extension PercentEncoding {
    /// Text with `%XX` escapes decoded, and with `plusIsSpace` `+` as a space (WHATWG's
    /// `application/x-www-form-urlencoded`, which servers apply to queries too). An escape that
    /// is not one stays as it is; bytes that are not UTF-8 become U+FFFD.
    package static func decoded(_ text: some StringProtocol, plusIsSpace: Bool) -> String {
        decoded(String(text), plusIsSpace: plusIsSpace)
    }

    /// ``decoded(_:plusIsSpace:)`` of a `String`, called by its concrete type (a path value per
    /// request in a mock server): the text itself when it has nothing to decode.
    package static func decoded(_ text: String, plusIsSpace: Bool) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || plusIsSpace && $0 == UInt8(ascii: "+") }) else { return text }
        return String(decoding: decodedBytes(text, plusIsSpace: plusIsSpace), as: UTF8.self)
    }

    /// The bytes `%XX` escapes stand for (a form's `Data` field, which need not be UTF-8).
    static func decodedBytes(_ text: some StringProtocol, plusIsSpace: Bool) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count, let high = utf8[index + 1].hexDigitValue, let low = utf8[index + 2].hexDigitValue {
                bytes.append(high << 4 | low)
                index += 3
                continue
            }
            bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
            index += 1
        }
        return bytes
    }
}

extension ValueType {
    /// The argument text stands for under this type, as the command line reads `name=text`:
    /// `String`, `URL` and `JSON` as the text itself, `Data` as its bytes, others parsed
    /// (``value(fromText:)``); `nil` when it does not fit. An optional type reads as its wrapped
    /// one: a request never carries `nil`, which is sent by leaving the parameter out.
    package func argument(fromText text: String) -> Argument? {
        switch unwrapped {
        case .data: .data(Data(text.utf8))
        case .string, .url, .json: .value(.string(text))
        case let type: type.value(fromText: text).map(Argument.value)
        }
    }

    /// The type of a dictionary's values; `JSON` for a model or `JSON` (whose members arrive as
    /// text), and the type itself for anything else.
    var memberType: ValueType {
        switch unwrapped {
        case let .dictionary(member): member
        case .json, .model: .json
        case let type: type
        }
    }

    /// The type of an array's elements, or the type itself.
    var elementType: ValueType {
        if case let .array(element) = unwrapped { element } else { unwrapped }
    }

    /// Whether the type is an array (an optional one too).
    var isArray: Bool {
        if case .array = unwrapped { true } else { false }
    }
}

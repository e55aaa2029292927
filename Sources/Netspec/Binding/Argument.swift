#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One argument of a call: a JSON value, bytes, a file to upload, or an `Encodable` value.
///
/// Literals build arguments directly, so argument dictionaries read like JSON:
/// ```swift
/// try await api.call("createUser", ["email": "a@b.c", "age": 36, "tags": ["x"], "manager": nil])
/// try await api.call("upload", ["file": .file(URL(fileURLWithPath: "report.pdf")), "note": "Q3"])
/// try await api.call("createUser", ["_": .encodable(user)])
/// ```
/// An `Encodable` value is encoded when the call is made, with the encoder the spec names
/// (`encoder:`) if any, so registered coders such as a snake_case encoder apply.
public enum Argument: Sendable {
    /// A JSON value: string, number, Boolean, null, array or object.
    case value(JSONValue)
    /// Raw bytes: a raw body, a file part, or base64 inside JSON.
    case data(Data)
    /// A file on disk, streamed when it is a body or a multipart part.
    case file(URL)
    /// A range of a file's bytes, uploaded like a whole file (a chunk of a resumable upload):
    /// write it `.file(url, range: 0..<1_048_576)`.
    case fileRange(URL, Range<Int>)
    /// An array that holds bytes or files (arrays of JSON values are ``value(_:)``).
    indirect case array([Argument])
    /// A dictionary that holds bytes or files, in order (dictionaries of JSON values are ``value(_:)``).
    indirect case dictionary([(key: String, value: Argument)])
    /// A value encoded to JSON at call time.
    case encodable(any Encodable & Sendable)
    /// Text for a path or query parameter, sent with RFC 3986's reserved characters as they are
    /// (`/`, `?`, `:`, `@`, `!`, `$`, `&`, `'`, `(`, `)`, `*`, `+`, `,`, `;`, `=`, and `%XX` escapes)
    /// where the parameter's form would percent-encode them: RFC 6570's `{+name}`, OpenAPI's
    /// `allowReserved`, for one call. GitHub's `repos/get-content` takes a file's path so:
    /// `"path": .reserved("docs/README.md")` gives `/contents/docs/README.md`, not
    /// `/contents/docs%2FREADME.md`. Other characters are still percent-encoded, and a path's `.`
    /// and `..` segments are still refused. The command line's `--allow-reserved NAME`.
    case reserved(String)

    /// An argument for any value that can be one.
    public init(_ value: some ArgumentConvertible) throws {
        self = try value.makeArgument()
    }

    /// JSON `null`: sent as `null` in a JSON body for a parameter that may be null (a schema that
    /// admits null, ``Parameter/isNullable``), for a document's member (its schema judges it), or
    /// with `sendNull: true`; otherwise an omitted optional.
    public static let null: Argument = .value(.null)

    /// An argument that encodes `value` to JSON when the call is made.
    public static func encoding(_ value: some Encodable & Sendable) -> Argument {
        .encodable(value)
    }
}

// MARK: - Literals

extension Argument: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// A string argument.
    public init(stringLiteral value: String) { self = .value(.string(value)) }
    /// An integer argument.
    public init(integerLiteral value: Int) { self = .value(.int(value)) }
    /// A floating-point argument.
    public init(floatLiteral value: Double) { self = .value(.double(value)) }
    /// A Boolean argument.
    public init(booleanLiteral value: Bool) { self = .value(.bool(value)) }
    /// `nil`: null for an optional parameter.
    public init(nilLiteral: ()) { self = .value(.null) }

    /// An array argument; a JSON array when every element is a JSON value.
    public init(arrayLiteral elements: Argument...) {
        self = Argument.makeArray(elements)
    }

    /// A dictionary argument; a JSON object (in written order) when every value is a JSON value.
    public init(dictionaryLiteral elements: (String, Argument)...) {
        self = Argument.makeDictionary(elements.map { (key: $0.0, value: $0.1) })
    }

    /// `length` bytes of a file from `range.lowerBound`: `.file(url, range: 0..<1_048_576)`.
    public static func file(_ url: URL, range: Range<Int>) -> Argument { .fileRange(url, range) }

    static func makeArray(_ elements: [Argument]) -> Argument {
        var values: [JSONValue] = []
        values.reserveCapacity(elements.count)
        for element in elements {
            guard case let .value(value) = element else { return .array(elements) }
            values.append(value)
        }
        return .value(.array(values))
    }

    static func makeDictionary(_ entries: [(key: String, value: Argument)]) -> Argument {
        var object = JSONObject()
        for entry in entries {
            guard case let .value(value) = entry.value else { return .dictionary(entries) }
            object[entry.key] = value
        }
        return .value(.object(object))
    }
}

extension Argument: CustomStringConvertible {
    /// A short description, for messages.
    public var description: String {
        switch self {
        case let .value(value): value.description
        case let .data(data): "<\(data.count) bytes>"
        case let .file(url): "<file \(url.path)>"
        case let .fileRange(url, range): "<file \(url.path), bytes \(range.lowerBound)-\(range.upperBound - 1)>"
        case let .array(items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case let .dictionary(entries): "[" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
        case let .encodable(value): "<\(type(of: value))>"
        case let .reserved(text): "reserved \(JSONValue.string(text).description)"
        }
    }
}

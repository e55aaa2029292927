#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import HTTPTypes

/// The result of a call that answers one value: the shaped value, the status and headers, and
/// the body. Stream endpoints are called in their own forms, which give ``EventStream``,
/// ``JSONLineStream``, ``ByteStream`` or ``WebSocket`` instead (see ``EndpointCall``).
///
/// ```swift
/// let user = try await api.getUser(id: "johne")
/// user["name"]?.string                 // by key
/// let pair = try await api.createUser(email: "a@b.c", password: "pw")
/// pair[0]; pair["name"]                // a tuple, by position and by label
/// let model = try user.decode(User.self)
/// ```
public struct Response: Sendable {
    /// The endpoint called.
    public let endpointName: String
    /// The status code.
    public let status: Int
    /// The reason phrase.
    public let reasonPhrase: String
    /// The response headers.
    public let headerFields: HTTPFields
    /// The result: the part of the body `keyPath` selects, shaped by `returns` (null for `Void`;
    /// the headers as an object for `Headers`).
    public let value: JSONValue
    /// The raw body.
    public let body: [UInt8]

    /// Whether ``value`` is the body's text as it came, decoded in its charset (a `text/plain`
    /// answer, a file's contents), so it prints as that text; `false` for JSON and `Void`. A
    /// `text/*` body is its text whatever it holds (`1.10` stays `1.10`), unless a key path or
    /// a `returns` type other than `String` or `JSON` reads structure in it.
    public let isText: Bool
    /// Whether the body is bytes: neither JSON nor text by its `Content-Type` (`image/png`,
    /// `application/x-tar`), or text in a charset that cannot be read, and not JSON. ``value``
    /// is then its text when it is UTF-8, else null; ``body`` holds the bytes, which the command
    /// line writes as they are.
    public let isBinary: Bool
    /// How the body breaks the document's schema for its status and media type, when the call
    /// validated it with ``CallOptions/Validation/warn``; empty otherwise.
    public package(set) var violations: [JSONSchema.Violation] = []
    /// The URL that answered when the call followed redirects to it; `nil` when the request's own
    /// URL answered (``TransportResponse/redirectedURL``).
    package var redirectedURL: String?
    /// A page's body as JSON (``Service/Pages``), parsed once for its result, its next page and its
    /// items: `nil` until it is parsed, `.some(nil)` when it is not JSON.
    var document: JSONValue?? = nil
    let decoding: Decoding
    /// The decoder the spec names, or `nil` for the built-in one.
    var decoder: JSONDecoder? {
        if case let .named(decoder) = decoding { return decoder }
        return nil
    }

    /// The decoder a result is decoded into a type with.
    enum Decoding: Sendable {
        /// The spec names none: the built-in decoder.
        case builtIn
        /// The decoder the spec names, registered on the provider.
        case named(JSONDecoder)
        /// The spec names a decoder that is not registered on the provider: decoding is an error
        /// (reading the `JSONValue` is not).
        case unregistered(String)

        /// The error decoding with it is, or `nil`.
        func error(endpoint: String) -> CallError? {
            guard case let .unregistered(name) = self else { return nil }
            return .binding(CallError.ArgumentError(
                endpoint: endpoint, parameter: nil, reason: .configuration,
                message: "the spec names decoder '\(name)', but none is registered on the provider (Provider(decoders: [\"\(name)\": …]))"
            ))
        }
    }

    init(
        endpointName: String, status: Int, reasonPhrase: String, headerFields: HTTPFields, value: JSONValue,
        body: [UInt8], decoding: Decoding = .builtIn, isText: Bool = false, isBinary: Bool = false
    ) {
        self.isText = isText
        self.isBinary = isBinary
        self.endpointName = endpointName
        self.status = status
        self.reasonPhrase = reasonPhrase
        self.headerFields = headerFields
        self.value = value
        self.body = body
        self.decoding = decoding
    }

    /// Throws when the spec names a decoder that is not registered on the provider (``Decoding/unregistered(_:)``).
    func checkDecoder() throws(CallError) {
        if let error = decoding.error(endpoint: endpointName) { throw error }
    }

    // MARK: - Reading the value

    /// The member of an object result.
    public subscript(key: String) -> JSONValue? { value[key] }

    /// The element of an array result, or the element at a position of a tuple or object result.
    public subscript(index: Int) -> JSONValue? { value[index] }

    /// The value at a dotted key path into the result, such as `items.0.id`.
    public func value(at path: String) -> JSONValue? { value.value(at: path) }

    /// The result decoded into a `Decodable` type, with the decoder the spec names (`decoder:`) if any.
    ///
    /// - Throws: ``CallError/decoding(_:)`` naming the key path where decoding failed.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(CallError) -> T {
        try checkDecoder()
        do {
            if let decoder { return try value.decode(type, using: decoder) }
            return try value.decode(type)
        } catch let error as DecodingError {
            let (path, message) = Self.describe(error)
            throw .decoding(CallError.ResultDecodingError(endpoint: endpointName, keyPath: path, message: message))
        } catch {
            throw .decoding(CallError.ResultDecodingError(endpoint: endpointName, keyPath: "", message: "\(error)"))
        }
    }

    /// The body as UTF-8 text, when it is.
    public var text: String? { String(validating: body, as: UTF8.self) }

    /// A decoding error's coding path as a key path: `items.0.price`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func describe(_ error: DecodingError) -> (String, String) {
        switch error {
        case let .typeMismatch(type, context): return (path(context.codingPath), "expected \(type): \(context.debugDescription)")
        case let .valueNotFound(type, context): return (path(context.codingPath), "expected \(type), found null")
        case let .keyNotFound(key, context): return (path(context.codingPath + [key]), "the key is missing")
        case let .dataCorrupted(context): return (path(context.codingPath), context.debugDescription)
        @unknown default: return ("", "\(error)")
        }
    }
}

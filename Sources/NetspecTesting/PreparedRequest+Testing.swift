public import Netspec
import HTTPTypes

extension PreparedRequest {
    /// The body as UTF-8 text, for a body in memory (JSON, a form, text); `nil` for none, a file
    /// or a multipart body, or bytes that are not UTF-8.
    public var bodyText: String? {
        guard case let .bytes(bytes) = body else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The body parsed as JSON; `nil` when there is none in memory or it is not JSON.
    public var bodyJSON: JSONValue? {
        guard case let .bytes(bytes) = body else { return nil }
        return try? JSONValue(parsing: bytes)
    }

    /// The value of a header field (several joined with `, `, cookies with `; `, `Set-Cookie` the
    /// first line), by a name in any case, as ``Netspec/Response/header(_:)`` reads a response's;
    /// `nil` when the request has none or the name is not a valid field name.
    public func header(_ name: String) -> String? {
        headerFields.value(named: name)
    }
}

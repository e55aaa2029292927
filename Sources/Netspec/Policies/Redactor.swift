package import HTTPTypes
import NetspecModel

/// Hides secrets in what is logged or printed with `-v`: the values of `Authorization`,
/// `Set-Cookie` and `Proxy-Authorization`, of API-key headers and query items, of headers whose
/// spec value comes from a `${NAME}` variable, of parameters declared `secret: true` (header,
/// query, and JSON or form body fields), and of names the provider adds; in `Cookie`, the value of
/// each cookie that is not an ordinary cookie parameter of the endpoint (``SecretCookies``), the
/// whole value when the provider or the spec makes `Cookie` itself secret.
package struct Redactor: Sendable {
    /// What a hidden value is replaced with.
    package static let mask = "<redacted>"
    /// The headers that are always secret.
    static let alwaysSecretHeaders: Set<String> = ["authorization", "cookie", "set-cookie", "proxy-authorization"]

    /// Secret header names, lowercased.
    package var headerNames: Set<String>
    /// Secret query item names.
    package var queryNames: Set<String>
    /// Secret body field names (JSON members and form fields).
    var fieldNames: Set<String>
    /// Which cookies of a `Cookie` header are hidden (`Cookie` stays in ``headerNames``: the
    /// HTTP cache keeps a partition per cookie line).
    package var cookies = SecretCookies()
    /// Whether `Cookie` is hidden whole: a name the provider or a `secret: true` header parameter
    /// gives, or a spec header with variables.
    package private(set) var hidesCookieWhole = false

    /// Creates a redactor for explicit names (plus the headers that are always secret).
    package init(headerNames: Set<String> = [], queryNames: Set<String> = [], fieldNames: Set<String> = []) {
        self.headerNames = Self.alwaysSecretHeaders.union(headerNames.map { $0.lowercased() })
        self.queryNames = queryNames
        self.fieldNames = fieldNames
        hidesCookieWhole = headerNames.contains { $0.lowercased() == "cookie" }
    }

    /// The redactor for an endpoint's calls.
    package init(spec: Spec, endpoint: Endpoint, provider: Provider) {
        self.init(headerNames: provider.options.logging.secretHeaders, queryNames: provider.options.logging.secretQueryParameters)
        for policy in [spec.auth, endpoint.auth].compactMap({ $0 }).flatMap(\.everyPolicy) {
            if case let .apiKey(location, name, _) = policy.scheme {
                switch location {
                case .query: queryNames.insert(name)
                // The key is one of the cookies: `cookies` hides its value.
                case .cookie: break
                default: headerNames.insert(name.lowercased())
                }
            }
        }
        for header in spec.headers + endpoint.headers where !header.value.variableNames.isEmpty {
            headerNames.insert(header.name.lowercased())
            if header.name.lowercased() == "cookie" { hidesCookieWhole = true }
        }
        cookies = SecretCookies(spec: spec, endpoint: endpoint, provider: provider)
        for parameter in endpoint.parameters where parameter.isSecret {
            switch parameter.location {
            case .header:
                headerNames.insert(parameter.wireName.lowercased())
                if parameter.wireName.lowercased() == "cookie" { hidesCookieWhole = true }
            case .query: queryNames.insert(parameter.wireName)
            // .field, .part, .body, .path (and any value added later)
            default: fieldNames.insert(parameter.wireName)
            }
        }
    }

    // MARK: - Redacting

    /// A header value, hidden when the header is secret; in `Cookie`, each secret cookie's value.
    package func value(ofHeader name: String, _ value: String) -> String {
        let name = name.lowercased()
        if name == "cookie", !hidesCookieWhole { return cookies.hiding(value) { _ in Self.mask } }
        return headerNames.contains(name) ? Self.mask : value
    }

    /// Header fields as `Name: value` lines with secret values hidden.
    package func lines(_ fields: HTTPFields) -> [String] {
        fields.map { "\($0.name.rawName): \(value(ofHeader: $0.name.rawName, $0.value))" }
    }

    /// A URL with the values of secret query items hidden.
    package func url(_ url: String) -> String {
        guard !queryNames.isEmpty, let mark = url.firstIndex(of: "?") else { return url }
        let items = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            let name = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let decoded = name.percentDecoded ?? name
            return queryNames.contains(decoded) && item.contains("=") ? "\(name)=\(Self.mask)" : String(item)
        }
        return String(url[...mark]) + items.joined(separator: "&")
    }

    /// A request body as text for a log, with secret JSON members and form fields hidden.
    package func body(_ body: PreparedRequest.Body, contentType: String?) -> String {
        switch body {
        case .empty: return ""
        case let .file(path, size): return "<file \(path), \(size) bytes>"
        case let .fileRange(path, offset, length): return "<file \(path), bytes \(offset)-\(offset + length - 1), \(length) bytes>"
        case let .multipart(multipart): return "<multipart body, \(multipart.parts.count) parts, \(multipart.contentLength) bytes>"
        case let .bytes(bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else { return "<\(bytes.count) bytes>" }
            guard !fieldNames.isEmpty else { return text }
            if let contentType, MediaType.namesJSON(contentType), case var .object(object)? = try? JSONValue(parsing: bytes) {
                for name in fieldNames where object[name] != nil { object[name] = .string(Self.mask) }
                return JSONValue.object(object).description
            }
            if contentType?.contains("x-www-form-urlencoded") == true {
                return String(formAware.url("?" + text).dropFirst())
            }
            return text
        }
    }
}

extension Redactor {
    /// Also hides form fields named like secret body fields, by treating them as query items.
    fileprivate var formAware: Redactor {
        var copy = self
        copy.queryNames.formUnion(fieldNames)
        return copy
    }
}

extension String {
    /// The string with `%XX` escapes decoded, or `nil` when an escape is invalid or the bytes are not UTF-8.
    var percentDecoded: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next(), let low = iterator.next(),
                      let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

import HTTPTypes
import Netspec
import NetspecModel

/// Finds the endpoint a request is for, by method and path template.
///
/// Routes are tried in spec order, and of the templates that match a path those with the most
/// literal characters are the path's (`/users/me`, not `/users/{id}`), the first in the spec
/// among them with the method. A path whose templates have other methods only is a 405 with
/// their `Allow` (`PATCH /users/me` too when only `/users/{id}` takes PATCH); no match is a 404.
/// `HEAD` is answered by a `GET` route when no `HEAD` route matches. Paths are matched at the
/// server's root (`--base-url` points clients there), and also below the spec's base URL path
/// (`/v1/users` for a `baseURL` of `https://api.example.com/v1`). An absolute endpoint URL (an
/// OpenAPI operation's own server) is matched by its path.
struct MockRouter: Sendable {
    /// What a request's method and path found.
    enum Match {
        /// The endpoint, with its placeholders' values as sent (still percent-encoded).
        case endpoint(Endpoint, pathValues: [String: String])
        /// The path exists, but not for this method: the methods it has.
        case wrongMethod(allowed: [HTTPRequest.Method])
        case notFound
    }

    private let routes: [Route]
    /// The base URL's path without its trailing `/` (`/v1`), if the spec has a fixed one.
    private let basePath: [UInt8]?
    /// Endpoints that cannot be routed (a template in the host of an absolute URL), by name.
    let unroutable: [String]
    /// `stream: websocket` endpoints, which the mock server does not serve, by name.
    let webSockets: [String]

    init(spec: Spec) {
        var routes: [Route] = []
        var unroutable: [String] = []
        var webSockets: [String] = []
        for (order, endpoint) in spec.endpoints.enumerated() {
            if endpoint.stream == .webSocket {
                webSockets.append(endpoint.name)
                continue
            }
            if let route = Route(endpoint: endpoint, order: order) { routes.append(route) } else { unroutable.append(endpoint.name) }
        }
        self.routes = routes
        self.unroutable = unroutable
        self.webSockets = webSockets
        // A relative server (`/api/v1`, ``Spec/basePath``) is served under that path too.
        let relative = spec.basePath.map { String($0.prefix { $0 != "?" && $0 != "#" }) }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        basePath = (spec.baseURL.flatMap { Self.path(ofURL: $0.text) } ?? relative).flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    }

    func match(method: HTTPRequest.Method, path: String) -> Match {
        let bytes = Array(path.utf8)
        var result = match(method: method, path: bytes)
        if case .notFound = result, let rest = belowBasePath(bytes) {
            result = match(method: method, path: rest)
        }
        return result
    }

    /// The methods `path` is routed for (at the root, else below the base URL's path), in the
    /// spec's order; empty for a path the spec does not have.
    func methods(path: String) -> [HTTPRequest.Method] {
        let bytes = Array(path.utf8)
        var methods: [HTTPRequest.Method] = []
        for candidate in [bytes, belowBasePath(bytes)].compactMap({ $0 }) where methods.isEmpty {
            var specificity = -1
            for route in routes where route.literalLength >= specificity && route.matches(candidate) {
                if route.literalLength > specificity { (specificity, methods) = (route.literalLength, []) }
                if !methods.contains(route.endpoint.method) { methods.append(route.endpoint.method) }
            }
        }
        return methods
    }

    /// The path after the base URL's path (`/v1/pets` → `/pets`), its bytes matched as a
    /// template's literal is (`/v%31/pets` too); `nil` when it is not below it.
    private func belowBasePath(_ bytes: [UInt8]) -> [UInt8]? {
        guard let basePath, let length = Route.literalLength(basePath, at: bytes[...]), length < bytes.count, bytes[length] == UInt8(ascii: "/") else { return nil }
        return Array(bytes[length...])
    }

    private func match(method: HTTPRequest.Method, path: [UInt8]) -> Match {
        var best: Route?
        var headFallback: Route?
        var allowed: [HTTPRequest.Method] = []
        // Only the most specific templates that match are the path's (OpenAPI's Path Templating:
        // concrete paths before templated ones): `/connections/test` is not `/connections/{id}`.
        // The placeholders' values are taken only of the route chosen.
        var specificity = -1
        for route in routes {
            guard route.literalLength >= specificity, route.matches(path) else { continue }
            if route.literalLength > specificity {
                specificity = route.literalLength
                (best, headFallback) = (nil, nil)
                allowed.removeAll(keepingCapacity: true)
            }
            let routeMethod = route.endpoint.method
            if !allowed.contains(routeMethod) { allowed.append(routeMethod) }
            if routeMethod == method {
                if best.map({ route.isMoreSpecific(than: $0) }) ?? true { best = route }
            } else if method == .head, routeMethod == .get {
                if headFallback.map({ route.isMoreSpecific(than: $0) }) ?? true { headFallback = route }
            }
        }
        if let found = best ?? headFallback, let values = found.match(path) { return .endpoint(found.endpoint, pathValues: values) }
        return allowed.isEmpty ? .notFound : .wrongMethod(allowed: allowed)
    }

    /// The path of an absolute URL without a trailing `/` (`https://h/v1/` → `/v1`), `nil` for
    /// anything else or a path with a `${…}` variable (one in the host is passed over).
    static func path(ofURL url: String) -> String? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let afterScheme = url[schemeEnd.upperBound...]
        // The host may be a server variable (`https://${region:-eu}.example.com/v1`); the path may not.
        var index = afterScheme.startIndex
        while index < afterScheme.endIndex, afterScheme[index] != "/" {
            if afterScheme[index...].hasPrefix("${"), let close = afterScheme[index...].firstIndex(of: "}") { index = close }
            index = afterScheme.index(after: index)
        }
        guard index < afterScheme.endIndex else { return "" }
        var path = String(afterScheme[index...].prefix { $0 != "?" && $0 != "#" })
        guard !path.contains("${") else { return nil }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// One endpoint's path as literal bytes and placeholders.
    private struct Route: Sendable {
        enum Piece: Sendable {
            case literal([UInt8])
            /// A placeholder: one segment's worth of bytes, or with `reserved` any bytes (`{+path}`).
            case placeholder(name: String, reserved: Bool)
        }

        let endpoint: Endpoint
        let pieces: [Piece]
        let literalLength: Int
        let order: Int

        init?(endpoint: Endpoint, order: Int) {
            var pieces: [Piece] = []
            var segments = endpoint.pathTemplate.segments[...]
            if endpoint.pathTemplate.isAbsoluteURL {
                // `https://uploads.example.net/upload`: only the path is matched.
                guard case let .literal(first)? = segments.first, let path = Self.pathPart(first) else { return nil }
                segments = segments.dropFirst()
                if !path.isEmpty { pieces.append(.literal(Array(path.utf8))) }
            }
            for segment in segments {
                switch segment {
                case let .literal(text):
                    pieces.append(.literal(Array(text.utf8)))
                case let .placeholder(name, _, isReserved):
                    pieces.append(.placeholder(name: name, reserved: isReserved))
                }
            }
            self.endpoint = endpoint
            self.pieces = pieces
            self.order = order
            literalLength = pieces.reduce(0) { total, piece in
                if case let .literal(bytes) = piece { total + bytes.count } else { total }
            }
        }

        /// The path after an absolute URL's authority, `nil` when the authority is not all there.
        private static func pathPart(_ literal: String) -> String? {
            guard let schemeEnd = literal.firstRange(of: "://") else { return nil }
            let afterScheme = literal[schemeEnd.upperBound...]
            guard let slash = afterScheme.firstIndex(of: "/") else { return nil }
            return String(afterScheme[slash...])
        }

        func isMoreSpecific(than other: Route) -> Bool {
            literalLength != other.literalLength ? literalLength > other.literalLength : order < other.order
        }

        /// How many bytes of `path` spell `literal`, compared with their percent-escapes decoded on
        /// both sides (`/p%65ts` is `/pets`, `%20` a space: RFC 3986 §6.2.2), except a `/`, whose
        /// `%2F` is data, not a separator; a `%` that starts no escape is itself, as a call sends
        /// it (`/x%y` as `/x%25y`). `nil` when `path` does not start with it.
        static func literalLength(_ literal: [UInt8], at path: ArraySlice<UInt8>) -> Int? {
            let percent = UInt8(ascii: "%")
            var index = path.startIndex
            var position = 0
            while position < literal.count {
                guard index < path.endIndex else { return nil }
                let byte = literal[position]
                if path[index] == byte, byte != percent {
                    index += 1
                    position += 1
                    continue
                }
                let wanted = unit(literal[...], at: position)
                let sent = unit(path, at: index)
                guard wanted.byte == sent.byte, wanted.byte != UInt8(ascii: "/") || wanted.length == sent.length else { return nil }
                index += sent.length
                position += wanted.length
            }
            return index - path.startIndex
        }

        /// The byte at `index` with its escape decoded (`%41` is `A`, 3 bytes), or as it is
        /// (1 byte; a `%` that starts no escape too).
        private static func unit(_ bytes: ArraySlice<UInt8>, at index: Int) -> (byte: UInt8, length: Int) {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = bytes[index + 1].hexDigitValue, let low = bytes[index + 2].hexDigitValue {
                return (high << 4 | low, 3)
            }
            return (bytes[index], 1)
        }

        /// The placeholders' values when the path matches the template.
        func match(_ path: [UInt8]) -> [String: String]? {
            var values: [String: String]? = [:]
            return match(path[...], pieces: pieces[...], values: &values) ? values : nil
        }

        /// Whether the path matches the template (its values not taken).
        func matches(_ path: [UInt8]) -> Bool {
            var values: [String: String]? = nil
            return match(path[...], pieces: pieces[...], values: &values)
        }

        /// Whether the path matches the pieces, the placeholders' values put in `values` unless it is `nil`.
        private func match(_ path: ArraySlice<UInt8>, pieces: ArraySlice<Piece>, values: inout [String: String]?) -> Bool {
            guard let piece = pieces.first else { return path.isEmpty }
            switch piece {
            case let .literal(bytes):
                guard let length = Self.literalLength(bytes, at: path) else { return false }
                return match(path.dropFirst(length), pieces: pieces.dropFirst(), values: &values)
            case let .placeholder(name, reserved):
                // The longest value first; a value never holds `?` or `#`, and only a reserved one `/`.
                var end = path.startIndex
                while end < path.endIndex, reserved || path[end] != UInt8(ascii: "/") { end += 1 }
                // Empty last: a call may give an empty value (Jupyter's root, `/api/contents/`).
                for candidate in stride(from: end, through: path.startIndex, by: -1) {
                    values?[name] = String(decoding: path[path.startIndex..<candidate], as: UTF8.self)
                    if match(path[candidate...], pieces: pieces.dropFirst(), values: &values) { return true }
                }
                values?[name] = nil
                return false
            }
        }
    }
}

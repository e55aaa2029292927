import HTTPTypes
import NetspecModel

/// Following a paginated endpoint's pages (`paginate:` in the spec), lazily: a page is fetched
/// when the sequence is asked for it.
extension Service {
    /// The pages of a paginated endpoint, each a ``Response``, fetched one at a time as iterated.
    ///
    /// The first page is the call with `arguments`; each next one comes from what the spec's
    /// `paginate:` says (the `Link` header, a URL or cursor in the body, or a page or offset
    /// parameter). It stops after a page without a next one, an empty page (page and offset), at
    /// `maxPages` while a next page follows, at a next URL on another origin than the first page's
    /// or of another scheme (never followed), or at a page it has already fetched (a cycle: the same
    /// method, URL, headers and body, ``PageRequest``); the last three are reported to `onWarning`.
    /// A relative next URL is resolved against the URL that served the page (after its
    /// redirects). A page that fails throws its ``CallError``; so does (as
    /// ``CallError/decoding(_:)``, after the page is returned) a next-page URL or cursor the
    /// server gave that cannot be one (an object, an array), and, for page numbers and offsets, a
    /// page without its items. A number or Boolean cursor is sent as its text.
    ///
    /// - Throws: ``CallError/argument(_:)`` when there is no such endpoint or it has no `paginate:`.
    public func allPages(
        _ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions(), maxPages: Int = 100,
        onWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(CallError) -> some AsyncSequence<Response, CallError> & Sendable {
        try pages(endpoint, arguments, options: options, maxPages: maxPages, onWarning: onWarning)
    }

    /// The pages, as the concrete sequence that ``allItems(_:_:options:maxPages:onWarning:)`` reads.
    func pages(
        _ endpoint: String, _ arguments: [String: Argument], options: CallOptions = CallOptions(), maxPages: Int = 100,
        onWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(CallError) -> Pages {
        let resolved = try self.endpoint(named: endpoint)
        try CallForm.value.check(resolved)
        guard resolved.pagination != nil else { throw Self.notPaginated(resolved) }
        return Pages(service: self, endpoint: endpoint, arguments: arguments, options: options, maxPages: maxPages, onWarning: onWarning)
    }

    /// ``send(_:options:)`` for a page of a listing: the response keeps its body as the JSON that
    /// reading it parsed (``Response/document``), for the next page and the items.
    func sendPage(_ request: PreparedRequest, options: CallOptions) async throws(CallError) -> Response {
        let endpoint = if let endpoint = request.endpoint, endpoint.name == request.endpointName { endpoint } else { try self.endpoint(named: request.endpointName) }
        try CallForm.value.check(endpoint)
        return try await fetch(request, endpoint: endpoint, options: options, keepsDocument: true)
    }

    /// Called for each parse of a page's body in the task (for tests): a page's body is parsed
    /// once, for its result, its next page and its items.
    @TaskLocal package static var pageBodyParsed: (@Sendable () -> Void)?

    /// The error for an endpoint without `paginate:` called for its pages or items.
    static func notPaginated(_ endpoint: Endpoint) -> CallError {
        .argument(CallError.ArgumentError(
            endpoint: endpoint.name, parameter: nil, reason: .wrongForm, message: "the endpoint has no 'paginate:' in the spec, so it has no pages; call it as \(CallForm.value.swiftForm(endpoint.name))"
        ))
    }

    /// The items of every page of a paginated endpoint (where `paginate: { items: … }` says, else
    /// each page's result), fetched page by page as iterated; see ``allPages(_:_:options:maxPages:onWarning:)``.
    /// A page whose items are not there, or are not an array, throws ``CallError/decoding(_:)``
    /// naming the page and the key path.
    public func allItems(
        _ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions(), maxPages: Int = 100,
        onWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(CallError) -> some AsyncSequence<JSONValue, CallError> & Sendable {
        Items(pages: try pages(endpoint, arguments, options: options, maxPages: maxPages, onWarning: onWarning))
    }

    /// ``allItems(_:_:options:maxPages:onWarning:)`` with the page limit named as the caller
    /// names it in the warning given when it stops a listing (`--max-pages` on the command line).
    package func allItems(
        _ endpoint: String, _ arguments: [String: Argument], options: CallOptions, maxPages: Int, limitName: String,
        onWarning: @escaping @Sendable (String) -> Void
    ) throws(CallError) -> Items {
        var listing = try pages(endpoint, arguments, options: options, maxPages: maxPages, onWarning: onWarning)
        listing.limitName = limitName
        return Items(pages: listing)
    }

    /// A paginated endpoint's pages.
    package struct Pages: AsyncSequence, Sendable {
        public typealias Element = Response
        public typealias Failure = CallError
        let service: Service
        let endpoint: String
        let arguments: [String: Argument]
        let options: CallOptions
        let maxPages: Int
        let onWarning: @Sendable (String) -> Void
        /// How the warning at ``maxPages`` names the limit.
        var limitName = "maxPages"

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(pages: self, arguments: arguments)
        }

        /// Fetches the pages in turn.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let pages: Pages
            var arguments: [String: Argument]
            /// The request for the next page, when the next page is a URL.
            var pending: PreparedRequest?
            var fetched = 0
            var isFinished = false
            /// Each request sent, with the number of the page it fetched.
            var visited: [PageRequest: Int] = [:]
            var origin: URLOrigin?
            /// What is wrong with the next page's URL or cursor in the last page: thrown when the
            /// next page is asked for, so that the last page is returned first.
            var failure: CallError?
            /// The last page's number and URL, for messages.
            private(set) var lastPage: (number: Int, url: String) = (0, "")

            init(pages: Pages, arguments: [String: Argument]) {
                self.pages = pages
                self.arguments = arguments
            }

            public mutating func next() async throws(CallError) -> Response? {
                if let failure {
                    self.failure = nil
                    isFinished = true
                    throw failure
                }
                guard !isFinished else { return nil }
                let service = pages.service
                let endpoint = try service.endpoint(named: pages.endpoint)
                guard fetched < pages.maxPages else {
                    // A next page follows (else the sequence would have finished): the listing is cut short.
                    pages.onWarning("endpoint '\(endpoint.name)': stopped after \(pluralized(fetched, "page")) (\(pages.limitName)); more pages follow")
                    isFinished = true
                    return nil
                }
                guard let pagination = endpoint.pagination else { throw Service.notPaginated(endpoint) }
                let request: PreparedRequest
                if let pending { request = pending } else { request = try service.prepare(endpoint.name, arguments, options: pages.options) }
                if origin == nil { origin = URLOrigin(request.url) }
                let key = PageRequest(request)
                if let earlier = visited[key] {
                    pages.onWarning("endpoint '\(endpoint.name)': page \(fetched + 1) would be page \(earlier)'s request again (\(request.method.rawValue) \(request.url)); stopped (a cycle)")
                    isFinished = true
                    return nil
                }
                visited[key] = fetched + 1
                var response = try await service.sendPage(request, options: pages.options)
                fetched += 1
                lastPage = (fetched, request.url)
                pending = nil
                do {
                    try prepareNext(after: &response, request: request, pagination: pagination, endpoint: endpoint)
                } catch {
                    failure = error
                }
                return response
            }

            /// Sets up the next page's request or arguments, or finishes.
            private mutating func prepareNext(after response: inout Response, request: PreparedRequest, pagination: Pagination, endpoint: Endpoint) throws(CallError) {
                func body() -> JSONValue? { Self.body(of: &response) }
                switch pagination.next {
                case .link:
                    follow(Self.nextLink(in: response.headerFields), from: request, servedBy: response, endpoint: endpoint)
                case let .url(path):
                    let next = body()?.value(at: path)
                    if let next, !next.isNull, next.string == nil {
                        throw fromServer(endpoint, path, "the next page's URL (paginate: next: url) must be a string; found \(next.argumentDescription)")
                    }
                    follow(next?.string, from: request, servedBy: response, endpoint: endpoint)
                case let .cursor(path, parameter):
                    guard let cursor = body()?.value(at: path), !cursor.isNull, cursor != .string("") else { isFinished = true; return }
                    guard let argument = Self.argument(cursor: cursor, for: endpoint.parameter(named: parameter)?.type) else {
                        throw fromServer(endpoint, path, "the cursor (paginate: next: cursor) must be a string, a number or a Boolean; found \(cursor.argumentDescription)")
                    }
                    arguments[parameter] = .value(argument)
                case let .page(parameter):
                    let document = pagination.items == nil ? nil : body()
                    guard try !items(of: response, pagination: pagination, body: document, endpoint: endpoint).isEmpty else { isFinished = true; return }
                    arguments[parameter] = .value(.int(current(parameter, endpoint: endpoint, default: 1) + 1))
                case let .offset(parameter):
                    let document = pagination.items == nil ? nil : body()
                    let count = try items(of: response, pagination: pagination, body: document, endpoint: endpoint).count
                    guard count > 0 else { isFinished = true; return }
                    arguments[parameter] = .value(.int(current(parameter, endpoint: endpoint, default: 0) + count))
                }
            }

            /// A page's body as JSON, `nil` when it is not JSON: as reading the page parsed it
            /// (``Response/document``), else parsed here (a text page, a `Void` result) and kept on
            /// the page, so that it is parsed once for its next page and its items.
            static func body(of page: inout Response) -> JSONValue? {
                if let document = page.document { return document }
                Service.pageBodyParsed?()
                let value = try? JSONValue(parsing: page.body)
                page.document = .some(value)
                return value
            }

            /// A cursor as the argument of the parameter it is sent as: a string as it is; a number
            /// or Boolean as it is when the parameter takes one, else as its text; `nil` for an
            /// object or an array, which cannot be a cursor.
            static func argument(cursor: JSONValue, for type: ValueType?) -> JSONValue? {
                let takes = type?.unwrapped
                switch cursor {
                case .string:
                    return cursor
                case .int, .double:
                    return takes == .int || takes == .double || takes == .json ? cursor : .string(cursor.description)
                case let .bool(value):
                    return takes == .bool || takes == .json ? cursor : .string(value ? "true" : "false")
                case .null, .array, .object:
                    return nil
                }
            }

            /// An error in what the server sent on the last page, at `path` in its body.
            private func fromServer(_ endpoint: Endpoint, _ path: JSONValue.KeyPath?, _ message: String) -> CallError {
                .decoding(CallError.ResultDecodingError(
                    endpoint: endpoint.name, keyPath: path?.description ?? "",
                    message: "the server's page \(lastPage.number) (\(lastPage.url)): \(message)"
                ))
            }

            /// A page's items: at `paginate: { items: }` in its body, else its result; an error when
            /// they are not there or not an array.
            func items(of response: Response, pagination: Pagination, body: JSONValue?, endpoint: Endpoint) throws(CallError) -> [JSONValue] {
                if let path = pagination.items {
                    guard let found = body?.value(at: path) else {
                        throw fromServer(endpoint, path, "no items here (paginate: items: \(path)); the page has \(body.map { Self.outline($0) } ?? "no JSON body")")
                    }
                    guard let items = found.array else {
                        throw fromServer(endpoint, path, "the items (paginate: items: \(path)) must be an array; found \(found.argumentDescription)")
                    }
                    return items
                }
                guard let items = response.value.array else {
                    throw fromServer(endpoint, nil, "the page's result must be an array of its items (paginate: has no 'items:' key path); found \(response.value.argumentDescription)")
                }
                return items
            }

            /// A body's top level in a few words: `an object with keys other, meta`.
            static func outline(_ body: JSONValue) -> String {
                guard case let .object(object) = body else { return body.argumentDescription }
                let keys = object.keys.prefix(5).joined(separator: ", ")
                return object.isEmpty ? "an empty object" : "an object with keys \(keys)" + (object.count > 5 ? ", …" : "")
            }

            /// The next page's request at `url`, if it is on the first page's origin. A relative
            /// `url` is resolved against the URL that served the page: the request's, or where its
            /// redirects led (RFC 3986 §5.1.3, RFC 8288 §3.2). The fragment is not sent.
            private mutating func follow(_ url: String?, from request: PreparedRequest, servedBy response: Response, endpoint: Endpoint) {
                guard let url, !url.isEmpty else { isFinished = true; return }
                var absolute = Self.resolve(url, against: response.redirectedURL ?? request.url)
                if let hash = absolute.firstIndex(of: "#") { absolute = String(absolute[..<hash]) }
                guard URLOrigin(absolute) == origin else {
                    pages.onWarning("endpoint '\(endpoint.name)': the next page \(absolute) is on another origin than the first; not followed")
                    isFinished = true
                    return
                }
                var next = request
                next.url = absolute
                pending = next
            }

            /// A page or offset parameter's value in this call: the argument, else the default (the
            /// spec's, or the one the server assumes when it is not sent), else `fallback`.
            private func current(_ parameter: String, endpoint: Endpoint, default fallback: Int) -> Int {
                if case let .value(value)? = arguments[parameter], let number = value.int ?? value.string.flatMap({ Int($0) }) { return number }
                let declared = endpoint.parameter(named: parameter)
                return (declared?.defaultValue ?? declared?.serverDefault)?.int ?? fallback
            }

            /// The `rel="next"` target of `Link` headers (RFC 8288): `<https://…?page=2>; rel="next"`.
            static func nextLink(in fields: HTTPFields) -> String? {
                LinkHeader.target(of: "next", in: fields)
            }

            /// `url` resolved against the absolute URL `base` (RFC 3986 §5.2): one with a scheme
            /// (`https:`, `javascript:`) as it is, `//host/path` with the base's scheme, `/path` on
            /// the base's origin, `?query` on the base's path, else beside the base's path, with
            /// `.` and `..` segments removed (§5.2.4).
            static func resolve(_ url: String, against base: String) -> String {
                URLReference.resolve(url, against: base)
            }
        }
    }

    /// The items of a paginated endpoint's pages.
    package struct Items: AsyncSequence, Sendable {
        public typealias Element = JSONValue
        public typealias Failure = CallError
        let pages: Pages

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(pages: pages.makeAsyncIterator(), pagination: nil)
        }

        /// The items of one page after another.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var pages: Pages.AsyncIterator
            var pagination: Pagination?
            var buffered: [JSONValue] = []
            var position = 0
            /// The body of the page the last item came from: the server's text of the item, for
            /// `netspec call --paginate`, which prints an item's integers a `Double` changed with
            /// the digits they had there (at ``itemsPath``, element ``itemIndex``).
            package private(set) var pageBody: [UInt8] = []
            /// That page's body as JSON as reading it parsed it (``Response/document``: `.some(nil)`
            /// when it is not JSON, `nil` when it was not parsed), so that the CLI reads the
            /// digits there without parsing the page again.
            package private(set) var pageDocument: JSONValue?? = nil

            /// The index of the last item among its page's items (0 for a page's first).
            package var itemIndex: Int { position - 1 }

            /// Where a page's items are in its body: at `paginate: { items: }`, else where the
            /// page's result is (the endpoint's key path, then the call's), which is the items as
            /// the server wrote them unless `returns:` reshapes them.
            package var itemsPath: JSONValue.KeyPath {
                let endpoint = try? pages.pages.service.endpoint(named: pages.pages.endpoint)
                if let items = endpoint?.pagination?.items { return items }
                return JSONValue.KeyPath(segments: (endpoint?.keyPath?.segments ?? []) + (pages.pages.options.keyPath?.segments ?? []))
            }

            public mutating func next() async throws(CallError) -> JSONValue? {
                while position == buffered.count {
                    guard var page = try await pages.next() else { return nil }
                    let endpoint = try pages.pages.service.endpoint(named: pages.pages.endpoint)
                    guard let pagination = endpoint.pagination else { throw Service.notPaginated(endpoint) }
                    let document = pagination.items == nil ? nil : Pages.AsyncIterator.body(of: &page)
                    buffered = try pages.items(of: page, pagination: pagination, body: document, endpoint: endpoint)
                    position = 0
                    pageBody = page.body
                    pageDocument = page.document
                }
                defer { position += 1 }
                return buffered[position]
            }
        }
    }
}

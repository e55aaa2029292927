import HTTPTypes

/// A page's request as it is sent, for telling a cycle (``Service/Pages``): two pages are the same
/// request when their method, URL, header fields and body are, since a cursor, page number or
/// offset may go in any of them (a POST search's body, an `X-Cursor` header), not only in the URL.
/// A multipart body counts by its parts: its boundary, drawn afresh for each request, is not part
/// of what the page asks for, and neither is the `Content-Type` that carries it.
struct PageRequest: Hashable {
    let method: HTTPRequest.Method
    let url: String
    /// The header lines, names lowercased, in order.
    let headers: [String]
    let body: Body

    enum Body: Hashable {
        case body(PreparedRequest.Body)
        case parts([PreparedRequest.Multipart.Part])
    }

    init(_ request: PreparedRequest) {
        method = request.method
        url = request.url
        var isMultipart = false
        if case let .multipart(multipart) = request.body {
            isMultipart = true
            body = .parts(multipart.parts)
        } else {
            body = .body(request.body)
        }
        headers = request.headerFields
            .filter { !(isMultipart && $0.name == .contentType) }
            .map { $0.name.canonicalName + ": " + $0.value }
    }
}

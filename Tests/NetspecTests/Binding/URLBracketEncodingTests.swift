import NIOCore
import Testing

import Netspec
import NetspecModel
import NetspecTestServer

/// A URL holds only what RFC 3986 allows in its path and query, so that Foundation (which
/// async-http-client parses the URL with) sends it unchanged: given a `[` or `]`, it escaped the
/// whole query or path once more (`q=a%20b` went as `q=a%2520b`, an `encoded: true` value's `%41`
/// as `%2541`), and --dry-run showed another URL than the one sent. Each case asserts the URL
/// built and the request target the server read, byte for byte.
@Suite struct URLBracketEncodingTests {
    static let openAPI = """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        servers: [{ url: "http://127.0.0.1:9" }]
        paths:
          /search:
            get:
              operationId: search
              parameters:
                - { name: q, in: query, schema: { type: string } }
                - { name: path, in: query, allowReserved: true, schema: { type: string } }
              responses: { "200": { description: ok } }
        """

    static let netspec = """
        netspec: 1
        service: T
        endpoints:
          q:
            GET: /q/{p}
            params:
              p: { type: String, encoded: true }
              a: String?
              b: { type: "String?", encoded: true }
        """

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let yaml: String
        let endpoint: String
        let arguments: [String: String]
        /// Appended to the test server's origin as the call's base URL.
        let basePath: String
        /// The request target expected on the wire.
        let target: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "allowReserved value with brackets", yaml: openAPI, endpoint: "search", arguments: ["q": "a b", "path": "/a[0]"],
             basePath: "", target: "/search?q=a%20b&path=/a%5B0%5D"),
        Case(name: "allowReserved value keeps its escape", yaml: openAPI, endpoint: "search", arguments: ["path": "%41/[b]?c:d"],
             basePath: "", target: "/search?path=%41/%5Bb%5D?c:d"),
        Case(name: "encoded path value with a bracket", yaml: netspec, endpoint: "q", arguments: ["p": "x[%41", "a": "a b"],
             basePath: "", target: "/q/x%5B%41?a=a%20b"),
        Case(name: "encoded query value with brackets", yaml: netspec, endpoint: "q", arguments: ["p": "x", "a": "a b", "b": "c[d]%41"],
             basePath: "", target: "/q/x?a=a%20b&b=c%5Bd%5D%41"),
        Case(name: "base URL query with brackets", yaml: openAPI, endpoint: "search", arguments: ["q": "a b"],
             basePath: "/?x[]=1", target: "/search?x%5B%5D=1&q=a%20b"),
        Case(name: "base URL path with brackets", yaml: netspec, endpoint: "q", arguments: ["p": "x", "a": "a b"],
             basePath: "/v[1]", target: "/v%5B1%5D/q/x?a=a%20b"),
        Case(name: "base URL path with non-ASCII", yaml: openAPI, endpoint: "search", arguments: ["q": "a b"],
             basePath: "/café", target: "/caf%C3%A9/search?q=a%20b"),
        Case(name: "base URL path with a space", yaml: openAPI, endpoint: "search", arguments: ["q": "a b"],
             basePath: "/a b", target: "/a%20b/search?q=a%20b"),
        Case(name: "base URL path with a bar and an escape", yaml: openAPI, endpoint: "search", arguments: ["q": "x"],
             basePath: "/a|b%2F", target: "/a%7Cb%2F/search?q=x"),
    ]

    @Test(arguments: cases)
    func theURLShownIsTheOneSent(_ row: Case) async throws {
        let api = Service(spec: try Spec(yaml: row.yaml, file: "t.yaml"), provider: Provider(options: .init(usesEnvironment: false)))
        let arguments = row.arguments.mapValues { Argument.value(.string($0)) }
        try await withTestServer(TestHandlers.echo) { server in
            let options = CallOptions(baseURL: server.baseURL + row.basePath)
            let shown = try api.prepare(row.endpoint, arguments, options: options).url
            #expect(shown == server.baseURL + row.target)
            let response = try await api.call(row.endpoint, arguments, options: options)
            #expect(try EchoReport(json: response.body).target == row.target)
        }
    }

    /// The mock's proxy passes a client's target on: only what Foundation would refuse is escaped.
    @Test func aForwardedTargetIsEscapedByTheByte() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let forwarded = try await AsyncHTTPClientTransport.shared.forward(
                method: .get, url: server.baseURL + "/a[0]?q=a%20b&r=[1]", headerFields: [:], body: nil, options: TransportOptions()
            )
            var body: [UInt8] = []
            for try await buffer in forwarded.body { body += buffer.readableBytesView }
            #expect(try EchoReport(json: body).target == "/a%5B0%5D?q=a%20b&r=%5B1%5D")
        }
    }

    @Test(arguments: [
        ("http://[::1]:8080/a[0]?b=[1]#c[d]", "http://[::1]:8080/a%5B0%5D?b=%5B1%5D#c%5Bd%5D"),
        ("http://h/a%zz%41%4", "http://h/a%25zz%41%254"),
        ("http://h/a b?c=é", "http://h/a%20b?c=%C3%A9"),
        ("http://h/a?b#c#d", "http://h/a?b#c%23d"),
        ("http://h/\"<>\\^`{|}", "http://h/%22%3C%3E%5C%5E%60%7B%7C%7D"),
        ("http://h/!$&'()*+,;=:@-._~/?q=/?%2F!$&'()*+,;=:@", "http://h/!$&'()*+,;=:@-._~/?q=/?%2F!$&'()*+,;=:@"),
        ("http://h?x=[", "http://h?x=%5B"),
        ("http://user:p@h", "http://user:p@h"),
        ("/relative[0]", "/relative[0]"),
    ])
    func onlyTheBytesAURLCannotHoldAreEscaped(url: String, escaped: String) {
        #expect(PercentEncoding.escapingInvalidURLBytes(url) == escaped)
    }
}

import Testing

import Netspec

/// The headers added when the spec sets none: `Accept` by result kind, `Accept-Encoding` except
/// for raw byte streams, `User-Agent`, and `Content-Length: 0` for a body method without a body.
@Suite struct DefaultHeadersTests {
    @Test(arguments: [
        ("    GET: /x\n", ["Accept: application/json, */*;q=0.5", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0"]),
        ("    GET: /x\n    returns: Void\n", ["Accept: */*", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0"]),
        ("    GET: /x\n    returns: Headers\n", ["Accept: */*", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0"]),
        ("    HEAD: /x\n", ["Accept: */*", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0"]),
        ("    GET: /x\n    returns: \"(id: Int)\"\n", ["Accept: application/json, */*;q=0.5", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0"]),
        ("    GET: /x\n    stream: sse\n", ["Accept: text/event-stream", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0"]),
        ("    GET: /x\n    stream: lines\n", ["Accept: application/x-ndjson, application/json;q=0.9, */*;q=0.5", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0"]),
        ("    GET: /x\n    stream: bytes\n", ["Accept: */*", "User-Agent: netspec/0.1.0"]),
    ])
    func acceptFollowsTheResultKind(endpoint: String, headers: [String]) async throws {
        let actual = try await Binding.golden(endpoint).headers
        #expect(actual == headers)
    }

    @Test(arguments: [
        ("    POST: /x\n", "POST", ["Content-Length: 0"]),
        ("    PUT: /x\n", "PUT", ["Content-Length: 0"]),
        ("    PATCH: /x\n", "PATCH", ["Content-Length: 0"]),
        ("    QUERY: /x\n", "QUERY", ["Content-Length: 0"]),
        ("    DELETE: /x\n", "DELETE", []),
        ("    OPTIONS: /x\n", "OPTIONS", []),
        ("    method: PROPFIND\n    path: /x\n", "PROPFIND", []),
    ])
    func emptyBodyMethodsSayContentLengthZero(endpoint: String, method: String, extra: [String]) async throws {
        let request = try await Binding.golden(endpoint)
        #expect(request == Golden(method, "https://api.example.com/x", headers: Golden.jsonTail + extra))
    }

    @Test func anOmittedWholeBodyIsAnEmptyBody() async throws {
        let request = try await Binding.golden("    PUT: /x\n    params:\n      _: JSON?\n", ["_": nil])
        #expect(request == Golden("PUT", "https://api.example.com/x", headers: Golden.jsonTail + ["Content-Length: 0"]))
    }

    @Test func specHeadersReplaceTheDefaults() async throws {
        let service = "headers:\n  Accept: application/vnd.github+json\n  User-Agent: netspec\n  Accept-Encoding: identity\n"
        let request = try await Binding.golden("    GET: /x\n", service: service)
        #expect(request.headers == ["Accept: application/vnd.github+json", "User-Agent: netspec", "Accept-Encoding: identity"])
    }

    @Test func providerOptionsSetTheUserAgentAndCompression() async throws {
        let provider = Provider(
            baseURL: Binding.baseURL, options: .init(responses: .init(decompresses: false), usesEnvironment: false, userAgent: "acme/2.0")
        )
        let request = try await Binding.golden("    GET: /x\n", provider: provider)
        #expect(request.headers == ["Accept: application/json, */*;q=0.5", "User-Agent: acme/2.0"])
    }

    /// Every way a field the request makes (`Content-Type`, `Content-Length`, the defaults) may
    /// already be there: a header parameter, a dictionary of headers, a call's extra header. The
    /// request's own field is appended without a search only where none of these can set it.
    @Test(arguments: [
        // A header parameter named like a default replaces it where it stood.
        ("      accept: { in: header, name: Accept }\n      a: Int\n", ["accept": "text/csv", "a": 1], [(String, String)](), [
            "Accept: text/csv", "Content-Type: application/json", "Content-Length: 7", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0",
        ]),
        // …and so does a Content-Type one (kept), or a Content-Length one (replaced by the body's length).
        ("      type: { in: header, name: Content-Type }\n      a: Int\n", ["type": "application/merge-patch+json", "a": 1], [], [
            "Content-Type: application/merge-patch+json", "Content-Length: 7",
        ] + Golden.jsonTail),
        ("      length: { in: header, name: Content-Length }\n      a: Int\n", ["length": "99", "a": 1], [], [
            "Content-Length: 7", "Content-Type: application/json",
        ] + Golden.jsonTail),
        // A dictionary of headers may hold any name.
        ("      extra: { in: header, type: \"[String: String]\" }\n      a: Int\n", ["extra": ["User-Agent": "x/1", "Content-Type": "text/json"], "a": 1], [], [
            "User-Agent: x/1", "Content-Type: text/json", "Content-Length: 7", "Accept: application/json, */*;q=0.5", "Accept-Encoding: gzip, deflate",
        ]),
        // A call's extra headers replace the request's own, and keep the defaults out (not
        // Content-Length, which the body makes: FramingHeaders).
        ("      a: Int\n", ["a": 1], [("Content-Type", "text/plain"), ("Accept", "*/*")], [
            "Content-Type: text/plain", "Content-Length: 7", "Accept: */*", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0",
        ]),
    ] as [(String, [String: Argument], [(String, String)], [String])])
    func fieldsTheRequestMakesMayAlreadyBeThere(params: String, arguments: [String: Argument], extra: [(String, String)], headers: [String]) async throws {
        let options = CallOptions(headers: extra.map { (name: $0.0, value: $0.1) })
        let request = try await Binding.golden("    POST: /x\n    params:\n" + params, arguments, options: options)
        #expect(request.headers == headers)
    }

    @Test func headersOfAJSONBodyComeBeforeTheDefaults() async throws {
        let request = try await Binding.golden("    POST: /x\n    params:\n      a: Int\n", ["a": 1])
        #expect(request == Golden("POST", "https://api.example.com/x", headers: [
            "Content-Type: application/json", "Content-Length: 7",
        ] + Golden.jsonTail, body: #"{"a":1}"#))
    }
}

import Testing

import Netspec

/// Rules 2–5 by method: parameters go to the query for methods without a body and to body fields
/// for methods with one; an explicit `in: body` gives any method a body; the encoding is the
/// endpoint's, else the service's, else JSON.
@Suite struct MethodRuleTests {
    @Test(arguments: [
        ("GET", "https://api.example.com/x?q=a%20b", ""),
        ("HEAD", "https://api.example.com/x?q=a%20b", ""),
        ("DELETE", "https://api.example.com/x?q=a%20b", ""),
        ("OPTIONS", "https://api.example.com/x?q=a%20b", ""),
        ("TRACE", "https://api.example.com/x?q=a%20b", ""),
        ("CONNECT", "https://api.example.com/x?q=a%20b", ""),
        ("POST", "https://api.example.com/x", #"{"q":"a b"}"#),
        ("PUT", "https://api.example.com/x", #"{"q":"a b"}"#),
        ("PATCH", "https://api.example.com/x", #"{"q":"a b"}"#),
        ("QUERY", "https://api.example.com/x", #"{"q":"a b"}"#),
    ])
    func parametersGoToTheQueryOrTheBodyByMethod(method: String, url: String, body: String) async throws {
        let request = try await Binding.golden("    \(method): /x\n    params:\n      q: String\n", ["q": "a b"])
        #expect(request.method == method)
        #expect(request.url == url)
        #expect(request.body == body)
    }

    @Test func otherMethodsTakeTheirParametersInTheBody() async throws {
        let request = try await Binding.golden("    method: PROPFIND\n    path: /dav\n    params:\n      depth: { in: header, name: Depth }\n      _: { in: body, type: String, mimeType: application/xml }\n",
                                               ["depth": "1", "_": "<propfind/>"])
        #expect(request == Golden("PROPFIND", "https://api.example.com/dav", headers: [
            "Depth: 1", "Content-Type: application/xml", "Content-Length: 11",
        ] + Golden.jsonTail, body: "<propfind/>"))
    }

    @Test func anExplicitBodyOnGET() async throws {
        let request = try await Binding.golden("    GET: /search\n    params:\n      _: { in: body, type: JSON }\n      page: Int\n", ["_": ["q": "x"], "page": 2])
        #expect(request == Golden("GET", "https://api.example.com/search?page=2", headers: [
            "Content-Type: application/json", "Content-Length: 9",
        ] + Golden.jsonTail, body: #"{"q":"x"}"#))
    }

    @Test(arguments: [
        ("", "", "application/json", #"{"a":"1 2"}"#),
        ("encoding: form\n", "", "application/x-www-form-urlencoded", "a=1+2"),
        ("", "    encoding: form\n", "application/x-www-form-urlencoded", "a=1+2"),
        ("encoding: form\n", "    encoding: json\n", "application/json", #"{"a":"1 2"}"#),
        ("encoding: multipart\n", "    encoding: form\n", "application/x-www-form-urlencoded", "a=1+2"),
    ])
    func theEncodingIsTheEndpointsThenTheServicesThenJSON(service: String, endpoint: String, type: String, body: String) async throws {
        let request = try await Binding.golden("    POST: /x\n" + endpoint + "    params:\n      a: String\n", service: service, ["a": "1 2"])
        #expect(request.headers.first == "Content-Type: " + type)
        #expect(request.body == body)
    }

    @Test func aPartParameterMakesTheBodyMultipart() async throws {
        let request = try await Binding.golden("    POST: /x\n    params:\n      a: String\n      b: { in: part }\n", ["a": "1", "b": "2"])
        #expect(request.headers.first == "Content-Type: multipart/form-data; boundary=BOUNDARY")
        #expect(request.body == MultipartBindingTests.part(#"name="a""#, "1") + MultipartBindingTests.part(#"name="b""#, "2") + MultipartBindingTests.end)
    }
}

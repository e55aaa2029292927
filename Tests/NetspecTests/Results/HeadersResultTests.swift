import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
import NetspecModel

/// A `Headers` result read from a server on 127.0.0.1: one key per name whatever its case
/// (RFC 9110 §5.1), repeated fields joined with `, ` (§5.3), and `Set-Cookie` an array of its
/// lines, which cannot be joined; and what a key path is told when the result has nothing to read.
@Suite struct HeadersResultTests {
    static let spec = "netspec: 1\nservice: H\nendpoints:\n  head: { GET: /h, returns: Headers }\n"

    /// The server's fields after `Content-Type`, in order.
    static func answer(_ fields: [(String, String)]) -> TestHandler {
        TestHandlers.json(body: #"{"a":1}"#, headers: fields)
    }

    @Test(arguments: [
        // Two spellings of one name are one key, the first spelling; Set-Cookie lines stay apart.
        ([("Vary", "Accept"), ("vary", "Origin"), ("Set-Cookie", "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT"), ("Set-Cookie", "b=2")],
         #"{"Content-Type":"application/json","Vary":"Accept, Origin","Set-Cookie":["a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT","b=2"],"Content-Length":"7"}"#),
        // One Set-Cookie line is an array too, whatever its spelling: the shape does not depend on the count.
        ([("set-cookie", "s=1"), ("X-A", "1"), ("x-a", "2"), ("X-A", "3")],
         #"{"Content-Type":"application/json","set-cookie":["s=1"],"X-A":"1, 2, 3","Content-Length":"7"}"#),
        // Fields sent once are as they were.
        ([("ETag", #"W/"7""#)], #"{"Content-Type":"application/json","ETag":"W/\"7\"","Content-Length":"7"}"#),
    ] as [([(String, String)], String)])
    func fieldsOfOneNameAreOneKey(fields: [(String, String)], expected: String) async throws {
        try await withTestServer(Self.answer(fields)) { server in
            let response = try await makeService(Self.spec, server: server).call("head")
            #expect("\(response.value)" == expected)
        }
    }

    @Test(arguments: [
        ("Vary", #""Accept, Origin""#),
        ("vary", #""Accept, Origin""#),
        ("SET-COOKIE", #"["a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT","b=2"]"#),
        ("set-cookie.1", #""b=2""#),
    ])
    func aKeyPathReadsTheMergedField(keyPath: String, expected: String) async throws {
        let fields = [("Vary", "Accept"), ("vary", "Origin"), ("Set-Cookie", "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT"), ("Set-Cookie", "b=2")]
        try await withTestServer(Self.answer(fields)) { server in
            let options = CallOptions(keyPath: JSONValue.KeyPath(keyPath))
            let response = try await makeService(Self.spec, server: server).call("head", options: options)
            #expect("\(response.value)" == expected)
        }
    }

    /// A call's key path on a result with nothing to read in: the message names the key path, and
    /// a `Void` endpoint is said to return nothing, whatever its body held.
    @Test(arguments: [
        (ReturnType.void, JSONValue.null, "endpoint 'e': the endpoint returns nothing (returns: Void), so key path 'a' has nothing to read"),
        (ReturnType.value(.json), JSONValue.string("x"), "endpoint 'e': key path 'a' reads in an object or array, but the result is a String"),
        (ReturnType.value(.json), JSONValue.int(3), "endpoint 'e': key path 'a' reads in an object or array, but the result is an Int"),
        (ReturnType.value(.json), JSONValue.null, "endpoint 'e': key path 'a' reads in an object or array, but the result is null"),
        // Below the root the failing prefix is named, as before.
        (ReturnType.value(.json), (["a": "x"] as JSONValue), "endpoint 'e': a: expected object or array, found String"),
    ] as [(ReturnType, JSONValue, String)])
    func aKeyPathWithNothingToReadSaysWhy(returnType: ReturnType, value: JSONValue, message: String) throws {
        let keyPath = try #require(JSONValue.KeyPath(value["a"] != nil ? "a.b" : "a"))
        let error = #expect(throws: CallError.ResultDecodingError.self) {
            try ResultShaper(endpoint: "e").select(value, keyPath: keyPath, returnType: returnType)
        }
        #expect(error?.description == message)
    }

    /// No key path: every result is as it was.
    @Test func withoutAKeyPathTheResultIsWhole() throws {
        #expect(try ResultShaper(endpoint: "e").select(.null, keyPath: nil, returnType: .void) == .null)
        #expect(try ResultShaper(endpoint: "e").select(["Vary": "a"] as JSONValue, keyPath: JSONValue.KeyPath("vary"), returnType: .headers) == "a")
    }
}

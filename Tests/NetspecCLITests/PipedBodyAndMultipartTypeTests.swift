import Foundation
import Testing

/// Piped standard input for a body of fields, a caller's `Content-Type` over a multipart body, and
/// a misspelt name given twice, from the command line (docs/cli.md, `netspec call`).
@Suite struct PipedBodyAndMultipartTypeTests {
    static let tail = "Accept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n"

    static let openAPI = """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        servers: [{ url: "https://example.com" }]
        paths:
          /form:
            post:
              operationId: form
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      properties:
                        name: { type: string }
                        tags: { type: array, items: { type: string } }
              responses: { "200": { description: ok } }
          /mp:
            post:
              operationId: mp
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        name: { type: string }
                        file: { type: string, format: binary }
              responses: { "200": { description: ok } }
          /q:
            get:
              operationId: query
              parameters:
                - { name: fe, in: query, schema: { type: array, items: { type: string } } }
                - { name: s, in: query, schema: { type: string } }
              responses: { "200": { description: ok } }
        """ + "\n"

    static let netspec = """
        netspec: 1
        service: T
        baseURL: https://example.com
        endpoints:
          form:
            POST: /f
            encoding: form
            params:
              name: String?
              tags: { type: "[String]?", format: brackets }
          mp:
            POST: /mp
            encoding: multipart
            params:
              name: String?
              blob: Data?
        """ + "\n"

    static let swagger = """
        swagger: "2.0"
        info: { title: t, version: "1" }
        host: example.com
        schemes: [https]
        paths:
          /form:
            post:
              operationId: form
              consumes: [application/x-www-form-urlencoded]
              parameters:
                - { name: a, in: formData, type: string }
                - { name: m, in: formData, type: array, items: { type: string }, collectionFormat: multi }
              responses: { "200": { description: ok } }
          /up:
            post:
              operationId: upload
              consumes: [multipart/form-data]
              parameters:
                - { name: a, in: formData, type: string }
                - { name: file, in: formData, type: file }
              responses: { "200": { description: ok } }
        """ + "\n"

    static func documents() throws -> [String: String] {
        [
            "openapi": try CLI.temporarySpec(openAPI, name: "bodies.yaml"),
            "netspec": try CLI.temporarySpec(netspec, name: "ns.yaml"),
            "swagger": try CLI.temporarySpec(swagger, name: "sw.yaml"),
        ]
    }

    // MARK: - Piped JSON into a form body

    /// JSON piped into a form body of fields is the whole body, as `_:=` is (an empty body went
    /// out, exit 0: only a JSON body of fields read standard input).
    @Test(arguments: [
        ("openapi", "form", #"{"name":"x","tags":["a","b"]}"#, [String](), "POST https://example.com/form HTTP/1.1", "name=x&tags=a&tags=b"),
        ("openapi", "form", #"{"name":"x","tags":["a"]}"#, ["name=y"], "POST https://example.com/form HTTP/1.1", "name=y&tags=a"),
        ("netspec", "form", #"{"name":"x","tags":["a","b"]}"#, [], "POST https://example.com/f HTTP/1.1", "name=x&tags%5B%5D=a&tags%5B%5D=b"),
        ("swagger", "form", #"{"a":"x y","m":["1","2"]}"#, [], "POST https://example.com/form HTTP/1.1", "a=x+y&m=1&m=2"),
    ])
    func pipedJSONIsTheWholeFormBody(kind: String, operation: String, stdin: String, items: [String], requestLine: String, body: String) async throws {
        let document = try #require(try Self.documents()[kind])
        let result = try await CLI.run(["call", document, operation] + items + ["--dry-run"], stdin: Array(stdin.utf8))
        #expect(result.stdout == requestLine + "\nContent-Type: application/x-www-form-urlencoded\nContent-Length: \(body.utf8.count)\n"
            + Self.tail + "\n" + body + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        // `_:=` says the same.
        let item = try await CLI.run(["call", document, operation, "_:=" + stdin] + items + ["--dry-run"])
        #expect(item.stdout == result.stdout)
    }

    /// Stripe's `PostCustomers` (a form body) with the customer piped in.
    @Test func pipedJSONIsStripesFormBody() async throws {
        let stripe = try await StripeFormCommandTests.document.value
        let json = #"{"email":"a@b.c","description":"piped"}"#
        let piped = try await CLI.run(["call", stripe, "PostCustomers"] + StripeFormCommandTests.credentials + ["--dry-run"], stdin: Array(json.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasSuffix("\nContent-Length: 31\n" + Self.tail + "Authorization: <redacted>\n\ndescription=piped&email=a%40b.c\n"), "\(piped.stdout)")
        let item = try await CLI.run(["call", stripe, "PostCustomers", "_:=" + json] + StripeFormCommandTests.credentials + ["--dry-run"])
        #expect(item.stdout == piped.stdout)
    }

    /// A multipart body is given part by part: piped input is refused rather than dropped
    /// (`--ignore-stdin` leaves it unread; an empty standard input is no input).
    @Test(arguments: [
        ("openapi", "mp", "name, file"),
        ("netspec", "mp", "name, blob"),
        ("swagger", "upload", "a, file"),
    ])
    func pipedInputIsRefusedForAMultipartBody(kind: String, operation: String, parts: String) async throws {
        let document = try #require(try Self.documents()[kind])
        let result = try await CLI.run(["call", document, operation, "--dry-run"], stdin: Array(#"{"name":"x"}"#.utf8))
        #expect(result.stderr == "error: endpoint '\(operation)': standard input is piped in, but a multipart/form-data body is not taken whole:"
            + " give its parts as items (NAME=VALUE, NAME@FILE for a file; its parts: \(parts)), or pass --ignore-stdin to leave standard input unread\n")
        #expect(result.stdout == "")
        #expect(result.status == 64)
        let ignored = try await CLI.run(["call", document, operation, "--dry-run", "--ignore-stdin"], stdin: Array(#"{"name":"x"}"#.utf8))
        #expect(ignored.stderr == "")
        #expect(ignored.status == 0)
        let empty = try await CLI.run(["call", document, operation, "--dry-run"])
        #expect(empty.stderr == "")
        #expect(empty.status == 0)
    }

    // MARK: - A caller's Content-Type over a multipart body

    /// A `multipart/…` `Content-Type` the call sets keeps the boundary the parts are delimited by
    /// (it went out without one, or with the caller's over Netspec's delimiters); one naming
    /// another boundary, or a type that is not multipart, is refused.
    @Test(arguments: [
        ("openapi", ["Content-Type:multipart/form-data"], "Content-Type: multipart/form-data; boundary=B", ""),
        ("openapi", ["Content-Type: multipart/form-data; charset=utf-8;"], "Content-Type: multipart/form-data; charset=utf-8; boundary=B", ""),
        ("netspec", ["-H", "Content-Type: multipart/form-data"], "Content-Type: multipart/form-data; boundary=B", ""),
        ("netspec", ["-H", "content-type: multipart/mixed"], "content-type: multipart/mixed; boundary=B", ""),
        ("netspec", ["-H", "Content-Type: multipart/form-data; boundary=abc"], nil,
         "error: endpoint 'mp': Content-Type 'multipart/form-data; boundary=abc': the boundary 'abc' is not the one the parts are delimited by; leave boundary= out, and Netspec adds the body's own\n"),
        ("openapi", ["Content-Type:multipart/form-data; boundary=\"a b\"", "--no-validate"], nil,
         "error: endpoint 'mp': Content-Type 'multipart/form-data; boundary=\"a b\"': the boundary 'a b' is not the one the parts are delimited by; leave boundary= out, and Netspec adds the body's own\n"),
        ("openapi", ["Content-Type:application/json"], nil,
         "error: endpoint 'mp': Content-Type 'application/json': the body is written as multipart/form-data parts, so it goes as a multipart type; send it anyway with --no-validate (CallOptions(requestValidation: .off))\n"),
        ("openapi", ["Content-Type:multipart/mixed"], nil,
         "error: endpoint 'mp': Content-Type 'multipart/mixed' is not one the operation accepts (multipart/form-data); send it anyway with --no-validate (CallOptions(requestValidation: .off))\n"),
        ("openapi", ["Content-Type:text/plain", "--no-validate"], "Content-Type: text/plain", ""),
    ] as [(String, [String], String?, String)])
    func aCallersMultipartTypeKeepsTheBoundary(kind: String, options: [String], contentType: String?, error: String) async throws {
        // `contentType`: the header line, its name as the call wrote it.
        let document = try #require(try Self.documents()[kind])
        let result = try await CLI.run(["call", document, "mp", "name=x"] + options + ["--dry-run"])
        #expect(result.stderr == error)
        guard let contentType else {
            #expect(result.stdout == "")
            #expect(result.status == 64)
            return
        }
        #expect(result.status == 0)
        let boundary = try #require(result.stdout.firstMatch(of: /\n--(netspec-[A-Za-z0-9]{32})\n/)?.1)
        #expect(result.stdout.replacing(boundary, with: "B") == """
            POST https://example.com/mp HTTP/1.1
            \(contentType)
            Content-Length: 140
            \(Self.tail)
            --B
            Content-Disposition: form-data; name="name"

            x
            --B--

            """)
    }

    // MARK: - A misspelt name given twice

    /// A name no parameter has is unknown however often it is given (twice, it was "given 2
    /// times, but it is not an array (JSON)").
    @Test(arguments: [
        ["fee=a", "fee=b"], ["fee=a"], ["fee=a", "fee=b", "fee:=1"], ["fee=a", "fee=b", "--no-validate"],
    ])
    func anUnknownNameGivenTwiceIsUnknown(items: [String]) async throws {
        let document = try Self.documents()["openapi"]!
        let result = try await CLI.run(["call", document, "query"] + items + ["--dry-run"])
        #expect(result.stderr == "error: endpoint 'query': parameter 'fee': unknown argument (did you mean 'fe'?)\n")
        #expect(result.stdout == "")
        #expect(result.status == 64)
    }

    /// `_` is the whole body, one value: given twice, it says so.
    @Test func theWholeBodyGivenTwiceIsOneValue() async throws {
        let document = try Self.documents()["openapi"]!
        let result = try await CLI.run(["call", document, "form", "_:={}", "_:={}", "--dry-run"])
        #expect(result.stderr == "error: endpoint 'form': parameter '_': given 2 times, but it is not an array (JSON)\n")
        #expect(result.status == 64)
    }
}

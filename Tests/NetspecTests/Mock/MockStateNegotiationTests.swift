import Foundation
import NetspecMock
import Testing

import Netspec
import NetspecTestSupport

/// A stateful mock answers in the media type the document declares, chosen by `Accept` as any
/// mock answer is (406 when none is acceptable, before anything is stored); a body is judged by
/// its `Content-Type`, not its shape; a patch that removes a required member, or a JSON Patch
/// that breaks RFC 6901/6902's rules, is a 422 and changes nothing; a path template with a
/// literal `%` is routed; and the mock's own 415, 406 and 413 carry `Netspec-Mock-Answer`.
@Suite struct MockStateNegotiationTests {
    /// A tester's books document (X-API-Key security left out): getBook in JSON and XML,
    /// patchBook taking a merge patch object or a JSON Patch array.
    static let books = """
        openapi: 3.0.3
        info: {title: Books, version: "1"}
        components:
          schemas:
            Book:
              type: object
              required: [title]
              properties:
                id: {type: integer, readOnly: true}
                title: {type: string, minLength: 1}
                year: {type: integer}
                tags: {type: array, items: {type: string}}
        paths:
          /books:
            get:
              operationId: listBooks
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Book'}}
            post:
              operationId: createBook
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Book'}
              responses:
                "201":
                  description: created
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Book'}
          /books/{bookId}:
            parameters:
              - {name: bookId, in: path, required: true, schema: {type: integer}}
            get:
              operationId: getBook
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Book'}
                    application/xml:
                      schema: {$ref: '#/components/schemas/Book'}
                "404": {description: nf}
            patch:
              operationId: patchBook
              requestBody:
                required: true
                content:
                  application/merge-patch+json:
                    schema: {type: object}
                  application/json-patch+json:
                    schema: {type: array}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Book'}
          /x%y:
            get:
              operationId: pct
              responses:
                "200": {description: ok, content: {application/json: {example: "pct"}}}
        """

    /// Only `application/vnd.api+json`, for requests and answers.
    static let notes = """
        openapi: 3.1.0
        info: {title: Notes, version: "1"}
        paths:
          /notes:
            get:
              operationId: listNotes
              responses:
                "200":
                  description: ok
                  content:
                    application/vnd.api+json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Note'}}
            post:
              operationId: createNote
              requestBody:
                required: true
                content:
                  application/vnd.api+json:
                    schema: {$ref: '#/components/schemas/Note'}
              responses:
                "201":
                  description: created
                  content:
                    application/vnd.api+json:
                      schema: {$ref: '#/components/schemas/Note'}
          /notes/{noteId}:
            parameters:
              - {name: noteId, in: path, required: true, schema: {type: string}}
            get:
              operationId: getNote
              responses:
                "200":
                  description: ok
                  content:
                    application/vnd.api+json:
                      schema: {$ref: '#/components/schemas/Note'}
                "404": {description: nf}
        components:
          schemas:
            Note:
              type: object
              required: [text]
              properties:
                id: {type: string}
                text: {type: string}
        """

    /// One answer: status, the headers the test reads, the body as text.
    struct Answer: Equatable, CustomStringConvertible {
        var status: Int
        var contentType: String?
        var marker: String?
        var body: String

        var description: String { "\(status) \(contentType ?? "-") \(marker ?? "-") \(body)" }
    }

    static func send(_ method: String, _ url: String, _ body: String? = nil, type: String? = nil, headers: [String] = []) async throws -> Answer {
        // `-I` for HEAD: `-X HEAD` waits for the body the Content-Length announces.
        var arguments = (method == "HEAD" ? ["-s", "-I", url] : ["-s", "-i", "-X", method, url]) + headers.flatMap { ["-H", $0] }
        if let type { arguments += ["-H", "Content-Type: \(type)"] }
        if let body { arguments += ["--data-binary", body] }
        let result = try await ChildProcess.curl(arguments)
        try #require(result.status == 0, "curl failed: \(result.stderr)")
        let parts = result.stdout.components(separatedBy: "\r\n\r\n")
        let head = parts[0].components(separatedBy: "\r\n")
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        return Answer(status: status, contentType: fields["content-type"], marker: fields["netspec-mock-answer"], body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    static func withMock(_ yaml: String, stateful: Bool = true, maxBodySize: Int = 16 * 1024 * 1024, _ body: (String) async throws -> Void) async throws {
        let spec = try Spec(yaml: yaml, file: "mock.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, maxBodySize: maxBodySize, stateful: stateful)) { base, _ in try await body(base) }
    }

    // MARK: - Content-Type and Accept (item 2)

    @Test func aStatefulAnswerIsInTheDeclaredMediaType() async throws {
        try await Self.withMock(Self.notes) { base in
            let created = try await Self.send("POST", base + "/notes", #"{"text":"hi"}"#, type: "application/vnd.api+json")
            #expect(created == Answer(status: 201, contentType: "application/vnd.api+json", marker: "state", body: #"{"text":"hi","id":"1"}"#))
            let read = try await Self.send("GET", base + "/notes/1")
            #expect(read == Answer(status: 200, contentType: "application/vnd.api+json", marker: "state", body: #"{"text":"hi","id":"1"}"#))
            let list = try await Self.send("GET", base + "/notes", headers: ["Accept: application/vnd.api+json"])
            #expect(list == Answer(status: 200, contentType: "application/vnd.api+json", marker: "state", body: #"[{"text":"hi","id":"1"}]"#))
            let head = try await Self.send("HEAD", base + "/notes/1")
            #expect(head.contentType == "application/vnd.api+json")
        }
    }

    @Test func aStatefulAnswerIsNegotiatedAsAStatelessOneIs() async throws {
        try await Self.withMock(Self.books) { base in
            let created = try await Self.send("POST", base + "/books", #"{"title":"Dune","year":1965}"#, type: "application/json")
            let id = try #require(try JSONValue(parsing: created.body).object?["id"]?.int)
            let xml = try await Self.send("GET", base + "/books/\(id)", headers: ["Accept: application/xml"])
            #expect(xml == Answer(
                status: 200, contentType: "application/xml", marker: "state",
                body: #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<Book><title>Dune</title><year>1965</year><id>\(id)</id></Book>"
            ))
            let preferred = try await Self.send("GET", base + "/books/\(id)", headers: ["Accept: application/xml;q=0.5, application/json"])
            #expect(preferred == Answer(status: 200, contentType: "application/json", marker: "state", body: #"{"title":"Dune","year":1965,"id":\#(id)}"#))
            let html = try await Self.send("GET", base + "/books/\(id)", headers: ["Accept: text/html"])
            #expect(html == Answer(
                status: 406, contentType: "application/problem+json", marker: "invalid-request",
                body: #"{"type":"about:blank","title":"Not Acceptable","status":406,"detail":"endpoint 'getBook' answers application/json, application/xml, which the request's Accept does not take","endpoint":"getBook"}"#
            ))
            let list = try await Self.send("GET", base + "/books", headers: ["Accept: application/xml"])
            #expect(list == Answer(
                status: 406, contentType: "application/problem+json", marker: "invalid-request",
                body: #"{"type":"about:blank","title":"Not Acceptable","status":406,"detail":"endpoint 'listBooks' answers application/json, which the request's Accept does not take","endpoint":"listBooks"}"#
            ))
            // Refused before anything is stored.
            let refused = try await Self.send("POST", base + "/books", #"{"title":"Emma"}"#, type: "application/json", headers: ["Accept: text/html"])
            #expect(refused.status == 406)
            let after = try await Self.send("GET", base + "/books")
            #expect(after.body == #"[{"title":"Dune","year":1965,"id":\#(id)}]"#)
        }
    }

    // MARK: - A body judged by its Content-Type (item 3)

    @Test(arguments: [
        (#"[{"op":"replace","path":"/title","value":"viaMP"}]"#, "the body must be an object"),
        ("[1]", "the body must be an object"),
    ])
    func anArraySentAsAMergePatchIsNoJSONPatch(body: String, message: String) async throws {
        try await Self.withMock(Self.books) { base in
            _ = try await Self.send("POST", base + "/books", #"{"title":"Dune"}"#, type: "application/json")
            let answer = try await Self.send("PATCH", base + "/books/1", body, type: "application/merge-patch+json")
            #expect(answer == Answer(
                status: 422, contentType: "application/problem+json", marker: "invalid-request",
                body: #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"1 problem with the request for 'patchBook'","endpoint":"patchBook","errors":[{"location":"body","message":"\#(message) (schema at mock.yaml:56:22)"}]}"#
            ))
            // As a JSON Patch, the same array is one.
            let patched = try await Self.send("PATCH", base + "/books/1", #"[{"op":"replace","path":"/title","value":"viaJP"}]"#, type: "application/json-patch+json")
            #expect(patched.body == #"{"title":"viaJP","id":1}"#)
        }
    }

    // MARK: - Patches that cannot be applied (items 6, 7, 8)

    @Test(arguments: [
        (#"[{"op":"remove","path":"/title"}]"#, "application/json-patch+json", "the patched item does not fit the schema: /title was removed, which the schema requires"),
        (#"{"title":null}"#, "application/merge-patch+json", "the patched item does not fit the schema: /title was removed, which the schema requires"),
        (#"[{"op":"add","path":"/tags/+1","value":"y"}]"#, "application/json-patch+json", "the JSON Patch cannot be applied: operation /0: '+1' is not an index of the array"),
        (#"[{"op":"replace","path":"/tags/00","value":"y"}]"#, "application/json-patch+json", "the JSON Patch cannot be applied: operation /0: /tags/00 does not exist"),
        (#"[{"op":"add","path":"/tags/01","value":"y"}]"#, "application/json-patch+json", "the JSON Patch cannot be applied: operation /0: '01' is not an index of the array"),
        (#"[{"op":"test","path":"/tags/-0","value":"x"}]"#, "application/json-patch+json", "the JSON Patch cannot be applied: operation /0: test failed, /tags/-0 is not \"x\""),
        (
            #"[{"op":"move","from":"/tags","path":"/tags/0"}]"#, "application/json-patch+json",
            "the JSON Patch cannot be applied: operation /0: 'from' /tags is a proper prefix of 'path' /tags/0: a value cannot be moved into itself (RFC 6902 §4.4)"
        ),
    ])
    func aPatchThatCannotBeAppliedChangesNothing(body: String, type: String, detail: String) async throws {
        try await Self.withMock(Self.books) { base in
            let stored = #"{"title":"Dune","year":1999,"tags":["x","z"],"id":1}"#
            _ = try await Self.send("POST", base + "/books", #"{"title":"Dune","year":1999,"tags":["x","z"]}"#, type: "application/json")
            let answer = try await Self.send("PATCH", base + "/books/1", body, type: type)
            #expect(answer.status == 422)
            #expect(try JSONValue(parsing: answer.body).object?["detail"] == .string(detail))
            #expect(answer.marker == "invalid-request")
            let after = try await Self.send("GET", base + "/books/1")
            #expect(after.body == stored)
        }
    }

    @Test func validIndexesAndAMoveBesideItselfStillApply() async throws {
        try await Self.withMock(Self.books) { base in
            _ = try await Self.send("POST", base + "/books", #"{"title":"Dune","tags":["a","b","c","d","e","f","g","h","i","j","k"]}"#, type: "application/json")
            let patch = #"[{"op":"replace","path":"/tags/0","value":"A"},{"op":"remove","path":"/tags/10"},{"op":"move","from":"/tags","path":"/tagz"},{"op":"copy","from":"/tagz/1","path":"/title"}]"#
            let answer = try await Self.send("PATCH", base + "/books/1", patch, type: "application/json-patch+json")
            #expect(answer.body == #"{"title":"b","id":1,"tagz":["A","b","c","d","e","f","g","h","i","j"]}"#)
        }
    }

    // MARK: - A literal % in a path template (item 10)

    @Test(arguments: ["/x%25y", "/x%25%79"]) func aLiteralPercentInATemplateIsRouted(path: String) async throws {
        try await Self.withMock(Self.books, stateful: false) { base in
            let answer = try await Self.send("GET", base + path)
            #expect(answer == Answer(status: 200, contentType: "application/json", marker: "example", body: #""pct""#))
        }
    }

    // MARK: - The mock's own 415, 406 and 413 are marked (item 11)

    @Test func theMocksOwnRefusalsAreMarked() async throws {
        try await Self.withMock(Self.notes, stateful: false, maxBodySize: 64) { base in
            let unsupported = try await Self.send("POST", base + "/notes", #"{"text":"hi"}"#, type: "text/plain")
            #expect(unsupported.status == 415)
            #expect(unsupported.marker == "invalid-request")
            let notAcceptable = try await Self.send("GET", base + "/notes", headers: ["Accept: text/html"])
            #expect(notAcceptable.status == 406)
            #expect(notAcceptable.marker == "invalid-request")
            let tooLarge = try await Self.send("POST", base + "/notes", #"{"text":"\#(String(repeating: "a", count: 100))"}"#, type: "application/vnd.api+json")
            #expect(tooLarge.status == 413)
            #expect(tooLarge.marker == "invalid-request")
        }
    }
}

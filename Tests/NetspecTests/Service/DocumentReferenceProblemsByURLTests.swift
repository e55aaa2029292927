import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// A document loaded by URL and the documents its `$ref`s name: it may name itself; after a
/// redirect its references resolve against the URL it came from; a document that cannot be
/// loaded is an error at each `$ref` to it saying why; a JSON document is JSON only.
@Suite struct DocumentReferenceProblemsByURLTests {
    static func yaml(_ text: String, type: String = "application/yaml", seen: Recorder<String>? = nil, as name: String = "") -> TestHandler {
        { _, writer in
            seen?.record(name)
            try await writer.respond(status: 200, headers: [("Content-Type", type)], body: text)
        }
    }

    static func redirect(to location: String) -> TestHandler {
        { _, writer in try await writer.respond(status: 302, headers: [("Location", location)], body: "") }
    }

    static let provider = Provider(options: .init(usesEnvironment: false))

    /// A file the document refers to may refer back to it (`../api.yaml#/…`), and the document
    /// to itself (`./api.yaml#/…`): it is the document already fetched, not fetched again.
    @Test func aDocumentAndItsFilesMayReferToIt() async throws {
        let seen = Recorder<String>()
        let routes = TestHandlers.router([
            "GET /r9/api.yaml": Self.yaml("""
                openapi: 3.0.3
                info: { title: R, version: "1" }
                paths:
                  /a:
                    post:
                      operationId: postA
                      parameters: [{ $ref: './api.yaml#/components/parameters/Limit' }]
                      requestBody:
                        content:
                          application/json:
                            schema: { $ref: 'sub/pet.yaml' }
                      responses: { "200": { description: ok } }
                components:
                  parameters:
                    Limit: { name: limit, in: query, schema: { type: integer } }
                  schemas:
                    Name: { type: string, maxLength: 3 }
                """, seen: seen, as: "api"),
            "GET /r9/sub/pet.yaml": Self.yaml("type: object\nproperties:\n  name: { $ref: '../api.yaml#/components/schemas/Name' }\n", seen: seen, as: "pet"),
        ])
        try await withTestServer(routes) { server in
            let url = server.baseURL + "/r9/api.yaml"
            let spec = try await Spec.load(url: url, provider: Self.provider)
            #expect(spec.warnings.map(\.description) == [])
            #expect(spec.endpoint(named: "postA")?.parameters.map(\.name) == ["limit", "name"])
            #expect(seen.all == ["api", "pet"])
            let api = Service(spec: spec, provider: Self.provider)
            let error = #expect(throws: CallError.self) { try api.prepare("postA", ["name": "abcd"]) }
            #expect(error?.description == "endpoint 'postA': parameter 'name': must be at most 3 characters long, got \"abcd\" (schema at \(url):17:27)")
        }
    }

    /// RFC 3986 §5.1.3: the base of a document that came after redirects is the last URL; its
    /// relative references (and theirs), its relative server and every message use it.
    @Test func afterARedirectReferencesResolveAgainstTheURLTheDocumentCameFrom() async throws {
        let seen = Recorder<String>()
        let routes = TestHandlers.router([
            "GET /latest.yaml": Self.redirect(to: "/v1/api.yaml"),
            "GET /v1/api.yaml": Self.yaml("""
                openapi: 3.0.3
                info: { title: R, version: "1" }
                servers: [{ url: api }]
                paths:
                  /a:
                    post:
                      operationId: postA
                      parameters: [{ $ref: 'moved.yaml#/Limit' }]
                      requestBody:
                        content:
                          application/json:
                            schema: { $ref: 'sub/schemas.yaml#/Thing' }
                      responses: { "200": { description: ok } }
                """, seen: seen, as: "/v1/api.yaml"),
            "GET /v1/sub/schemas.yaml": Self.yaml("Thing: { type: object, properties: { name: { type: string, minLength: 2 } } }\n", seen: seen, as: "/v1/sub/schemas.yaml"),
            "GET /v1/moved.yaml": Self.redirect(to: "/v2/limits.yaml"),
            "GET /v2/limits.yaml": Self.yaml("Limit: { $ref: 'inner.yaml#/Limit' }\n", seen: seen, as: "/v2/limits.yaml"),
            "GET /v2/inner.yaml": Self.yaml("Limit: { name: limit, in: query, schema: { type: integer, maximum: 5 } }\n", seen: seen, as: "/v2/inner.yaml"),
        ])
        try await withTestServer(routes) { server in
            let spec = try await Spec.load(url: server.baseURL + "/latest.yaml", provider: Self.provider)
            #expect(spec.file == server.baseURL + "/v1/api.yaml")
            #expect(spec.baseURL?.text == server.baseURL + "/v1/api")
            #expect(spec.endpoint(named: "postA")?.parameters.map(\.name) == ["limit", "name"])
            #expect(seen.all == ["/v1/api.yaml", "/v1/sub/schemas.yaml", "/v2/limits.yaml", "/v2/inner.yaml"])
            let api = Service(spec: spec, provider: Self.provider)
            let error = #expect(throws: CallError.self) { try api.prepare("postA", ["limit": 9, "name": "x"]) }
            #expect(error?.description == """
                endpoint 'postA': 2 problems with the arguments:
                  parameter 'name': must be at least 2 characters long, got "x" (schema at \(server.baseURL)/v1/sub/schemas.yaml:1:60)
                  parameter 'limit': must be at most 5, got 9 (schema at \(server.baseURL)/v2/inner.yaml:1:59)
                """)
        }
    }

    /// Each document that cannot be loaded is an error at each `$ref` to it, with why: the HTTP
    /// status, an HTML page, its own problem at its place (a `.json` one read as JSON only).
    @Test func aReferenceThatCannotBeLoadedSaysWhy() async throws {
        let routes = TestHandlers.router([
            "GET /api.yaml": Self.yaml("""
                openapi: 3.0.3
                info: { title: R, version: "1" }
                paths:
                  /a:
                    get:
                      parameters:
                        - $ref: 'missing.yaml#/P'
                        - $ref: 'page.yaml#/P'
                        - $ref: 'bad.yaml#/P'
                        - $ref: 'bad.json#/P'
                        - $ref: 'missing.yaml#/Q'
                      responses: { "200": { description: ok } }
                """),
            "GET /page.yaml": Self.yaml("<html><body>hi</body></html>", type: "text/html"),
            "GET /bad.yaml": Self.yaml("P:\n  name: a\n  schema: {a: [unclosed\n"),
            "GET /bad.json": Self.yaml(#"{"P": {"name": "a", "in": "query",}}"#, type: "text/plain"),
        ])
        try await withTestServer(routes) { server in
            let base = server.baseURL
            let error = await #expect(throws: SpecError.self) { try await Spec.load(url: base + "/api.yaml", provider: Self.provider) }
            #expect(error?.description == """
                \(base)/api.yaml:7:17: error: '$ref: missing.yaml#/P' points to \(base)/missing.yaml, which could not be fetched: HTTP 404
                \(base)/api.yaml:8:17: error: '$ref: page.yaml#/P' points to \(base)/page.yaml, which is an HTML page (text/html), not YAML or JSON
                \(base)/api.yaml:9:17: error: '$ref: bad.yaml#/P' points to \(base)/bad.yaml, which is not valid YAML: \(base)/bad.yaml:4:1: did not find expected ',' or ']' (while parsing a flow sequence at 3:15)
                \(base)/api.yaml:10:17: error: '$ref: bad.json#/P' points to \(base)/bad.json, which is not valid JSON: \(base)/bad.json:1:34: trailing comma is not allowed
                \(base)/api.yaml:11:17: error: '$ref: missing.yaml#/Q' points to \(base)/missing.yaml, which could not be fetched: HTTP 404
                """)
        }
    }

    /// Past 100 other documents the rest are not fetched, and each `$ref` to one says so.
    @Test func referencesPastTheLimitOfDocumentsSaySo() async throws {
        let properties = (0...100).map { "                p\($0): { $ref: 'f\($0).yaml#/T' }" }.joined(separator: "\n")
        let root = """
            openapi: 3.0.3
            info: { title: M, version: "1" }
            paths:
              /a:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
            \(properties)
                  responses: { "200": { description: ok } }
            """
        let fetched = Recorder<String>()
        let handler: TestHandler = { request, writer in
            if request.path == "/many/api.yaml" {
                try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: root)
            } else {
                fetched.record(request.path)
                try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: "T: { type: integer }\n")
            }
        }
        try await withTestServer(handler) { server in
            let url = server.baseURL + "/many/api.yaml"
            let error = await #expect(throws: SpecError.self) { try await Spec.load(url: url, provider: Self.provider) }
            // The references are fetched last first; the one left is the first.
            #expect(error?.description == """
                \(url):12:29: error: '$ref: f0.yaml#/T' points to \(server.baseURL)/many/f0.yaml, which was not fetched: the document refers to more than 100 other documents (the limit)
                """)
            #expect(fetched.all.count == 100)
        }
    }

    /// A document whose URL's path ends in `.json`, or served as JSON, is JSON only, as a
    /// `.json` file is: a trailing comma is an error at its place.
    @Test(arguments: [
        ("/openapi.json", "text/plain", true), ("/openapi", "application/json; charset=utf-8", true),
        ("/openapi", "application/vnd.oai.openapi+json", true), ("/openapi.yaml", "application/yaml", false), ("/openapi", "text/plain", false),
    ])
    func aJSONDocumentByURLIsJSONOnly(path: String, contentType: String, isJSON: Bool) async throws {
        let text = #"{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {},}"#
        try await withTestServer(Self.yaml(text, type: contentType)) { server in
            let url = server.baseURL + path
            if isJSON {
                let error = await #expect(throws: SpecError.self) { try await Spec.load(url: url, provider: Self.provider) }
                #expect(error?.description == "\(url):1:73: error: trailing comma is not allowed")
            } else {
                let spec = try await Spec.load(url: url, provider: Self.provider)
                #expect(spec.endpoints.isEmpty)
            }
        }
    }
}

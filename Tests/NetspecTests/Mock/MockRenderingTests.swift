import Foundation
import Testing
import Netspec
import NetspecMock
import NetspecTestSupport

/// Issue 33, item 3: the mock server's answers are written in the media type chosen — JSON as
/// JSON, a string as its text, an object as a form or as XML (after the schema's `xml` objects) —
/// for examples and for bodies made from schemas, in OpenAPI and Swagger 2.0 documents, over HTTP
/// (curl), byte for byte.
@Suite struct MockRenderingTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Rendering, version: "1"}
        components:
          schemas:
            Pet:
              type: object
              xml: {name: pet, prefix: p, namespace: "https://example.com/pets"}
              required: [id, name]
              properties:
                id: {type: integer, xml: {attribute: true}}
                kind: {type: string, xml: {attribute: true, prefix: k, namespace: "https://example.com/kinds"}}
                name: {type: string, xml: {name: petName}}
                tags:
                  type: array
                  xml: {wrapped: true}
                  items: {type: string, xml: {name: tag}}
                aliases: {type: array, items: {type: string}}
                owner: {$ref: '#/components/schemas/Owner'}
            Owner:
              type: object
              properties:
                name: {type: string}
            Tag:
              type: object
              required: [label]
              properties:
                label: {type: string}
            TagList:
              type: array
              items: {$ref: '#/components/schemas/Tag'}
        paths:
          /json:
            get:
              responses:
                "200": {description: ok, content: {application/json: {example: {id: 1, name: Rex}}}}
          /text:
            get:
              responses:
                "200": {description: ok, content: {text/plain: {example: "hello <world> & all"}}}
          /count:
            get:
              responses:
                "200": {description: ok, content: {text/plain: {example: 42}}}
          /any:
            get:
              responses:
                "200": {description: ok, content: {"*/*": {example: {id: 1}}}}
          /form:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/x-www-form-urlencoded:
                      example: {id: 1, name: "Rex & Co", tags: [a, "b c"], owner: {name: Ann}, pets: [{id: 1}], gone: null}
          /form-encoded:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/x-www-form-urlencoded:
                      example: {color: {R: 100, G: 200}, ids: [1, 2], path: "a/b", owner: {name: Ann}}
                      encoding:
                        color: {style: deepObject, explode: true}
                        ids: {style: form, explode: false}
                        path: {allowReserved: true}
                        owner: {contentType: application/json}
          /xml:
            get:
              responses:
                "200": {description: ok, content: {application/xml: {example: {id: 1, note: "a < b & \\"c\\""}}}}
          /pet:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/xml:
                      schema: {$ref: '#/components/schemas/Pet'}
                      example:
                        id: 7
                        kind: 'say "hi" & <bye>'
                        name: "Rex <the> & co"
                        tags: [a, b]
                        aliases: [r, x]
                        owner: {name: Ann}
          /tags:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    text/xml:
                      schema: {$ref: '#/components/schemas/TagList'}
                      example: [{label: new}, {label: old}]
          /named-list:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/atom+xml:
                      schema: {type: array, xml: {name: entries}, items: {type: string, xml: {name: entry}}}
                      example: [one, two]
          /made-form:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/x-www-form-urlencoded:
                      schema: {type: object, required: [id, tags], properties: {id: {type: integer}, tags: {type: array, items: {type: string}}}}
          /made-text:
            get:
              responses:
                "200": {description: ok, content: {text/plain: {schema: {type: string}}}}
          /made-xml:
            get:
              responses:
                "200": {description: ok, content: {application/xml: {schema: {$ref: '#/components/schemas/Pet'}}}}
          /made-list:
            get:
              responses:
                "200": {description: ok, content: {application/x-www-form-urlencoded: {schema: {type: array, items: {type: integer}}}}}
          /made-object-text:
            get:
              responses:
                "200": {description: ok, content: {text/plain: {schema: {type: object, properties: {a: {type: string}}}}}}
          /wrong-xml:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/xml:
                      schema: {type: object, required: [id], properties: {id: {type: integer}}}
                      example: {id: seven}
          /choices:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/json: {example: {id: 1, name: Rex}}
                    application/x-www-form-urlencoded: {example: {id: 1, name: Rex}}
                    application/xml: {schema: {$ref: '#/components/schemas/Pet'}}
                    text/plain: {schema: {type: string}}
          /unwritable:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/json: {example: [1, 2]}
                    application/x-www-form-urlencoded: {example: [1, 2]}
                    text/plain: {example: {a: 1}}
                    application/xml: {example: {"2fa": true}}
        """

    static func withServer(_ body: (String) async throws -> Void) async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: document, file: "rendering.yaml"), .init(port: 0)) { base, _ in try await body(base) }
    }

    static let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    /// The value made from `Pet` (every property, a string's value `string`), as XML.
    static let madePet = declaration
        + #"<p:pet xmlns:p="https://example.com/pets" id="0" xmlns:k="https://example.com/kinds" k:kind="string"><petName>string</petName>"#
        + "<tags><tag>string</tag></tags><aliases>string</aliases><owner><name>string</name></owner></p:pet>"

    @Test(arguments: [
        // JSON as JSON; a string as its text, in any type; a number as text.
        ("/json", "application/json", #"{"id":1,"name":"Rex"}"#),
        ("/text", "text/plain", "hello <world> & all"),
        ("/count", "text/plain", "42"),
        // A wildcard's example is JSON, labelled as such.
        ("/any", "application/json", #"{"id":1}"#),
        // The first-ranked type is not JSON: the object is a form or XML, not JSON bytes.
        ("/form", "application/x-www-form-urlencoded", "id=1&name=Rex+%26+Co&tags=a&tags=b+c&owner=%7B%22name%22%3A%22Ann%22%7D&pets=%7B%22id%22%3A1%7D"),
        ("/form-encoded", "application/x-www-form-urlencoded", "color%5BR%5D=100&color%5BG%5D=200&ids=1,2&path=a/b&owner=%7B%22name%22%3A%22Ann%22%7D"),
        ("/xml", "application/xml", declaration + #"<root><id>1</id><note>a &lt; b &amp; "c"</note></root>"#),
        // The `xml` objects: name, attribute, wrapped, prefix, namespace; a property's $ref is named by the property.
        ("/pet", "application/xml", declaration
            + #"<p:pet xmlns:p="https://example.com/pets" id="7" xmlns:k="https://example.com/kinds" k:kind="say &quot;hi&quot; &amp; &lt;bye&gt;">"#
            + "<petName>Rex &lt;the&gt; &amp; co</petName><tags><tag>a</tag><tag>b</tag></tags><aliases>r</aliases><aliases>x</aliases>"
            + "<owner><name>Ann</name></owner></p:pet>"),
        // A root array: named by its component, its items by theirs.
        ("/tags", "text/xml", declaration + "<TagList><Tag><label>new</label></Tag><Tag><label>old</label></Tag></TagList>"),
        ("/named-list", "application/atom+xml", declaration + "<entries><entry>one</entry><entry>two</entry></entries>"),
        // Bodies made from schemas, in the schema's type.
        ("/made-form", "application/x-www-form-urlencoded", "id=0&tags=string"),
        ("/made-text", "text/plain", "string"),
        ("/made-xml", "application/xml", madePet),
    ] as [(String, String, String)])
    func answersAreWrittenInTheirMediaType(_ path: String, contentType: String, body: String) async throws {
        try await Self.withServer { base in
            try await #expect(MockPrismDefectsTests.answer([base + path]) == "HTTP/1.1 200 OK\nContent-Type: \(contentType)\n\n\(body)")
        }
    }

    /// An XML example that breaks its schema is not sent: the schema's value is, with what the
    /// example breaks (checked as the JSON value it was written from) in `Netspec-Violations`.
    @Test func anXMLExampleThatBreaksItsSchemaIsReplaced() async throws {
        try await Self.withServer { base in
            try await #expect(MockPrismDefectsTests.answer([base + "/wrong-xml"]) == """
                HTTP/1.1 200 OK
                Content-Type: application/xml
                Netspec-Violations: [{"location":"response","pointer":"/id","message":"must be an integer","schema":"rendering.yaml:137:72"}]

                \(Self.declaration)<root><id>0</id></root>
                """)
        }
    }

    @Test(arguments: [
        (nil, "application/json", #"{"id":1,"name":"Rex"}"#),
        ("*/*", "application/json", #"{"id":1,"name":"Rex"}"#),
        ("application/x-www-form-urlencoded", "application/x-www-form-urlencoded", "id=1&name=Rex"),
        ("application/xml", "application/xml", madePet),
        ("text/*;q=0.5, application/xml;q=0.9", "application/xml", madePet),
        ("text/plain", "text/plain", "string"),
        ("application/json;q=0, */*;q=0.1", "application/x-www-form-urlencoded", "id=1&name=Rex"),
    ] as [(String?, String, String)])
    func acceptChoosesAmongExamplesAndSchemas(_ accept: String?, contentType: String, body: String) async throws {
        try await Self.withServer { base in
            try await #expect(MockPrismDefectsTests.answer((accept.map { ["-H", "Accept: " + $0] } ?? []) + [base + "/choices"])
                == "HTTP/1.1 200 OK\nContent-Type: \(contentType)\n\n\(body)")
        }
    }

    @Test func nothingAcceptableListsWhatThereIs() async throws {
        try await Self.withServer { base in
            try await #expect(MockPrismDefectsTests.answer(["-H", "Accept: image/png", base + "/choices"]) == """
                HTTP/1.1 406 Not Acceptable
                Content-Type: application/problem+json

                {"type":"about:blank","title":"Not Acceptable","status":406,"detail":"endpoint 'getChoices' answers application/json, application/x-www-form-urlencoded, application/xml, text/plain, which the request's Accept does not take","endpoint":"getChoices"}
                """)
        }
    }

    @Test func examplesThatCannotBeWrittenInATypeAreNotOfferedInIt() async throws {
        try await Self.withServer { base in
            // An array as a form, an object as text, a key that is not an XML name: only JSON.
            try await #expect(MockPrismDefectsTests.answer(["-H", "Accept: application/x-www-form-urlencoded, text/plain, application/xml", base + "/unwritable"]) == """
                HTTP/1.1 406 Not Acceptable
                Content-Type: application/problem+json

                {"type":"about:blank","title":"Not Acceptable","status":406,"detail":"endpoint 'getUnwritable' answers application/json, which the request's Accept does not take","endpoint":"getUnwritable"}
                """)
            try await #expect(MockPrismDefectsTests.answer([base + "/unwritable"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n[1,2]")
            // A schema whose value cannot be written in the only type: no mock, as without a schema.
            try await #expect(MockPrismDefectsTests.answer([base + "/made-list"]).hasPrefix("HTTP/1.1 501 Not Implemented\n"))
            try await #expect(MockPrismDefectsTests.answer([base + "/made-object-text"]).hasPrefix("HTTP/1.1 501 Not Implemented\n"))
        }
    }

    @Test func drawnBodiesAreWrittenInTheTypeToo() async throws {
        let spec = try Spec(yaml: Self.document, file: "rendering.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, dynamic: true, seed: 5)) { base, _ in
            try await #expect(MockPrismDefectsTests.answer([base + "/made-xml"])
                .hasPrefix("HTTP/1.1 200 OK\nContent-Type: application/xml\n\n" + Self.declaration + #"<p:pet xmlns:p="https://example.com/pets" id=""#))
            try await #expect(MockPrismDefectsTests.answer([base + "/made-form"])
                .hasPrefix("HTTP/1.1 200 OK\nContent-Type: application/x-www-form-urlencoded\n\nid="))
        }
    }

    // MARK: - Swagger 2.0

    static let swagger = """
        swagger: "2.0"
        info: {title: Rendering, version: "1"}
        produces: [application/xml, application/json]
        definitions:
          Pet:
            type: object
            required: [id, name]
            properties:
              id: {type: integer, xml: {attribute: true}}
              name: {type: string}
              photoUrls:
                type: array
                xml: {name: photoUrl, wrapped: true}
                items: {type: string}
        paths:
          /pets/{id}:
            get:
              operationId: getPet
              parameters: [{name: id, in: path, required: true, type: integer}]
              responses:
                "200":
                  description: ok
                  schema: {$ref: '#/definitions/Pet'}
                  examples:
                    application/xml: {id: 1, name: Rex, photoUrls: [a.png, b.png]}
                    application/json: {id: 1, name: Rex, photoUrls: [a.png]}
          /pets:
            get:
              operationId: listPets
              responses:
                "200":
                  description: ok
                  schema: {type: array, items: {$ref: '#/definitions/Pet'}}
          /owners/{id}:
            get:
              operationId: getOwner
              parameters: [{name: id, in: path, required: true, type: integer}]
              responses:
                "200":
                  description: ok
                  schema: {type: object, xml: {name: owner}, properties: {name: {type: string}}, example: {name: Ann}}
        """

    @Test(arguments: [
        ("/pets/1", nil, "application/json", #"{"id":1,"name":"Rex","photoUrls":["a.png"]}"#),
        ("/pets/1", "application/xml", "application/xml", declaration + #"<Pet id="1"><name>Rex</name><photoUrl><photoUrl>a.png</photoUrl><photoUrl>b.png</photoUrl></photoUrl></Pet>"#),
        // Made from the schema: a root array without a name is `root`, its items named by their definition.
        ("/pets", nil, "application/json", #"[{"id":0,"name":"string","photoUrls":["string"]}]"#),
        ("/pets", "application/xml", "application/xml", declaration + #"<root><Pet id="0"><name>string</name><photoUrl><photoUrl>string</photoUrl></photoUrl></Pet></root>"#),
        ("/owners/1", "application/xml", "application/xml", declaration + "<owner><name>Ann</name></owner>"),
        ("/owners/1", "application/json", "application/json", #"{"name":"Ann"}"#),
    ] as [(String, String?, String, String)])
    func swaggerAnswersAreWrittenInTheTypesItProduces(_ path: String, accept: String?, contentType: String, body: String) async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: Self.swagger, file: "rendering-swagger.yaml"), .init(port: 0)) { base, _ in
            try await #expect(MockPrismDefectsTests.answer((accept.map { ["-H", "Accept: " + $0] } ?? []) + [base + path])
                == "HTTP/1.1 200 OK\nContent-Type: \(contentType)\n\n\(body)")
        }
    }
}

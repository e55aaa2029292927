import Foundation
import NetspecTestSupport
import Testing

import Netspec

/// Where a `$ref` leads in OpenAPI 3.0 and Swagger 2.0 documents read from files: a JSON
/// pointer through lists (`/allOf/0`) and percent-encoded (RFC 6901 §4, §6), a file's name
/// percent-decoded (RFC 3986), and, for a file that cannot be read, the error at the `$ref`
/// saying why.
@Suite struct ReferenceTargetTests {
    static let document30 = """
        openapi: 3.0.3
        info: { title: R, version: "1" }
        servers: [{ url: "https://example.com" }]
        paths:
          /a:
            post:
              operationId: arrayIndex
              requestBody:
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/X/allOf/0' }
              responses: { "200": { description: ok } }
          /e:
            get:
              operationId: parameterIndex
              parameters:
                - $ref: '#/paths/~1f/get/parameters/0'
              responses: { "200": { description: ok } }
          /f:
            get:
              operationId: parameterBase
              parameters:
                - { name: lim, in: query, schema: { type: integer, maximum: 5 } }
              responses: { "200": { description: ok } }
          /pets/{id}:
            get:
              operationId: getPet
              parameters:
                - { name: id, in: path, required: true, schema: { type: integer, maximum: 10 } }
              responses: { "200": { description: ok } }
          /alias/{id}:
            $ref: '#/paths/~1pets~1%7Bid%7D'
          /d:
            post:
              operationId: space
              requestBody:
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/sp%20ace' }
              responses: { "200": { description: ok } }
          /b:
            post:
              operationId: spacedFile
              requestBody:
                content:
                  application/json:
                    schema: { $ref: 'my%20file.yaml#/T' }
              responses: { "200": { description: ok } }
        components:
          schemas:
            X:
              allOf:
                - { type: object, properties: { n: { type: integer, maximum: 3 } } }
            sp ace: { type: object, properties: { k: { type: integer, maximum: 1 } } }

        """

    static let swagger = """
        swagger: "2.0"
        info: { title: R, version: "1" }
        host: example.com
        paths:
          /a:
            post:
              operationId: postA
              consumes: [application/json]
              parameters:
                - { in: body, name: body, schema: { $ref: '#/definitions/X/allOf/0' } }
              responses: { "200": { description: ok } }
          /b:
            post:
              operationId: postB
              consumes: [application/json]
              parameters:
                - { in: body, name: body, schema: { $ref: '#/definitions/sp%20ace' } }
              responses: { "200": { description: ok } }
        definitions:
          X:
            allOf:
              - { type: object, properties: { n: { type: integer, maximum: 3 } } }
          sp ace: { type: object, properties: { k: { type: integer, maximum: 1 } } }

        """

    /// Each pointer and file name leads to its target: the endpoint has its parameters, and a
    /// call is checked against the schema found.
    @Test func pointersThroughListsAndPercentEncodedOnesAndFileNamesLeadToTheirTargets() async throws {
        let directory = try ScratchDirectory()
        try directory.write(Array("T: { type: object, properties: { q: { type: integer, maximum: 1 } } }\n".utf8), to: "my file.yaml")
        let main = try directory.write(Array(Self.document30.utf8), to: "api.yaml")
        let spec = try Spec.load(path: main)
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoints.map { "\($0.name): \($0.parameters.map(\.name))" } == [
            #"arrayIndex: ["n"]"#, #"parameterIndex: ["lim"]"#, #"parameterBase: ["lim"]"#, #"getPet: ["id"]"#, #"getPet2: ["id"]"#,
            #"space: ["k"]"#, #"spacedFile: ["q"]"#,
        ])
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        for (name, arguments, message) in [
            ("arrayIndex", ["n": 5], "endpoint 'arrayIndex': parameter 'n': must be at most 3, got 5 (schema at \(main):53:61)"),
            ("parameterIndex", ["lim": 9], "endpoint 'parameterIndex': parameter 'lim': must be at most 5, got 9 (schema at \(main):23:60)"),
            ("getPet2", ["id": 11], "endpoint 'getPet2': parameter 'id': must be at most 10, got 11 (schema at \(main):29:74)"),
            ("space", ["k": 2], "endpoint 'space': parameter 'k': must be at most 1, got 2 (schema at \(main):54:63)"),
            ("spacedFile", ["q": 2], "endpoint 'spacedFile': parameter 'q': must be at most 1, got 2 (schema at \(directory.path)/my file.yaml:1:54)"),
        ] as [(String, [String: Argument], String)] {
            let error = #expect(throws: CallError.self) { try api.prepare(name, arguments) }
            #expect(error?.description == message)
        }
        #expect(try api.prepare("getPet2", ["id": 7]).url == "https://example.com/alias/7")
    }

    @Test func swaggerPointersThroughListsAndPercentEncodedOnesLeadToTheirTargets() async throws {
        let directory = try ScratchDirectory()
        let main = try directory.write(Array(Self.swagger.utf8), to: "sw.yaml")
        let spec = try Spec.load(path: main)
        #expect(spec.endpoints.map { "\($0.name): \($0.parameters.map(\.name))" } == [#"postA: ["n"]"#, #"postB: ["k"]"#])
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let error = #expect(throws: CallError.self) { try api.prepare("postB", ["k": 2]) }
        #expect(error?.description == "endpoint 'postB': parameter 'k': must be at most 1, got 2 (schema at \(main):23:61)")
    }

    /// A pointer's index must be one the list has, written as RFC 6901 writes one (no leading zero).
    @Test(arguments: ["#/components/schemas/X/allOf/1", "#/components/schemas/X/allOf/01", "#/components/schemas/X/allOf/-", "#/components/schemas/sp%2520ace"])
    func aPointerToNoItemPointsToNothing(_ target: String) throws {
        let directory = try ScratchDirectory()
        let main = try directory.write(Array("""
            openapi: 3.0.3
            info: { title: R, version: "1" }
            paths:
              /a:
                post:
                  requestBody: { content: { application/json: { schema: { $ref: '\(target)' } } } }
                  responses: { "200": { description: ok } }
            components:
              schemas:
                X: { allOf: [{ type: object }] }
                sp ace: { type: object }
            """.utf8), to: "api.yaml")
        let error = #expect(throws: SpecError.self) { try Spec.load(path: main) }
        #expect(error?.description == "\(main):6:69: error: '$ref: \(target)' points to nothing in this document")
    }

    /// A file a `$ref` names that cannot be read is an error at the `$ref` that says why: the
    /// system's reason, the file's own problem at its line and column, or that it is empty; a
    /// `$ref` that is not a string is one too.
    @Test func aFileThatCannotBeReadIsAnErrorAtTheRefSayingWhy() throws {
        let directory = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/folder", withIntermediateDirectories: true)
        try directory.write(Array("Thing:\n  type: object\n  properties: {a: [unclosed\n".utf8), to: "bad.yaml")
        try directory.write(Array(#"{"Thing": {"type": "object",}}"#.utf8), to: "bad.json")
        try directory.write([], to: "empty.yaml")
        let main = try directory.write(Array("""
            openapi: 3.0.3
            info: { title: R, version: "1" }
            paths:
              /a:
                get:
                  parameters:
                    - $ref: 'nope.yaml#/P'
                    - $ref: 'bad.yaml#/Thing'
                    - $ref: 'bad.json#/Thing'
                    - $ref: 'empty.yaml#/P'
                    - $ref: 'folder/#/P'
                    - $ref: 5
                    - $ref: 'bad.yaml#/Other'
                  responses: { "200": { description: ok } }
            """.utf8), to: "api.yaml")
        let error = #expect(throws: SpecError.self) { try Spec.load(path: main) }
        let folder = directory.path
        #expect(error?.description == """
            \(main):7:17: error: '$ref: nope.yaml#/P' points to \(folder)/nope.yaml, which cannot be read: No such file or directory
            \(main):8:17: error: '$ref: bad.yaml#/Thing' points to \(folder)/bad.yaml, which is not valid YAML: \(folder)/bad.yaml:4:1: did not find expected ',' or ']' (while parsing a flow sequence at 3:19)
            \(main):9:17: error: '$ref: bad.json#/Thing' points to \(folder)/bad.json, which is not valid JSON: \(folder)/bad.json:1:28: trailing comma is not allowed
            \(main):10:17: error: '$ref: empty.yaml#/P' points to \(folder)/empty.yaml, which is empty
            \(main):11:17: error: '$ref: folder/#/P' points to \(folder)/folder/, which cannot be read: it is a directory
            \(main):12:17: error: '$ref' must be a URI reference (a string), found the number 5
            \(main):13:17: error: '$ref: bad.yaml#/Other' points to \(folder)/bad.yaml, which is not valid YAML: \(folder)/bad.yaml:4:1: did not find expected ',' or ']' (while parsing a flow sequence at 3:19)
            """)
    }

    /// A document may name itself by its file name (`./api.yaml#/…`).
    @Test func aDocumentMayReferToItselfByName() throws {
        let directory = try ScratchDirectory()
        let main = try directory.write(Array("""
            openapi: 3.0.3
            info: { title: R, version: "1" }
            paths:
              /a:
                get:
                  parameters: [{ $ref: './api.yaml#/components/parameters/Limit' }, { $ref: 'api.yaml#/components/parameters/Page' }]
                  responses: { "200": { description: ok } }
            components:
              parameters:
                Limit: { name: limit, in: query, schema: { type: integer } }
                Page: { name: page, in: query, schema: { type: integer } }
            """.utf8), to: "api.yaml")
        let spec = try Spec.load(path: main)
        #expect(spec.endpoints.map { $0.parameters.map(\.name) } == [["limit", "page"]])
    }
}

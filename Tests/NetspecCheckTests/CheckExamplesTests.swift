import Netspec
import NetspecCheck
import Testing

/// The examples phase sends the examples a document gives beside its schemas (issue 56, item 1):
/// a parameter's own `example` and `examples`, a media type's (split into a JSON body's fields,
/// or the body whole), 3.2's `dataValue`; not only a schema's own.
@Suite struct CheckExamplesTests {
    static func planned(_ yaml: String) throws -> [String] {
        let checker = Checker(spec: try Spec(yaml: yaml, file: "examples.yaml"))
        return checker.plannedRequests(baseURL: "http://h", options: CheckOptions(phases: [.examples], checks: [.notAServerError]))
    }

    @Test func aParametersAndAMediaTypesExamplesAreSent() throws {
        let lines = try Self.planned("""
            openapi: 3.0.3
            info: { title: Examples, version: '1' }
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - { name: limit, in: query, required: true, schema: { type: integer }, example: 7 }
                    - name: sort
                      in: query
                      schema: { type: string }
                      examples: { byName: { value: name }, byAge: { value: age }, far: { externalValue: 'https://x/e' } }
                  responses: { '200': { description: ok } }
                post:
                  operationId: addItem
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { type: object, required: [name], properties: { name: { type: string }, age: { type: integer } } }
                        examples:
                          rex: { value: { name: Rex, age: 4 } }
                          tom: { $ref: '#/components/examples/tom' }
                  responses: { '201': { description: created } }
              /raw:
                put:
                  operationId: putRaw
                  requestBody:
                    content:
                      application/json:
                        schema: { type: array, items: { type: integer } }
                        example: [1, 2, 3]
                  responses: { '204': { description: stored } }
            components:
              examples:
                tom: { value: { name: Tom } }
            """)
        // The schemas' examples first (limit's, sort's, the body's), then the document's: limit's
        // and sort's first together, sort's next alone (an externalValue is not fetched); the
        // body's examples whole, one through a $ref; a whole body's example.
        #expect(lines == [
            "GET http://h/items?limit=0",
            "GET http://h/items?limit=0&sort=string",
            "GET http://h/items?limit=7&sort=name",
            "GET http://h/items?limit=0&sort=age",
            "POST http://h/items {\"name\":\"string\"}",
            "POST http://h/items {\"name\":\"string\",\"age\":0}",
            "POST http://h/items {\"name\":\"Rex\",\"age\":4}",
            "POST http://h/items {\"name\":\"Tom\"}",
            "PUT http://h/raw",
            "PUT http://h/raw [0]",
            "PUT http://h/raw [1,2,3]",
        ])
    }

    @Test func anOpenAPI32ExamplesDataValueIsSent() throws {
        let lines = try Self.planned("""
            openapi: 3.2.0
            info: { title: Examples, version: '1' }
            paths:
              /items/{id}:
                get:
                  operationId: getItem
                  parameters:
                    - name: id
                      in: path
                      required: true
                      schema: { type: string }
                      examples: { one: { dataValue: abc, serializedValue: abc } }
                  responses: { '200': { description: ok } }
            """)
        #expect(lines == ["GET http://h/items/string", "GET http://h/items/abc"])
    }
}

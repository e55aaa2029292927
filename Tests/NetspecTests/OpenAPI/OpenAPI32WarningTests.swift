import Testing

@testable import Netspec
@testable import NetspecModel

/// OpenAPI 3.2 keys Netspec reads but cannot honour where they are: a warning at their place.
@Suite struct OpenAPI32WarningTests {
    /// `allowReserved` applies wherever the style percent-encodes (3.2.0, Parameter Object); on a
    /// `label` or `matrix` path parameter it is not applied yet.
    @Test(arguments: ["label", "matrix"])
    func allowReservedOnALabelOrMatrixPathIsWarned(style: String) throws {
        let spec = try Spec(yaml: OpenAPI32RoundTripTests.openAPI32(
            "{ name: p, in: path, required: true, style: \(style), allowReserved: true, schema: { type: string } }"
        ).replacing("/p:", with: "/p/{p}:"))
        #expect(spec.warnings.map(\.description) == [
            "<spec>:8:20: warning: operation 'e': parameter 'p': 'allowReserved' is not applied in the path here; its value is percent-encoded",
        ])
    }

    /// A request body's `multipart/mixed` with `itemSchema`: the body is not made of parts from
    /// its items, and a warning at the item schema says so (3.1 warns the key as unknown).
    @Test func itemSchemaOfAMultipartRequestBodyIsWarned() throws {
        let spec = try Spec(yaml: """
            openapi: 3.2.0
            info: { title: T, version: '1' }
            paths:
              /p:
                post:
                  operationId: e
                  requestBody: { content: { multipart/mixed: { itemSchema: { type: object } } } }
            """)
        #expect(spec.warnings.map(\.description) == [
            "<spec>:7:64: warning: operation 'e': 'itemSchema' of multipart/mixed is not read: a multipart request body is not made of parts from its items",
        ])
    }
}

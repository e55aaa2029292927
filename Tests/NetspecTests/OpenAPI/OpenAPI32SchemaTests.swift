import Foundation
import Testing

@testable import NetspecModel
import NetspecTestSupport

/// The OpenAPI Specification's 3.2 schema tests (Fixtures/oas32-schema-tests, copied from its
/// repository): every document it calls valid loads, and every one it calls invalid is refused
/// at the place that is wrong.
@Suite struct OpenAPI32SchemaTests {
    static let folder = TestPaths.root + "/Tests/NetspecTests/Fixtures/oas32-schema-tests"

    static let passing: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/pass")) ?? []).sorted()

    @Test func everyValidDocumentIsThere() {
        #expect(Self.passing.count == 37)
    }

    @Test(arguments: passing)
    func validDocumentLoads(name: String) throws {
        // Before 3.2 was read, each was refused: "unsupported OpenAPI version '3.2.0'".
        let path = Self.folder + "/pass/" + name
        let spec = try Spec.load(path: path)
        #expect(spec.file == path)
    }

    @Test func theExampleOfAPathItemHasItsThreeOperations() throws {
        let spec = try Spec.load(path: Self.folder + "/pass/path-item-object-example.yaml")
        #expect(spec.endpoints.map { "\($0.name) \($0.method.rawValue) \($0.path)" } == [
            "getPetsById GET /pets/{id}", "queryPetsById QUERY /pets/{id}", "copyPetsById COPY /pets/{id}",
        ])
    }

    static let failing: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/fail")) ?? []).sorted()

    @Test func everyInvalidDocumentIsThere() {
        #expect(Self.failing.count == 29)
        #expect(Self.failing == Self.refusals.map(\.name))
    }

    /// Each invalid document and its errors (`<file>` stands for its path), each at its place,
    /// naming the rule's section of the 3.2.0 text. Before these rules, 28 of the 29 loaded.
    static let refusals: [(name: String, errors: [String])] = [
        ("encoding-enc-item-exclusion.yaml", [
             #"<file>:13:13: error: request body 'encoding-with-prefixEncoding-not-allowed': media type 'multipart/mixed': 'encoding' and 'prefixEncoding' exclude each other (OpenAPI 3.2.0, Encoding Object)"#,
         ]),
        ("encoding-enc-prefix-exclusion.yaml", [
             #"<file>:13:13: error: request body 'encoding-with-itemEncoding-not-allowed': media type 'multipart/mixed': 'encoding' and 'itemEncoding' exclude each other (OpenAPI 3.2.0, Encoding Object)"#,
         ]),
        ("example-examples.yaml", [
             #"<file>:15:7: error: parameter 'animal': 'example' and 'examples' exclude each other; give one (OpenAPI 3.2.0, Working with Examples)"#,
         ]),
        ("example-object-old-exclusions.yaml", [
             #"<file>:10:7: error: example 'CannotHaveBoth': 'value' and 'externalValue' exclude each other in an Example object (OpenAPI 3.2.0, Example Object)"#,
         ]),
        ("example-object-old-vs-data.yaml", [
             #"<file>:10:7: error: example 'NoValueWithDataValue': 'value' and 'dataValue' exclude each other in an Example object (OpenAPI 3.2.0, Example Object)"#,
         ]),
        ("example-object-old-vs-ser.yaml", [
             #"<file>:10:7: error: example 'CannotHaveBoth': 'value' and 'serializedValue' exclude each other in an Example object (OpenAPI 3.2.0, Example Object)"#,
         ]),
        ("example-object-ser-exclusions.yaml", [
             #"<file>:10:7: error: example 'CannotHaveBoth': 'serializedValue' and 'externalValue' exclude each other in an Example object (OpenAPI 3.2.0, Example Object)"#,
         ]),
        ("header-object-allowReserved.yaml", [
             #"<file>:12:7: error: header 'Style': 'allowReserved' is not a field of a Header object: header values are not percent-encoded (OpenAPI 3.2.0, Header Object)"#,
         ]),
        ("header-object-name.yaml", [
             #"<file>:11:13: error: path '/foo': response 'default': header name 'Bad=Header' is not an RFC 9110 §5.1 token (OpenAPI 3.2.0, Response Object)"#,
         ]),
        ("invalid_schema_types.yaml", [
             #"<file>:10:19: error: schema 'invalid_null': a schema must be a mapping or a Boolean, found nothing (OpenAPI 3.2.0, Schema Object)"#,
             #"<file>:11:21: error: schema 'invalid_number': a schema must be a mapping or a Boolean, found the number 0 (OpenAPI 3.2.0, Schema Object)"#,
             #"<file>:12:20: error: schema 'invalid_array': a schema must be a mapping or a Boolean, found a list (OpenAPI 3.2.0, Schema Object)"#,
         ]),
        ("media-type-enc-item-exclusion.yaml", [
             #"<file>:11:11: error: request body 'encoding-with-itemEncoding-not-allowed': media type 'multipart/mixed': 'encoding' and 'itemEncoding' exclude each other (OpenAPI 3.2.0, Media Type Object)"#,
         ]),
        ("media-type-enc-prefix-exclusion.yaml", [
             #"<file>:11:11: error: request body 'encoding-with-prefixEncoding-not-allowed': media type 'multipart/mixed': 'encoding' and 'prefixEncoding' exclude each other (OpenAPI 3.2.0, Media Type Object)"#,
         ]),
        ("no_containers.yaml", [
             #"<file>:1:1: error: an OpenAPI 3.2 document must have 'paths', 'components' or 'webhooks' (OpenAPI 3.2.0, OpenAPI Object)"#,
         ]),
        ("operation-object-query-with-querystring.yaml", [
             #"<file>:17:13: error: path item 'my-path-item': parameter 'myquery': a 'query' parameter beside the 'querystring' parameter 'myquerystring'; 'querystring' and 'query' parameters exclude each other in an operation and its path item (OpenAPI 3.2.0, Parameter Locations)"#,
         ]),
        ("operation-object-two-querystrings.yaml", [
             #"<file>:16:13: error: path item 'my-path-item': parameter 'myquerystring2': a second 'querystring' parameter (beside parameter 'myquerystring1'); an operation has at most one (OpenAPI 3.2.0, Parameter Locations)"#,
         ]),
        ("parameter-object-content-not-with-style.yaml", [
             #"<file>:14:7: error: parameter 'content-not-with-style': 'style' goes with 'schema', not with 'content' (OpenAPI 3.2.0, Parameter Object)"#,
         ]),
        ("parameter-object-cookie-allowReserved.yaml", [
             #"<file>:11:7: error: parameter 'my_cookie': 'allowReserved' applies only where values are percent-encoded (query, path, and cookie with style form), not in cookie with style cookie (OpenAPI 3.2.0, Parameter Object)"#,
         ]),
        ("parameter-object-header-allowReserved.yaml", [
             #"<file>:10:7: error: parameter 'header': 'allowReserved' applies only where values are percent-encoded (query, path, and cookie with style form), not in header (OpenAPI 3.2.0, Parameter Object)"#,
         ]),
        ("parameter-object-header-name.yaml", [
             #"<file>:8:7: error: parameter 'BadHeader': a header parameter's name 'Bad[Header]' is not an RFC 9110 §5.1 token (OpenAPI 3.2.0, Parameter Object)"#,
         ]),
        ("parameter-object-path-name.yaml", [
             #"<file>:8:7: error: parameter 'BadPath': a path parameter's name 'Bad{Path}' cannot contain '{' or '}' (OpenAPI 3.2.0, Parameter Object)"#,
         ]),
        ("parameter-object-querystring-not-with-schema.yaml", [
             #"<file>:8:7: error: parameter 'querystring-not-with-schema': a 'querystring' parameter must have 'content' (one media type) (OpenAPI 3.2.0, Parameter Object)"#,
             #"<file>:10:7: error: parameter 'querystring-not-with-schema': a 'querystring' parameter is described by 'content', not 'schema' (OpenAPI 3.2.0, Parameter Object)"#,
         ]),
        ("path-item-object-conflicting-additional-operation.yaml", [
             #"<file>:25:23: error: '$ref: #/components/schemas/ErrorModel' points to nothing in this document"#,
             #"<file>:37:7: error: path '/pets/{id}': additionalOperations 'POST' is the method of the Path Item's fixed field 'post', which OpenAPI 3.2 does not allow here; write the operation as 'post'"#,
         ]),
        ("path-item-object-query-with-querystring.yaml", [
             #"<file>:15:11: error: path item 'my-path-item': parameter 'myquery': a 'query' parameter beside the 'querystring' parameter 'myquerystring'; 'querystring' and 'query' parameters exclude each other in an operation and its path item (OpenAPI 3.2.0, Parameter Locations)"#,
         ]),
        ("path-item-object-two-querystrings.yaml", [
             #"<file>:15:11: error: path item 'my-path-item': parameter 'myquerystring2': a second 'querystring' parameter (beside parameter 'myquerystring1'); an operation has at most one (OpenAPI 3.2.0, Parameter Locations)"#,
         ]),
        ("server_enum_empty.yaml", [
             #"<file>:13:15: error: server variable 'var': 'enum' must be a list of at least one value (OpenAPI 3.2.0, Server Variable Object)"#,
         ]),
        ("servers.yaml", [
             #"<file>:10:3: error: 'servers' must be a list of Server objects, found a mapping (OpenAPI 3.2.0, OpenAPI Object)"#,
         ]),
        ("unknown_container.yaml", [
             #"<file>:1:1: error: an OpenAPI 3.2 document must have 'paths', 'components' or 'webhooks' (OpenAPI 3.2.0, OpenAPI Object)"#,
             #"<file>:8:1: error: 'overlays' is not a key of an OpenAPI document, which OpenAPI 3.2 does not allow (OpenAPI 3.2.0, OpenAPI Object)"#,
         ]),
        ("xml-attr-exclusion.yaml", [
             #"<file>:10:9: error: schema 'Attr': 'nodeType' and 'attribute' exclude each other in an XML object; write the node type alone (OpenAPI 3.2.0, XML Object)"#,
         ]),
        ("xml-wrapped-exclusion.yaml", [
             #"<file>:10:9: error: schema 'List': 'nodeType' and 'wrapped' exclude each other in an XML object; write the node type alone (OpenAPI 3.2.0, XML Object)"#,
         ]),
    ]

    @Test(arguments: refusals)
    func invalidDocumentIsRefusedAtItsPlace(name: String, errors: [String]) {
        let file = Self.folder + "/fail/" + name
        let error = #expect(throws: SpecError.self) { try Spec.load(path: file) }
        #expect(error?.description == errors.map { $0.replacing("<file>", with: file) }.joined(separator: "\n"))
    }
}

import Foundation
import Testing

@testable import NetspecModel
import NetspecTestSupport

/// The OpenAPI Specification's 3.2 schema tests (Fixtures/oas32-schema-tests, copied from its
/// repository): every document it calls valid loads, and the invalid ones about what Netspec
/// reads of 3.2 so far are refused at the place that is wrong.
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

    @Test func anAdditionalOperationNamingAFixedMethodIsRefused() {
        let file = Self.folder + "/fail/path-item-object-conflicting-additional-operation.yaml"
        let error = #expect(throws: SpecError.self) { try Spec.load(path: file) }
        #expect(error?.description == """
            \(file):25:23: error: '$ref: #/components/schemas/ErrorModel' points to nothing in this document
            \(file):37:7: error: path '/pets/{id}': additionalOperations 'POST' is the method of the Path Item's fixed field 'post', which OpenAPI 3.2 does not allow here; write the operation as 'post'
            """)
    }
}

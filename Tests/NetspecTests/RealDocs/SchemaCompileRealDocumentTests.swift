import NetspecTestSupport
import Testing

@testable import NetspecModel

/// Every schema the operations of the real documents use compiles, as `netspec validate --schemas`
/// checks (``Spec/schemaCompileErrors()``): none of them gains an error. A real document with a
/// schema that truly cannot be compiled would be listed here with its place.
@Suite struct SchemaCompileRealDocumentTests {
    /// The problems expected, by document: none.
    static let expected: [String: [String]] = [:]

    @Test(arguments: RealDocuments.available + RealDocuments.corpus)
    func everySchemaTheOperationsUseCompiles(_ name: String) async throws {
        let spec = try await RealDocuments.load(name)
        let problems = try await onOwnThread { spec.schemaCompileErrors()?.allErrors.map(\.diagnostic) ?? [] }
        let folder = String(spec.file[..<(spec.file.lastIndex(of: "/") ?? spec.file.startIndex)]) + "/"
        #expect(problems.map { $0.replacingOccurrences(of: folder, with: "") } == Self.expected[name] ?? [])
    }
}

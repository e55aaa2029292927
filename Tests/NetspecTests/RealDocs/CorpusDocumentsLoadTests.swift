import Netspec
import Testing

/// The corpus documents the repository holds load whole, each with the number of operations an
/// independent count of its `paths` gives (the corpus README's figures).
@Suite struct CorpusDocumentsLoadTests {
    @Test(arguments: [
        ("docker/swagger.yaml", 108),
        ("gitea/swagger.v1.json", 485),
        ("github/api.yaml", 623),
        ("kubernetes/swagger.json", 1_123),
        ("stripe/spec3.yaml", 468),
    ])
    func loadsWithEveryOperation(_ name: String, _ operations: Int) async throws {
        let spec = try await RealDocuments.load(name)
        #expect(spec.endpoints.count == operations)
    }
}

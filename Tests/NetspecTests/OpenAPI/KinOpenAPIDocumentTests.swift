import Foundation
import Testing

import Netspec

/// kin-openapi's test documents (Debian's `golang-github-getkin-kin-openapi-dev`, documents none
/// of us wrote: circular and relative-file references, fragments, Swagger 2.0, `lxkns.yaml`):
/// each one loads, or fails with a message at a file:line:column — never a crash or a hang.
@Suite(.enabled(if: KinOpenAPI.available, "needs golang-github-getkin-kin-openapi-dev (apt), which .ci/run installs"))
struct KinOpenAPIDocumentTests {
    static let folder = KinOpenAPI.folder

    static let documents: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }
            .map { folder + "/" + $0 }
            .sorted()
    }()

    @Test func everyDocumentLoadsOrFailsAtAPosition() {
        #expect(Self.documents.count > 50)
        var loaded = 0
        for path in Self.documents {
            do {
                _ = try Spec.load(path: path)
                loaded += 1
            } catch {
                #expect(error.line > 0 && error.column > 0, "\(path): \(error.description)")
                #expect(error.file == path)
            }
        }
        #expect(loaded > 0)
    }

    @Test func lxknsLoadsWithItsOperations() throws {
        let path = try #require(Self.documents.first { $0.hasSuffix("/lxkns.yaml") })
        let spec = try Spec.load(path: path)
        #expect(!spec.endpoints.isEmpty)
        #expect(spec.endpoints.allSatisfy { !$0.name.isEmpty })
    }

    /// Swagger 2.0 is read by its own front end (`SwaggerReader`).
    @Test func swaggerDocumentsLoad() throws {
        let swagger = try #require(Self.documents.first { $0.hasSuffix("openapi2/testdata/swagger.json") })
        let spec = try Spec.load(path: swagger)
        #expect(!spec.endpoints.isEmpty)
    }
}

/// Where Debian installs kin-openapi's sources, with its test documents.
enum KinOpenAPI {
    static let folder = "/usr/share/gocode/src/github.com/getkin/kin-openapi"

    static var available: Bool {
        let present = FileManager.default.fileExists(atPath: folder)
        if !present { print("kin-openapi document tests skipped: \(folder) is missing (apt-get install golang-github-getkin-kin-openapi-dev)") }
        return present
    }
}

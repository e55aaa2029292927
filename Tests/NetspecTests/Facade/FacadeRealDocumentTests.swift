import Foundation
import NetspecFacadeGenerator
import NetspecTestSupport
import Testing

import Netspec

/// The facades of the repository's real documents (Kubernetes', Docker's, Gitea's, GitHub's,
/// Stripe's, OpenAI's, DigitalOcean's) are the same text each time and type-check without a
/// warning against this build's modules, all in one `swiftc -typecheck`.
@Suite struct FacadeRealDocumentTests {
    static let documents = [
        "kubernetes/swagger.json", "docker/swagger.yaml", "gitea/swagger.v1.json", "github/api.yaml", "stripe/spec3.yaml",
        "openai/openapi.yaml", "do/specification/DigitalOcean-public.v2.yaml",
    ]

    @Test func everyFacadeIsStableAndCompilesWithoutWarnings() async throws {
        let folder = try ProcessTemporaryFolder.folder("facades")
        var files: [String] = []
        var summary: [String] = []
        for name in Self.documents {
            let path = try await RealDocuments.path(of: name)
            let (typeName, text, again, count) = try await onOwnThread {
                let generator = FacadeGenerator(spec: try Spec.load(path: path), source: name)
                let second = FacadeGenerator(spec: try Spec.load(path: path), source: name)
                return (generator.typeName, generator.generate(), second.generate(), generator.spec.endpoints.count)
            }
            #expect(text == again, "\(name): two generations differ")
            let file = folder + "/\(typeName).swift"
            #expect(!files.contains(file), "\(name): a second facade named \(typeName)")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
            summary.append("\(name): \(typeName), \(count) methods, \(text.utf8.count) bytes")
        }
        print("FacadeRealDocumentTests:\n" + summary.joined(separator: "\n"))
        let started = ContinuousClock.now
        let result = try await FacadeCompiler.typecheck(files)
        print("FacadeRealDocumentTests: swiftc -typecheck of \(files.count) facades took \(ContinuousClock.now - started)")
        #expect(result.status == 0)
        #expect(result.stdout == "", "swiftc -typecheck printed diagnostics")
    }
}

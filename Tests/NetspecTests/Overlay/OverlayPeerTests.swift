import Foundation
import Testing

@testable import NetspecModel
import NetspecTestSupport

/// The `oas-patch` package (Python, pinned in Tests/Peers/requirements.txt) applies each Overlay
/// compliant set's overlay to its input; netspec's result is the same, as data.
@Suite(.enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
struct OverlayPeerTests {
    @Test func oasPatchGivesTheSameOutput() async throws {
        let python = try #require(Peers.python)
        let folder = OverlayConformanceTests.folder + "/compliant-sets"
        let theirs = try await ChildProcess.run(python, [Peers.root + "/Tests/Peers/oas_patch_sets.py", folder])
        #expect(theirs.status == 0, "\(theirs.stderr)")
        let results = try JSONValue(parsing: Array(theirs.stdout.utf8))
        var compared: [String] = []
        for name in OverlayConformanceTests.sets {
            let set = folder + "/" + name
            let ours = try Overlay.applying([set + "/overlay.yaml"], toDocumentAt: set + "/openapi.yaml", strict: false)
            #expect(ours.document == results[name], "\(name)")
            compared.append(name)
        }
        #expect(compared == OverlayConformanceTests.sets)
    }
}

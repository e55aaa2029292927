import NetspecMock
import Testing

import Netspec
import NetspecModel
import NetspecTestSupport

/// The stateful mock's seeds from the document: a list's example written in its answer's schema
/// seeds as a response example does.
@Suite struct MockStateSeedTests {
    /// Docker's lists carry their examples in their schemas: `GET /volumes` answers `{Volumes:
    /// [...], Warnings: [...]}` made from `Volume`'s member examples (`Name: tardis`), which the
    /// stateless mock answers and the store now starts with, each kept under its id member.
    @Test func dockersListExamplesSeedTheStore() async throws {
        let path = try await RealDocuments.path(of: "docker/swagger.yaml")
        let spec = try await onOwnThread { try Spec.load(path: path) }
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, _ in
            let volumes = try await MockStateTests.send("GET", base + "/volumes")
            #expect(volumes.status == 200)
            #expect(volumes.body?.object?["Volumes"]?.array?.compactMap { $0.object?["Name"]?.string } == ["tardis"])
            for (collection, member, ids) in [
                ("networks", "Id", ["f2de39df4171b0dc801e8002d1d999b77256983dfc63041c0f34030aa3977566", "e086a3893b05ab69242d3c44e49483a3bbbd3a26b46baa8f61ab797c1088d794", "13e871235c677f196c4e1ecebb9dc733b9b2d2ab589e30c539efeda84a24215e"]),
                ("services", "ID", ["9mnpnzenvg8p8tdbtq4wvbkcz"]),
                ("secrets", "ID", ["blt1owaxmitz71s9v5zh81zun", "ktnbjxoalbkvbvedmg1urrz8h"]),
                ("configs", "ID", ["ktnbjxoalbkvbvedmg1urrz8h"]),
            ] {
                let list = try await MockStateTests.send("GET", base + "/" + collection)
                #expect(list.body?.array?.compactMap { $0.object?[member]?.string } == ids, "\(collection)")
            }
            let tardis = try await MockStateTests.send("GET", base + "/volumes/tardis")
            #expect(tardis.status == 200 && tardis.body?.object?["Mountpoint"] == "/var/lib/docker/volumes/tardis")
            #expect(tardis.body == volumes.body?.object?["Volumes"]?.array?.first)
            try await #expect(MockStateTests.send("DELETE", base + "/volumes/tardis").status == 204)
            try await #expect(MockStateTests.send("GET", base + "/volumes/tardis").status == 404)
        }
    }
}

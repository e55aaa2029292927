import NetspecMock
import NetspecModel
import Testing

import Netspec
import NetspecTestSupport

/// `--stateful` on Docker's document: collections created by `POST …/create`, whose answers are
/// not the items.
@Suite struct MockStateDockerTests {
    /// `POST /networks/create` answers `NetworkCreateResponse` (`{Id, Warning}`, both required),
    /// `POST /secrets/create` an `IdResponse` (`{Id}`): the stored network and secret are shaped
    /// by their reads' `Network` and `Secret`, which declare neither. A read of the network had
    /// `"Warning": ""`, and one of the secret a made `"Id": "bhi"` beside its `ID`.
    @Test func aCreatesOwnAnswerLeavesNoMembersInTheItem() async throws {
        let spec = try await RealDocuments.load("docker/swagger.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, stateful: true)) { base, _ in
            let network = try await MockStateTests.send("POST", base + "/networks/create", #"{"Name":"n1"}"#)
            #expect(network.status == 201)
            #expect(network.body == ["Id": "1", "Warning": ""])
            let read = try await MockStateTests.send("GET", base + "/networks/1")
            #expect(read.body == ["Name": "n1", "Id": "1"])
            #expect(try MockStateTests.violations(read.body, spec: spec, endpoint: MockStateRealDocumentTests.name(spec, "GET", "/networks/{id}")) == [])
            #expect(try await MockStateTests.send("GET", base + "/networks").body?.array?.last == read.body)
            let secret = try await MockStateTests.send("POST", base + "/secrets/create", #"{"Name":"s1"}"#)
            #expect(secret.status == 201)
            #expect(secret.body == ["Id": "1"])
            #expect(try await MockStateTests.send("GET", base + "/secrets/1").body == ["Name": "s1", "ID": "1"])
        }
    }

    /// The members items are completed by, as ``ResourceInference`` finds them (which `netspec
    /// check` shares): the item schema's and the list's, not those of a create's answer of a
    /// schema of its own (`IdResponse`'s `Id` beside a secret's `ID`, `NetworkCreateResponse`'s
    /// `Warning`); a member `writeOnly` in such an answer is still one, so it is not stored
    /// (Airflow's user `password`). The mock alone left them out.
    @Test func aCreatesOwnAnswerIsNotAmongTheMembers() async throws {
        let docker = ResourceInference(spec: try await RealDocuments.load("docker/swagger.yaml")).resources
        let secret = try #require(docker.first { $0.collectionPath == "/secrets" })
        #expect(secret.members.map(\.name) == ["ID", "Version", "CreatedAt", "UpdatedAt", "Spec"])
        let network = try #require(docker.first { $0.collectionPath == "/networks" })
        #expect(network.members.map(\.name).contains("Name"))
        #expect(!network.members.map(\.name).contains("Warning"))
        let airflow = ResourceInference(spec: try await RealDocuments.load("airflow2/v1.yaml")).resources
        let users = try #require(airflow.first { $0.collectionPath == "/users" })
        #expect(users.members.filter(\.isWriteOnly).map(\.name) == ["password"])
    }
}

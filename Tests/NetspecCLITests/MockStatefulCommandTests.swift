import Foundation
import Testing
import NetspecTestSupport

/// `netspec mock --stateful` as a process: what it infers (`-v`), `netspec call --base-url` and
/// curl against what it keeps, its reset, and seed data that is refused with the file and path.
@Suite struct MockStatefulCommandTests {
    static let petstore = "specs/petstore.openapi.yaml"

    @Test func aCreatedPetIsReadListedDeletedAndResetWithNetspecAndCurl() async throws {
        let (mock, base) = try await MockCommandTests.start([Self.petstore, "--stateful", "-v", "--no-security"])
        defer { mock.terminate() }
        #expect(mock.stderr.hasPrefix("resource /pets → /pets/{petId}: id {petId} in member 'id', sequence ids; create, list, read, delete\nMocking Petstore ("))
        let created = try await CLI.run(["call", Self.petstore, "createPet", "name=Tom", "tag=cat", "--base-url", base, "--var", "BEARER_AUTH=t"])
        #expect(created.status == 0)
        #expect(created.stdout == #"{"name":"Tom","tag":"cat","id":2}"# + "\n")
        let read = try await ChildProcess.curl(["-s", base + "/pets/2"])
        #expect(read.stdout == #"{"name":"Tom","tag":"cat","id":2}"#)
        let list = try await ChildProcess.curl(["-s", base + "/pets?limit=1"])
        #expect(list.stdout == #"[{"id":1,"name":"Rex","tag":"dog"}]"#)
        #expect(try await CLI.run(["call", Self.petstore, "deletePet", "petId=2", "--base-url", base, "--var", "BEARER_AUTH=t"]).status == 0)
        let gone = try await ChildProcess.curl(["-s", "-o", "/dev/null", "-w", "%{http_code}", base + "/pets/2"])
        #expect(gone.stdout == "404")
        let reset = try await ChildProcess.curl(["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", base + "/__netspec/reset"])
        #expect(reset.stdout == "204")
        #expect(try await ChildProcess.curl(["-s", base + "/pets"]).stdout == #"[{"id":1,"name":"Rex","tag":"dog"}]"#)
    }

    @Test func seedDataSeedsAndBadSeedDataIsAnErrorNamingTheFileAndPath() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-seeds-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = folder + "/good.json", unknown = folder + "/unknown.json", broken = folder + "/broken.json"
        try #"{"/pets": [{"id": 7, "name": "Seven"}]}"#.write(toFile: good, atomically: true, encoding: .utf8)
        try #"{"/dogs": []}"#.write(toFile: unknown, atomically: true, encoding: .utf8)
        try "{\"/pets\": [\n  {\"id\": 1,}\n]}".write(toFile: broken, atomically: true, encoding: .utf8)

        let (mock, base) = try await MockCommandTests.start([Self.petstore, "--stateful", "--seed-data", good])
        #expect(try await ChildProcess.curl(["-s", base + "/pets"]).stdout == #"[{"id":7,"name":"Seven"}]"#)
        mock.terminate()
        _ = await mock.wait()

        let notACollection = try await CLI.run(["mock", Self.petstore, "--stateful", "--seed-data", unknown, "--port", "0"])
        #expect(notACollection.status == 1)
        #expect(notACollection.stderr == "error: seed data \(unknown): '/dogs' is not a collection of the stateful mock (its collections: /pets)\n")
        let notJSON = try await CLI.run(["mock", Self.petstore, "--stateful", "--seed-data", broken, "--port", "0"])
        #expect(notJSON.status == 1)
        #expect(notJSON.stderr.hasPrefix("error: seed data \(broken):2:"))
        let missing = try await CLI.run(["mock", Self.petstore, "--stateful", "--seed-data", folder + "/none.json", "--port", "0"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: cannot read seed data \(folder)/none.json: "))
    }

    @Test(arguments: [
        (["--seed-data", "seeds.json"], "Error: --seed-data applies to --stateful; give it too"),
        (["--stateful", "--proxy", "http://127.0.0.1:9"], "Error: --stateful answers from the mock's own state; --proxy answers from the server"),
    ])
    func optionsThatDoNotGoTogetherAreUsageErrors(options: [String], message: String) async throws {
        let result = try await CLI.run(["mock", Self.petstore] + options)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + "\n"))
    }
}

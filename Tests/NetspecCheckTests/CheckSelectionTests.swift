import Netspec
import NetspecCheck
import Testing

/// `--include` / `--exclude` by path (docs/check.md, Selection): the document's own path key
/// (`/pets/{pet-id}`, a placeholder that is not a Swift identifier) selects its operations, as
/// the form Netspec rewrites it into (`/pets/{petId}`) does; the reports give the document's.
@Suite struct CheckSelectionTests {
    static let spec = Result { try Spec.load(path: CheckerTests.root + "/specs/petstore.openapi.yaml") }

    @Test(arguments: [
        (["/pets/{pet-id}"], [String](), ["getPetsByPetId", "deletePet"]),
        (["/pets/{petId}"], [], ["getPetsByPetId", "deletePet"]),
        (["/pets/{pet-id}/*"], [], ["petEvents"]),
        (["/pets/{petId}/*"], [], ["petEvents"]),
        ([], ["/pets/{pet-id}"], ["listPets", "createPet", "petEvents"]),
        ([], ["/pets/{pet-id}*"], ["listPets", "createPet"]),
        ([], ["/pets/{petId}"], ["listPets", "createPet", "petEvents"]),
        (["/pets/{pet-id}"], ["GET"], ["deletePet"]),
        // A trailing `*` makes an id or a tag a prefix too, as it does a path.
        (["create*"], [], ["createPet"]),
        (["adm*"], [], ["createPet", "deletePet"]),
        (["pet*"], [], ["listPets", "createPet", "petEvents"]),
        ([], ["pet*"], ["getPetsByPetId", "deletePet"]),
        (["pet"], [], []),
    ])
    func aPathSelectsAsTheDocumentWritesIt(include: [String], exclude: [String], selected: [String]) throws {
        let checker = Checker(spec: try Self.spec.get())
        #expect(checker.selectedEndpoints(CheckOptions(include: include, exclude: exclude)).map(\.name) == selected)
    }

    @Test func theDocumentsPathIsEachOperations() throws {
        let spec = try Self.spec.get()
        #expect(spec.endpoints.map { "\($0.name) \(Checker.documentPath(of: $0))" } == [
            "listPets /pets", "createPet /pets", "getPetsByPetId /pets/{pet-id}", "deletePet /pets/{pet-id}", "petEvents /pets/{pet-id}/events",
        ])
    }

    /// The report's table and JSON give the document's path.
    @Test func theReportsGiveTheDocumentsPath() async throws {
        let spec = try Self.spec.get()
        try await CheckerTests.withMock(spec) { base in
            let checker = Checker(spec: spec, provider: CheckerTests.provider(["BEARER_AUTH": "t"]))
            let options = CheckOptions(phases: [.examples], checks: [.notAServerError], include: ["/pets/{pet-id}"], requestTimeout: CheckerTests.patient)
            let report = await checker.run(baseURL: base + "/v1", options: options)
            #expect(report.operations.map { "\($0.name) \($0.method) \($0.path)" } == ["getPetsByPetId GET /pets/{pet-id}", "deletePet DELETE /pets/{pet-id}"])
            #expect(report.summaryText.split(separator: "\n").prefix(3) == [
                "operation       method  path            requests  failed",
                "getPetsByPetId  GET     /pets/{pet-id}  \(report.operations[0].requests)         -",
                "deletePet       DELETE  /pets/{pet-id}  \(report.operations[1].requests)         -",
            ])
            #expect(report.json["operations"]?.array?.compactMap { $0["path"]?.string } == ["/pets/{pet-id}", "/pets/{pet-id}"])
        }
    }
}

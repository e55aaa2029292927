import Foundation
import NetspecTestSupport
import Testing

/// `netspec facade`, run as a subprocess: the golden facade on standard output and into a folder,
/// the access level, and the usage errors.
@Suite struct FacadeCommandTests {
    /// The golden facade of specs/shop.yaml (compiled into NetspecTests).
    static func golden() throws -> String {
        try String(contentsOfFile: CLI.root + "/Tests/NetspecTests/Facade/ShopAPI.swift", encoding: .utf8)
    }

    @Test func writesTheFacadeToStandardOutputOrIntoAFolder() async throws {
        let printed = try await CLI.run(["facade", "specs/shop.yaml"])
        #expect(printed.status == 0)
        #expect(printed.stdout == (try Self.golden()))
        #expect(printed.stderr == "")

        let folder = try ProcessTemporaryFolder.folder("facade")
        let written = try await CLI.run(["facade", "specs/shop.yaml", "-o", folder])
        #expect(written.status == 0)
        #expect(written.stdout == "")
        #expect(written.stderr == "wrote \(folder)/ShopAPI.swift: ShopAPI, 6 methods\n")
        #expect(try String(contentsOfFile: folder + "/ShopAPI.swift", encoding: .utf8) == (try Self.golden()))
    }

    @Test func theTypeNameAndAccessLevelAreChosen() async throws {
        let result = try await CLI.run(["facade", "specs/users.yaml", "--type-name", "Users", "--access", "public"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\npublic struct Users: Sendable {\n    /// The service every method calls, by endpoint name.\n    public let service: Service\n"))
        #expect(result.stdout.contains("    public func getUser(id: String) async throws(CallError) -> Response {\n"))
    }

    @Test(arguments: [
        (["facade", "specs/shop.yaml", "--type-name", "my-api"], "Error: --type-name 'my-api' is not a name the facade's type can have (letters, digits and _, not starting with a digit; not a keyword nor a type the facade uses, such as Service or Response)"),
        (["facade", "specs/shop.yaml", "--type-name", "Response"], "Error: --type-name 'Response' is not a name the facade's type can have (letters, digits and _, not starting with a digit; not a keyword nor a type the facade uses, such as Service or Response)"),
        (["facade", "specs/shop.yaml", "--access", "open"], "Error: --access 'open' is not one of internal, package, public"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + "\n"))
        #expect(result.stdout == "")
    }

    @Test func aDocumentThatDoesNotLoadSaysWhere() async throws {
        let result = try await CLI.run(["facade", "nope.yaml"])
        #expect(result.status == 65)
        #expect(result.stderr == "nope.yaml: error: cannot read file: No such file or directory\n")
    }
}

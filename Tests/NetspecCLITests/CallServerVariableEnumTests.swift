import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call --var region=xx` on a document whose server variable `region` has
/// `enum: [eu, us]` sent to `https://xx…` without a word; a value outside the `enum` is now a
/// usage error (exit 64) before anything is sent, saying the variable, the value, the values
/// allowed, where the variable is written and that `--base-url` sets any URL.
@Suite struct CallServerVariableEnumTests {
    /// A document whose server's `region` is `eu` or `us`, on `origin` (`https://{region}.api.example.com`
    /// unless given, with the variable in it).
    static func document(origin: String = "https://{region}.api.example.com") -> String {
        """
        openapi: 3.0.3
        info: { title: Regional, version: '1' }
        servers:
          - url: '\(origin)/v1'
            variables:
              region: { default: eu, enum: [eu, us] }
        paths:
          /pets:
            get:
              operationId: listPets
              responses: { '200': { description: ok } }

        """
    }

    /// The options given, the exit status, the first line printed and standard error (`SPEC`:
    /// the document's path).
    @Test(arguments: [
        ([String](), 0, "GET https://eu.api.example.com/v1/pets HTTP/1.1", ""),
        (["--var", "region=us"], 0, "GET https://us.api.example.com/v1/pets HTTP/1.1", ""),
        (["--var", "region="], 0, "GET https://eu.api.example.com/v1/pets HTTP/1.1", ""),
        (
            ["--var", "region=xx"], 64, "",
            "error: endpoint 'listPets': server variable 'region' (SPEC:6:7) is 'xx', which is not one of its 'enum' values: eu, us "
                + "(used in the base URL); --base-url sets any URL instead\n"
        ),
        (["--var", "region=xx", "--base-url", "https://xx.api.example.com/v1"], 0, "GET https://xx.api.example.com/v1/pets HTTP/1.1", ""),
    ])
    func aValueOutsideTheEnumIsAUsageError(options: [String], status: Int32, firstLine: String, stderr: String) async throws {
        let spec = try CLI.temporarySpec(Self.document(), name: "regional.yaml")
        let result = try await CLI.run(["call", spec, "listPets", "--dry-run"] + options, unsetting: ["region"])
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) == firstLine)
        #expect(result.stderr == stderr.replacing("SPEC", with: spec))
    }

    /// Sent for real: a value in the `enum` reaches the server; one outside it sends nothing.
    @Test func nothingIsSentForAValueOutsideTheEnum() async throws {
        let seen = Recorder<String>()
        try await withTestServer(TestHandlers.createdRecording(seen)) { server in
            let document = Self.document(origin: "http://{region}:\(server.port)").replacing("[eu, us]", with: "[127.0.0.1]").replacing("default: eu", with: "default: 127.0.0.1")
            let spec = try CLI.temporarySpec(document, name: "regional.yaml")
            let outside = try await CLI.run(["call", spec, "listPets", "--var", "region=localhost"], unsetting: ["region"])
            #expect(outside.status == 64)
            #expect(outside.stderr == "error: endpoint 'listPets': server variable 'region' (\(spec):6:7) is 'localhost', which is not one of its 'enum' values: "
                + "127.0.0.1 (used in the base URL); --base-url sets any URL instead\n")
            #expect(seen.all == [])
            let inside = try await CLI.run(["call", spec, "listPets", "--var", "region=127.0.0.1"], unsetting: ["region"])
            #expect(inside.status == 0, "\(inside.stdout)\(inside.stderr)")
            #expect(seen.all == ["GET http://127.0.0.1:\(server.port)/v1/pets"])
        }
    }
}

import Foundation
import NetspecTestSupport
import Testing

@testable import NetspecModel

/// Netspec and `openapi-spec-validator` (0.9.0, the first release with an OpenAPI 3.2 validator;
/// pinned in Tests/Peers/requirements.txt, run by Tests/Peers/oas32_verdicts.py) agree on which of
/// the 3.2 schema tests' documents are valid, but for the cases listed here, each with the
/// section of the 3.2.0 text that decides it.
@Suite(.enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh) with openapi-spec-validator; see the printed reason"))
struct OpenAPI32PeerVerdictTests {
    /// Where the validator's verdict is not the text's, by document, with the reason.
    static let validatorIsWrong: [String: String] = [
        "pass/json_schema_dialect.yaml":
            "valid: jsonSchemaDialect may be any URI (OpenAPI 3.2.0, OpenAPI Object, jsonSchemaDialect; Specifying Schema Dialects); the validator refuses a dialect it does not know",
        "fail/header-object-name.yaml":
            "invalid: a header's name is an RFC 9110 token (OpenAPI 3.2.0, Response Object, headers; RFC 9110 §5.1); the validator does not check it",
        "fail/parameter-object-header-name.yaml":
            "invalid: a header parameter's name is an RFC 9110 token (OpenAPI 3.2.0, Parameter Object, name; RFC 9110 §5.1); the validator does not check it",
    ]
    /// Where the validator applies a rule of the text its schema tests cannot (they test the
    /// schema), and Netspec warns instead of refusing.
    static let validatorIsStricter: [String: String] = [
        "pass/operation-object-example.yaml":
            "'{id}' has no path parameter (OpenAPI 3.2.0, Path Templating: each template expression MUST correspond to a path parameter); Netspec warns and takes it as a required string",
    ]

    @Test func verdictsAgree() async throws {
        let folder = OpenAPI32SchemaTests.folder
        let files = ["pass", "fail"].flatMap { verdict in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + verdict)) ?? []).sorted().map { folder + "/" + verdict + "/" + $0 }
        }
        let python = try #require(Peers.python)
        let result = try await ChildProcess.run(python, [Peers.root + "/Tests/Peers/oas32_verdicts.py"] + files)
        // Tests/Peers/setup.sh installed the pinned validator with the other peers (Peers.python).
        try #require(result.status == 0, "oas32_verdicts.py failed: \(result.stderr.suffix(400))")
        let theirs = try JSONValue(parsing: Array(result.stdout.utf8))
        var disagreements: [String] = []
        var listed: [String] = []
        for file in files {
            let name = file.split(separator: "/").suffix(2).joined(separator: "/")
            let ours = (try? Spec.load(path: file)) != nil ? "valid" : "invalid"
            let their = theirs[name]?["verdict"]?.string ?? "missing"
            guard ours != their else { continue }
            if Self.validatorIsWrong[name] != nil || Self.validatorIsStricter[name] != nil {
                listed.append(name)
            } else {
                disagreements.append("\(name): Netspec \(ours), openapi-spec-validator \(their) (\(theirs[name]?["message"]?.string ?? ""))")
            }
        }
        print("openapi-spec-validator 0.9.0 on the 3.2 schema tests: \(files.count) documents, \(files.count - listed.count - disagreements.count) agreed, \(listed.count) listed differences, \(disagreements.count) unexplained")
        #expect(disagreements == [])
        #expect(listed.sorted() == (Array(Self.validatorIsWrong.keys) + Array(Self.validatorIsStricter.keys)).sorted())
    }
}

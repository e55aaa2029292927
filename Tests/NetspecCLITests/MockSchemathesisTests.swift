import Foundation
import Testing
import NetspecTestSupport

/// `netspec mock` under Schemathesis 4.32.5 (PyPI `schemathesis`, the peers' venv), with all its
/// checks, a few examples an operation and a fixed seed (about 4 s a document): the petstore with
/// `--stateful` and Jupyter Server's Swagger 2.0 document. What it reports is what the mock is
/// documented to answer besides the document (docs/mock.md), each kind listed below with why;
/// any other kind fails the test, with Schemathesis's report.
@Suite struct MockSchemathesisTests {
    /// Schemathesis's `st`, beside the peers' python; `nil`, with the reason printed, without it.
    static var st: String? { Peers.schemathesis }

    /// The kinds Schemathesis reports that docs/mock.md says the mock answers on purpose.
    static let documented: [String: String] = [
        // The 401 to a request without the credentials the operation's security asks for, the 422
        // to an invalid request where the operation declares no 4xx, the 404 of an item deleted
        // or never created: statuses the document does not declare.
        "ST103 Undocumented status code": "the mock's 401, 422 and 404 problems",
        // Those problems are `application/problem+json` (RFC 9457), which the document does not list.
        "ST105 Undocumented Content-Type": "the problems' application/problem+json",
        // Security is checked as Prism checks it: a credential of the right kind, not its value.
        "ST401 API accepts invalid authentication": "credentials checked by kind, not value",
        "ST401 Unexpected response to invalid authentication": "credentials checked by kind, not value",
        // An alternative the mock cannot check lets a request through (the petstore's createPet
        // takes mutualTLS or a bearer token; the log line says `security not checked: clientCert`).
        "ST401 API accepts requests without authentication": "an alternative the mock cannot check (mutualTLS)",
        // An operation with nothing to answer from (no example, no schema) is a 501.
        "ST101 Server error": "501 for an operation without a mock",
        "ST104 Missing Content-Type header": "a 501 or 204 of a response declared without content",
    ]

    /// The kinds of failure Schemathesis's summary lists for `document` against `netspec mock`.
    static func failures(_ st: String, _ document: String, mock options: [String], headers: [String]) async throws -> (kinds: [String], report: String) {
        let (mock, base) = try await MockCommandTests.start([document] + options)
        defer { mock.terminate() }
        // Run in the temporary folder: Schemathesis keeps its replays in `.schemathesis/` where it runs.
        let run = try await ChildProcess.run(
            st, ["run", Peers.root + "/" + document, "--url", base, "--checks", "all", "--max-examples", "3", "--seed", "1", "--no-color"] + headers.flatMap { ["-H", $0] },
            directory: FileManager.default.temporaryDirectory.path, timeLimit: .seconds(120)
        )
        // `  ❌ ST103 Undocumented status code: 8` in the summary's `Failures:` block.
        let kinds = run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let mark = line.range(of: "❌ ST"), let count = line.range(of: ":", options: .backwards) else { return nil }
            return String(line[line.index(mark.lowerBound, offsetBy: 2)..<count.lowerBound])
        }
        return (kinds, run.stdout + run.stderr)
    }

    @Test func thePetstoreStatefulHasOnlyTheDocumentedAnswers() async throws {
        guard let st = Self.st else { return }
        let (kinds, report) = try await Self.failures(st, "specs/petstore.openapi.yaml", mock: ["--stateful"], headers: ["Authorization: Bearer t"])
        #expect(kinds.filter { Self.documented[$0] == nil } == [], "\(report)")
        #expect(report.contains("Tested: 5"), "\(report)")
    }

    @Test func jupyterHasOnlyTheDocumentedAnswers() async throws {
        guard let st = Self.st else { return }
        let (kinds, report) = try await Self.failures(
            st, "Tests/NetspecTests/Fixtures/real/jupyter-api.yaml", mock: [], headers: ["Authorization: token t"]
        )
        // Without --stateful the mock remembers nothing: an item answers after its DELETE, as the
        // document's example, whenever Schemathesis's stateful phase tries that sequence.
        let stateless = ["ST301 Deleted resource still available"]
        #expect(kinds.filter { Self.documented[$0] == nil && !stateless.contains($0) } == [], "\(report)")
        #expect(report.contains("Tested: 32"), "\(report)")
    }
}

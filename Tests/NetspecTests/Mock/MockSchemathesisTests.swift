import Foundation
import Testing

import Netspec
import NetspecMock
import NetspecTestSupport

/// The stateful mock (`MockServer` with `stateful: true`, what `netspec mock --stateful` runs)
/// under Schemathesis 4.32.5 (PyPI `schemathesis`, the peers' venv) with all its checks and all
/// its phases (stateful included), on the petstore and every real document: one Schemathesis
/// process a document, the documents concurrently. What each run samples, to stay within the
/// suite's time budget (about 60 s of wall time for all on two cores, most of it loading the
/// documents): two examples an operation (`--max-examples 2`), a fixed seed, one worker; the
/// petstore and Jupyter whole, of a big document the operations of one or two resources (its
/// `sample`, Schemathesis's `--include-path-regex`), those the stateful phase creates, reads and
/// deletes. What a run reports is what the mock is documented to answer besides the document
/// (docs/mock.md), each kind in ``documented`` with why, or what the run's ``Run/left`` lists with
/// why; any other kind fails the test, with Schemathesis's report. The stateful phase is not the
/// same from run to run even with the seed, so a kind left need not be found by every run.
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
        // Schemathesis is wrong by the text here: a response declared without content has no
        // body, so no Content-Type (Swagger 2.0's Response Object: "If this field [schema] does
        // not exist, it means no content is returned"; OpenAPI 3's `content` left out alike),
        // though the operation `produces` JSON; the 501 of an operation without a mock too.
        "ST104 Missing Content-Type header": "a 501, or a 204/200 of a response declared without content",
    ]

    /// One document's run.
    struct Run: Sendable, CustomTestStringConvertible {
        /// A ``RealDocuments`` name, or a path from the repository's root (`specs/…`).
        var document: String
        var headers: [String] = []
        /// The operations tested: Schemathesis's `--include-path-regex`; all when `nil`.
        var sample: String? = nil
        /// How many operations the sample has (Schemathesis's `Tested: N`).
        var tested: Int
        /// Kinds this run reports besides ``documented``, with why: a defect not yet fixed, or
        /// where Schemathesis is wrong by the OpenAPI text (the case and the section).
        var left: [String: String] = [:]

        var testDescription: String { document }
    }

    static let runs: [Run] = [
        Run(document: "specs/petstore.openapi.yaml", headers: ["Authorization: Bearer t"], tested: 5),
        Run(document: "jupyter/api.yaml", headers: ["Authorization: token t"], tested: 32),
        Run(document: "airflow2/v1.yaml", headers: ["Authorization: Basic dTpw"], sample: "^/(variables|pools|users)", tested: 15, left: [
            // Schemathesis links the `key` a `POST /variables` sent, `""`, to the item path and
            // sends `DELETE /variables/`: a path with no value for `{variable_key}`, which OpenAPI
            // 3.0.3's Parameter Object (§4.7.12) makes required of every path parameter.
            "ST302 Created resource not found": "Schemathesis fills a required path parameter with an empty key (OpenAPI 3.0.3 §4.7.12)",
        ]),
        Run(
            document: "openai/openapi.yaml", headers: ["Authorization: Bearer t"],
            sample: "^/(files|vector_stores|organization/(admin_api_keys|certificates|projects/\\{project_id\\}/service_accounts)|chatkit/threads)", tested: 42, left: [
            // `modifyVectorStore` with `"name": null`, whose schema is `type: string` with
            // `nullable: true` in a 3.1 document: OpenAPI 3.1.0's Schema Object (§4.8.24) is JSON
            // Schema 2020-12, which has no `nullable` (3.1 removed it), so null is not a string.
            "ST202 Schema-valid request rejected": "Schemathesis reads 3.0's nullable in a 3.1 document (OpenAPI 3.1.0 §4.8.24)",
            // A thread's `status` is `oneOf [ActiveStatus, ClosedStatus, LockedStatus]` with
            // `discriminator: {propertyName: type}` and no `mapping`, and `ActiveStatus` says
            // `type: enum [active]` (the document's own example is `{"type": "active"}`):
            // Schemathesis wants the schema's name (`ActiveStatus`), as OpenAPI 3.1.0's
            // Discriminator Object (§4.8.25) has it without a mapping, which the branch's own
            // `enum` refuses. No value satisfies both; the mock answers what the schema takes.
            // The document's 107 discriminators have no mapping (the full run's 24-26 cases).
            "ST111 Unknown discriminator value": "the document's discriminators name no mapping and their branches' enums refuse the schema names (OpenAPI 3.1.0 §4.8.25)",
        ]),
        Run(document: "do/specification/DigitalOcean-public.v2.yaml", headers: ["Authorization: Bearer t"], sample: "^/v2/(tags|ssh_keys|account/keys)", tested: 11, left: [
            // Schemathesis does not follow a `$ref` into another file of the document (its
            // `Schema Error: Path parameter 'tag_id' is not defined`), so it sends requests
            // without the parameters and required bodies declared there, which the mock refuses;
            // OpenAPI 3.0.3's Reference Object (§4.7.23) lets a `$ref` name another document.
            "ST202 Schema-valid request rejected": "Schemathesis reads no $ref into another file (OpenAPI 3.0.3 §4.7.23)",
        ]),
        Run(document: "docker/swagger.yaml", sample: "^/volumes", tested: 6),
        Run(document: "gitea/swagger.v1.json", headers: ["Authorization: token t"], sample: "^/repos/\\{owner\\}/\\{repo\\}/(labels|issues/\\{index\\}/assignees)", tested: 8),
        Run(document: "github/api.yaml", sample: "^/(gists|repos/\\{owner\\}/\\{repo\\}/issues(/\\{issue_number\\})?$)", tested: 23),
        Run(document: "stripe/spec3.yaml", headers: ["Authorization: Bearer t"], sample: "^/v1/customers(/\\{customer\\})?$", tested: 5, left: [
            // Schemathesis writes a deepObject member that is an array of objects as one item per
            // member name (`invoice_settings[custom_fields]=name&…=value`: Python's urlencode over
            // each object), which writes no object at all; OpenAPI 3.0.0's Encoding Object
            // (§4.7.15) and Parameter Object style values (§4.7.12) write an object's members as
            // `name[member]=value`, so what it sends is no encoding of the valid value it made.
            "ST202 Schema-valid request rejected": "Schemathesis writes a form's array of objects as its members' names (OpenAPI 3.0.0 §4.7.15, §4.7.12)",
            // In some stateful runs only: `POST /v1/customers/{id}` with a form whose every
            // top-level name is declared and whose bracketed extras (`bank_account[x][y]=true`)
            // are members of `bank_account`'s object branch, which allows any (it has no
            // `additionalProperties: false`): the form as sent is valid by the schema, so the
            // member that broke `additionalProperties` in the value Schemathesis made is not in
            // what it wrote (OpenAPI 3.0.0 §4.7.15 writes an object's members as `name[member]`).
            "ST201 Schema-violating request accepted": "Schemathesis's invalid value written as a valid deepObject form (OpenAPI 3.0.0 §4.7.15), in some stateful runs",
        ]),
        Run(document: "kubernetes/swagger.json", headers: ["authorization: Bearer t"], sample: "^/api/v1/(namespaces/\\{namespace\\}/configmaps|nodes/\\{name\\}/proxy$)", tested: 14),
    ]

    @Test(arguments: runs) func onlyTheDocumentedAnswers(_ run: Run) async throws {
        guard let st = Self.st else { return }
        let path = run.document.hasPrefix("specs/") ? TestPaths.root + "/" + run.document : try await RealDocuments.path(of: run.document)
        let spec = try await onOwnThread { try Spec.load(path: path) }
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, stateful: true)) { base, _ in
            let (kinds, report) = try await Self.failures(st, path, base: base, run: run)
            #expect(kinds.filter { Self.documented[$0] == nil && run.left[$0] == nil } == [], "\(report)")
            #expect(report.contains("Tested: \(run.tested)\n"), "\(report)")
        }
    }

    /// The kinds of failure Schemathesis's summary lists for `run` against the mock at `base`.
    static func failures(_ st: String, _ document: String, base: String, run: Run) async throws -> (kinds: [String], report: String) {
        let sample = run.sample.map { ["--include-path-regex", $0] } ?? []
        let arguments = ["run", document, "--url", base, "--checks", "all", "--max-examples", "2", "--seed", "1", "--workers", "1", "--no-color"]
        // Run in the temporary folder: Schemathesis keeps its replays in `.schemathesis/` where it runs.
        let result = try await ChildProcess.run(
            st, arguments + sample + run.headers.flatMap { ["-H", $0] }, directory: FileManager.default.temporaryDirectory.path, timeLimit: .seconds(180)
        )
        // `  ❌ ST103 Undocumented status code: 8` in the summary's `Failures:` block.
        let kinds = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let mark = line.range(of: "❌ ST"), let count = line.range(of: ":", options: .backwards) else { return nil }
            return String(line[line.index(mark.lowerBound, offsetBy: 2)..<count.lowerBound])
        }
        return (kinds, result.stdout + result.stderr)
    }
}

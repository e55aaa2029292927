import Netspec
import NetspecCheck
import NetspecMock
import NetspecTestSupport
import Testing

/// `netspec check` against `netspec mock` (issue 56, item 7: honest by construction): on the
/// petstore and every real document, the mock without and with `--stateful` (`MockServer`
/// in-process), a `Checker` run with every phase and every check reports no failure; what the
/// mock answers by its own documented rules (`Netspec-Mock-Answer`: its 404 for an item it does
/// not hold, its 501 without a mock, its own 422 problem, an example without state, any
/// credential of a scheme's form) is in the report's `mockAnswers`, each kind asserted. What each
/// run samples, to stay within the suite's budget: two cases a phase and two sequences a
/// resource (`maxExamples: 2`), seed 0, two workers; the petstore, Jupyter and Airflow 2 whole,
/// of a big document the operations of one or two resources, as `MockSchemathesisTests` samples them.
@Suite struct MockCheckTests {
    /// One document's runs.
    struct Run: Sendable, CustomTestStringConvertible {
        /// A ``RealDocuments`` name, or a path from the repository's root (`specs/…`).
        var document: String
        var variables: [String: String] = [:]
        /// The operations checked (``CheckOptions/include``); all when empty.
        var include: [String] = []
        var exclude: [String] = []
        /// The kinds of the mock's own answers each run notes (``CheckReport/MockAnswers/what``),
        /// without `--stateful` and with it.
        var notes: [String]
        var statefulNotes: [String]
        /// Failures left (`operation check`) with why: defects of the mock, which another change fixes.
        var left: [String: String] = [:]

        var testDescription: String { document }
    }

    static let notFound = "a 404 for an item it does not hold (never created, or deleted)"
    static let noMock = "a 501 for an operation it has no mock for"
    static let invalid = "its own problem to a request it refuses (a 422, 415, 406 or 413)"
    static let example = "an answer from the document's examples, which keeps no state (use --stateful)"
    static let anyCredential = "a 2xx to a wrong credential (it checks a credential's form, not its value)"

    static let basic = ["BASIC_AUTH_USER": "u", "BASIC_AUTH_PASSWORD": "p"]

    static let runs: [Run] = [
        Run(document: "specs/petstore.openapi.yaml", variables: ["BEARER_AUTH": "t"], exclude: ["petEvents"], notes: [anyCredential, example], statefulNotes: [notFound]),
        Run(document: "jupyter/api.yaml", notes: [example, noMock], statefulNotes: [notFound, noMock]),
        // Stateful, with the operations' cases taken in turn, each dag run is created before its
        // task instances are read: no 404 falls on an operation that declares none.
        Run(document: "airflow2/v1.yaml", variables: ["USERNAME": "u", "PASSWORD": "p"], notes: [example], statefulNotes: []),
        Run(document: "openai/openapi.yaml", variables: ["API_KEY_AUTH": "t"], include: ["/files*", "/vector_stores*"], notes: [anyCredential, example], statefulNotes: [anyCredential, notFound]),
        Run(document: "do/specification/DigitalOcean-public.v2.yaml", variables: ["BEARER_AUTH": "t"], include: ["/v2/tags*", "/v2/account/keys*"], notes: [anyCredential, invalid, example], statefulNotes: [anyCredential, invalid]),
        Run(document: "docker/swagger.yaml", include: ["/volumes*"], notes: [example], statefulNotes: []),
        Run(
            document: "gitea/swagger.v1.json", variables: basic.merging(["TOKEN": "t", "AUTHORIZATION_HEADER_TOKEN": "t", "ACCESS_TOKEN": "t", "SUDO_HEADER": "t", "SUDO_PARAM": "t", "TOTP_HEADER": "t"]) { $1 },
            include: ["/repos/{owner}/{repo}/labels*"], notes: [anyCredential, example], statefulNotes: [anyCredential]
        ),
        Run(document: "github/api.yaml", include: ["/gists*"], notes: [example], statefulNotes: []),
        Run(document: "stripe/spec3.yaml", variables: basic.merging(["BEARER_AUTH": "t"]) { $1 }, include: ["/v1/customers", "/v1/customers/{customer}"], notes: [anyCredential, invalid, example], statefulNotes: [anyCredential, invalid]),
        Run(document: "kubernetes/swagger.json", variables: ["BEARER_TOKEN": "t"], include: ["/api/v1/namespaces/{namespace}/configmaps*"], notes: [anyCredential, example], statefulNotes: [anyCredential, notFound]),
    ]

    @Test(arguments: runs) func checkingTheMockFindsNothing(_ run: Run) async throws {
        let path = run.document.hasPrefix("specs/") ? TestPaths.root + "/" + run.document : try await RealDocuments.path(of: run.document)
        let spec = try await onOwnThread { try Spec.load(path: path) }
        let checker = Checker(spec: spec, provider: Provider(variables: run.variables, options: .init(usesEnvironment: false)))
        let options = CheckOptions(include: run.include, exclude: run.exclude, maxExamples: 2, workers: 2, requestTimeout: .seconds(120))
        for stateful in [false, true] {
            try await MockServerTests.withMockServer(of: spec, .init(port: 0, stateful: stateful)) { base, _ in
                let report = await checker.run(baseURL: base, options: options)
                let failures = report.failures.filter { run.left["\($0.operation) \($0.check.rawValue)"] == nil }
                #expect(failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [], "stateful: \(stateful)\n\(report.failuresText)")
                #expect(report.unansweredCount == 0, "stateful: \(stateful): \(report.firstTransportError ?? "")")
                #expect(report.mockAnswers.map(\.what) == (stateful ? run.statefulNotes : run.notes).sorted(), "stateful: \(stateful)")
            }
        }
    }
}

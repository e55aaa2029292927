import Foundation
import Netspec
import NetspecCheck
import Testing

/// A Swagger 2.0 `type: file` form parameter is generated and judged as OpenAPI 3's binary part
/// (`type: string, format: binary`): a text part, never the JSON object `{}` the schema-less
/// `file` type would give (which the binder rightly calls forbidden, so an honest server that
/// accepted the upload was reported for `negative_data_rejection`).
@Suite struct CheckSwaggerFileTests {
    static let document = """
        swagger: "2.0"
        info: { title: upload, version: "1" }
        consumes: [multipart/form-data]
        paths:
          /up:
            post:
              operationId: upload
              parameters:
                - { name: attachment, in: formData, type: file, required: true }
                - { name: note, in: formData, type: file }
              responses:
                "201": { description: stored }
                "400": { description: refused }
        """

    @Test func theMockOfADocumentWithAFileParameterReportsNothing() async throws {
        let spec = try Spec(yaml: Self.document, file: "upload.yaml")
        try await CheckerTests.withMock(spec) { base in
            let checker = Checker(spec: spec, provider: CheckerTests.provider([:]))
            let options = CheckOptions(phases: [.examples, .coverage, .fuzz], maxExamples: 20, workers: 2, seed: 1, requestTimeout: CheckerTests.patient)
            let report = await checker.run(baseURL: base, options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
            #expect(report.unansweredCount == 0, "first: \(report.firstTransportError ?? "none")")
        }
    }

    static let giteaVariables = ["TOKEN", "AUTHORIZATION_HEADER_TOKEN", "ACCESS_TOKEN", "BASIC_AUTH_USER", "BASIC_AUTH_PASSWORD", "SUDO_HEADER", "SUDO_PARAM", "TOTP_HEADER"]

    /// Gitea's two upload operations against its mock (docs/check.md: checking netspec mock reports nothing).
    @Test func giteasUploadsAgainstItsMockReportNothing() async throws {
        let archive = CheckerTests.root + "/Tests/NetspecTests/Fixtures/real/gitea-swagger.v1.json.gz"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-check-gitea-\(ProcessInfo.processInfo.processIdentifier).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gunzip.arguments = ["-c", "gzip -dc \"$1\" > \"$2\"", "gunzip", archive, file]
        try gunzip.run()
        gunzip.waitUntilExit()
        try #require(gunzip.terminationStatus == 0)
        let spec = try Spec.load(path: file)
        try await CheckerTests.withMock(spec) { base in
            let checker = Checker(spec: spec, provider: CheckerTests.provider(Dictionary(uniqueKeysWithValues: Self.giteaVariables.map { ($0, "t") })))
            var options = CheckOptions(include: ["issueCreateIssueAttachment", "repoCreateReleaseAttachment"], seed: 0, requestTimeout: CheckerTests.patient)
            options.checks.remove(.ignoredAuth)
            let report = await checker.run(baseURL: base, options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
            #expect(report.unansweredCount == 0, "first: \(report.firstTransportError ?? "none")")
            #expect(report.operations.map(\.name) == ["issueCreateIssueAttachment", "repoCreateReleaseAttachment"])
        }
    }
}

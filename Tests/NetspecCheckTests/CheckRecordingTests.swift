import Netspec
import NetspecCheck
import NetspecTestServer
import Testing

/// A HAR recording of a check (`--har FILE`, a ``HARRecorder`` among the provider's wire
/// interceptors) holds every request the check sends: the `ignored_auth` probes (no credential,
/// a wrong one) included, the one behind an `ignored_auth` failure among them.
@Suite struct CheckRecordingTests {
    @Test func theRecordingHoldsEveryRequestTheAuthProbesToo() async throws {
        let spec = try Spec(yaml: PlantedServer.document, file: "planted.yaml")
        try await CheckerTests.withPlantedServer { base in
            let recorder = HARRecorder()
            let provider = Provider(variables: ["TOKEN": "right"], options: .init(usesEnvironment: false), wireInterceptors: [recorder])
            let options = CheckOptions(phases: [.examples], checks: [.ignoredAuth], include: ["ignoresAuth", "checksAuth"], workers: 1, requestTimeout: CheckerTests.patient)
            let report = await Checker(spec: spec, provider: provider).run(baseURL: base, options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue)" } == ["ignoresAuth ignored_auth"])
            // Each operation: its example with the token, then without one and with a wrong one.
            #expect(report.requestCount == 6)
            let entries = try #require(recorder.archive()["log"]?["entries"]?.array)
            #expect(entries.count == report.requestCount)
            let authorizations = entries.map { entry in
                entry["request"]?["headers"]?.array?.first { $0["name"]?.string?.lowercased() == "authorization" }?["value"]?.string ?? "none"
            }
            #expect(authorizations == ["[redacted: token]", "none", "[redacted: token]", "[redacted: token]", "none", "[redacted: token]"])
        }
    }
}

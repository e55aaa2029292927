import Foundation
import Netspec
import NetspecCheck
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `Checker` and Schemathesis 4.32.5 (`st run`, the peers' venv) against the same planted-fault
/// server in one run, with the same budget (10 cases an operation, seed 1, all checks): each
/// planted fault (``PlantedServer/faults``, so a new fault joins the comparison and fails it until
/// its row below is written) found or missed by each, and what Schemathesis reports besides them.
/// docs/check.md's comparison table is this test's.
@Suite struct CheckSchemathesisTests {
    /// What Schemathesis reports of each planted fault: `found` under the check of the same name,
    /// `found as CHECK (CODE)` under another of its checks, or `missed`.
    static let theirs: [String: String] = [
        "crash": "found", "undeclared": "found", "wrongType": "found", "noHeader": "found", "badBody": "found",
        "acceptsAnything": "found", "refusesValid": "found", "needsHeader": "found", "methodOpen": "found", "ignoresAuth": "found",
        "readGhost": "found", "readPhantom": "found", "slow": "found",
        // Its unsupported_method check (ST204) wants a 405 to carry `Allow`; its
        // allow_header_conformance (ST205) compares the header's methods only when one is sent.
        "noAllow": "found as unsupported_method (ST204)",
    ]

    /// The faults only Schemathesis's stateful phase finds, which does not make the same sequences
    /// from run to run even with `--seed`: by hand against the planted-server tool, three runs in a
    /// row found ST302 in all three and ST301 in two; in this test's runs it has found neither.
    /// Found or missed, these rows are printed, not compared.
    static let theirsVary: Set<String> = ["readGhost", "readPhantom"]

    /// What Schemathesis reports besides the planted faults, each a second view of a planted one.
    static let theirExtras: Set<String> = [
        // The bearer scheme's Authorization is, to Schemathesis, a required header: its absence
        // accepted is the operation ignoring its auth (the ignored_auth fault) again.
        "ignoresAuth missing_required_header (ST203)",
        // A request without the required X-Key is invalid data too: the same fault, counted twice.
        "needsHeader negative_data_rejection (ST201)",
        // The undeclared 418 is a 4xx to a valid request; Netspec's positive_data_acceptance
        // counts the statuses that say "invalid input" (400, 415, 422), so a 418 is
        // status_code_conformance's alone.
        "undeclared positive_data_acceptance (ST202)",
    ]

    /// Each of Schemathesis's failure codes and the check that reports it (`st explain CODE`).
    static let codes: [String: String] = [
        "ST101": "not_a_server_error", "ST102": "not_a_server_error", "ST103": "status_code_conformance", "ST104": "content_type_conformance",
        "ST105": "content_type_conformance", "ST106": "content_type_conformance", "ST107": "response_headers_conformance",
        "ST108": "response_schema_conformance", "ST201": "negative_data_rejection", "ST202": "positive_data_acceptance",
        "ST203": "missing_required_header", "ST204": "unsupported_method", "ST205": "allow_header_conformance", "ST301": "use_after_free",
        "ST302": "ensure_resource_availability", "ST401": "ignored_auth", "ST402": "object_level_authorization", "ST112": "max_response_time",
    ]

    @Test func bothAgainstThePlantedServer() async throws {
        guard let st = Peers.schemathesis else { return }
        let spec = try Spec(yaml: PlantedServer.document, file: "planted.yaml")
        let scratch = try ScratchDirectory()
        let document = try scratch.write(Array(PlantedServer.document.utf8), to: "planted.yaml")
        try await CheckerTests.withPlantedServer { base in
            let ours = await Checker(spec: spec, provider: CheckerTests.provider(["TOKEN": "right"])).run(
                baseURL: base, options: CheckOptions(maxExamples: 10, seed: 1, requestTimeout: CheckerTests.patient, maxResponseTime: .milliseconds(100))
            )
            // In the scratch folder: Schemathesis keeps its replays in `.schemathesis/` where it runs.
            let run = try await ChildProcess.run(
                st, ["run", document, "--url", base, "--checks", "all", "--max-examples", "10", "--seed", "1", "--no-color", "--max-response-time", "0.1",
                     // A request under the suite's load can wait past Schemathesis's 10 s default (a
                     // clean-clone CI run of c8954b8b: its TRACE to /method-open timed out, so the
                     // planted fault was "missed"); ours waits as long (CheckerTests.patient).
                     "--request-timeout", "120",
                     "-H", "Authorization: Bearer right", "--report", "junit", "--report-junit-path", scratch.path + "/junit.xml"],
                // Its run takes about a minute alone; with the suite's other work on two cores it
                // took over 120 s once (a clean-clone CI run of 84550e67: killed, every fault "missed").
                directory: scratch.path, timeLimit: .seconds(600)
            )
            try #require(!run.stderr.contains("[killed: still running"), "Schemathesis did not finish: \(run.stdout)\(run.stderr)")
            let junit = try String(contentsOfFile: scratch.path + "/junit.xml", encoding: .utf8)
            // An answer slower than 100 ms elsewhere is the machine's load (two cores, the suite's
            // other work), not a fault: the response time bound is judged on `slow` alone.
            var reported = Self.failures(junit: junit, spec: spec)
            // Schemathesis stops testing an operation at its first failure: one whose only
            // failure is the machine's slowness never had its fault looked for (a clean-clone
            // CI run of db9ece86: `GET /crash` 173 ms, a 400, then no other case), so its fault
            // cannot be compared; it is said.
            var cutShortByLoad: Set<String> = []
            for operation in reported.keys where operation != "slow" && reported[operation]?["ST112"] != nil {
                reported[operation]?["ST112"] = nil
                if reported[operation]?.isEmpty ?? true { cutShortByLoad.insert(operation) }
            }
            let found = Set(ours.failures.filter { $0.check != .maxResponseTime || $0.operation == "slow" }.map { "\($0.operation) \($0.check.rawValue)" })
            var rows: [String] = []
            var theirs: [String: String] = [:]
            for (operation, check) in PlantedServer.faults.sorted(by: { $0.key < $1.key }) {
                let codes = reported[operation] ?? [:]
                theirs[operation] = codes.values.contains(check) ? "found"
                    : codes.min { $0.key < $1.key }.map { "found as \($0.value) (\($0.key))" } ?? "missed"
                rows.append("| \(operation) | \(check) | \(found.contains("\(operation) \(check)") ? "found" : "missed") | \(theirs[operation]!) |")
            }
            print("netspec check and Schemathesis 4.32.5 on the planted faults:\n" + rows.joined(separator: "\n"))
            #expect(found == Set(PlantedServer.faults.map { "\($0.key) \($0.value)" }), "\(ours.failuresText)")
            if !cutShortByLoad.isEmpty { print("Schemathesis stopped at a response time over 100 ms, under load, before it looked for the faults of: \(cutShortByLoad.sorted())") }
            let compared = { (operation: String) in !Self.theirsVary.contains(operation) && !cutShortByLoad.contains(operation) }
            #expect(theirs.filter { compared($0.key) } == Self.theirs.filter { compared($0.key) }, "\(run.stdout)\(run.stderr)")
            let extras = reported.flatMap { operation, codes in
                codes.filter { PlantedServer.faults[operation] != $0.value && Self.theirs[operation] != "found as \($0.value) (\($0.key))" }
                    .map { "\(operation) \($0.value) (\($0.key))" }
            }
            #expect(Set(extras) == Self.theirExtras, "\(run.stdout)")
        }
    }

    /// Each operation's failure codes in a JUnit report of `st run` (a `<testcase name="GET
    /// /crash">` holding `- ST101 Server error` lines), by operation id, each code with its check.
    /// A failure of the stateful phase (`<testcase name="Stateful tests">`) is the operation of
    /// its reproduction's last request (the read that found a deleted resource, or none).
    static func failures(junit: String, spec: Spec) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for testCase in junit.components(separatedBy: "<testcase name=\"").dropFirst() {
            let label = testCase.prefix { $0 != "\"" }.split(separator: " ", maxSplits: 1).map(String.init)
            let stateful = label == ["Stateful", "tests"]
            guard stateful || label.count == 2 else { continue }
            for failure in testCase.components(separatedBy: "<failure").dropFirst() {
                let lines = failure.split(separator: "\n")
                let endpoint = stateful ? lines.last { $0.contains("curl -X ") }.flatMap { Self.endpoint(ofCurl: String($0), in: spec) }
                    : spec.endpoints.first { $0.method.rawValue == label[0] && $0.path == label[1] }
                guard let endpoint else { continue }
                for line in lines where line.hasPrefix("- ST") {
                    let code = String(line.dropFirst(2).prefix(5))
                    result[endpoint.name, default: [:]][code] = codes[code] ?? code
                }
            }
        }
        return result
    }

    /// The endpoint a reproduction's `curl -X METHOD … http://host:port/path` line calls.
    static func endpoint(ofCurl line: String, in spec: Spec) -> Endpoint? {
        let words = line.split(separator: " ")
        guard let flag = words.firstIndex(of: "-X"), flag + 1 < words.count, let url = words.last,
              let start = url.range(of: "://")?.upperBound, let slash = url[start...].firstIndex(of: "/") else { return nil }
        let method = String(words[flag + 1])
        let segments = url[slash...].split(separator: "/")
        return spec.endpoints.first { endpoint in
            let template = endpoint.path.split(separator: "/")
            return endpoint.method.rawValue == method && template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
    }
}

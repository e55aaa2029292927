import Foundation
import Netspec
import NetspecTestServer
import Synchronization
import Testing
import NetspecTestSupport

/// `netspec check` as a process: against the petstore's mock it passes and writes its reports;
/// against a server that breaks the document it prints each failure with its reproduction, the
/// summary, and exits 1; options it cannot take are usage errors that say why.
@Suite struct CheckCommandTests {
    static let petstore = "specs/petstore.openapi.yaml"
    static let honestChecks = "not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,"
        + "response_schema_conformance,negative_data_rejection,positive_data_acceptance,missing_required_header,unsupported_method,allow_header_conformance"

    @Test func thePetstoresMockPassesAndTheReportsAreWritten() async throws {
        let (mock, base) = try await MockCommandTests.start([Self.petstore])
        defer { mock.terminate() }
        let folder = try CLI.temporarySpec("", name: "unused")
        let json = folder + ".json", junit = folder + ".xml", har = folder + ".har"
        let result = try await CLI.run([
            "check", Self.petstore, "--base-url", base, "--var", "BEARER_AUTH=t", "--exclude", "petEvents", "--checks", Self.honestChecks,
            "--max-examples", "10", "--workers", "4", "--report", "json=\(json),junit=\(junit),har=\(har)",
            // A stateless mock forgets what is deleted: the stateful phase is held against `--stateful` (StatefulTests).
            "--phases", "examples,coverage,fuzz",
        ])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(5) == [
            "operation       method  path            requests  failed",
            "listPets        GET     /pets           16        -",
            "createPet       POST    /pets           16        -",
            "getPetsByPetId  GET     /pets/{pet-id}  10        -",
            "deletePet       DELETE  /pets/{pet-id}  14        -",
        ])
        #expect(result.stdout.hasSuffix(", seed 0; no failures\n"))
        let report = try String(contentsOfFile: json, encoding: .utf8)
        #expect(report.contains("\"failures\": []"))
        #expect(report.contains("\"requests\": 56"))
        // Every exchange on record, the bearer token redacted.
        let recording = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: har))))
        #expect(recording["log"]?["entries"]?.array?.count == 56)
        let recorded = try String(contentsOfFile: har, encoding: .utf8)
        #expect(!recorded.contains("Bearer t\"") && recorded.contains("[redacted: "))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"netspec check\" tests=\"40\" failures=\"0\" time=\""))
        #expect(xml.contains("  <testsuite name=\"listPets\" tests=\"10\" failures=\"0\">\n    <testcase name=\"not_a_server_error\" classname=\"listPets\"/>\n"))
    }

    /// A mock of one document checked against another whose schema its example breaks.
    @Test func aServerThatBreaksTheDocumentFailsWithAReproduction() async throws {
        let served = try CLI.temporarySpec(Self.items(idType: "string"), name: "served.yaml")
        let checked = try CLI.temporarySpec(Self.items(idType: "integer"), name: "checked.yaml")
        let (mock, base) = try await MockCommandTests.start([served])
        defer { mock.terminate() }
        let result = try await CLI.run(["check", checked, "--base-url", base, "--phases", "examples", "--report", "junit=\(checked).xml"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("""
            getItem: response_schema_conformance (examples)
              the body breaks its schema: /id: must be an integer (at \(checked):15:59)
              - /id: must be an integer (at \(checked):15:59)
              request:
                GET \(base)/items/s HTTP/1.1
                Accept: application/json, */*;q=0.5
                Accept-Encoding: gzip, deflate
                User-Agent: netspec/0.1.0
              answer: 200
                Content-Type: application/json
                Content-Length: 14
            """))
        #expect(result.stdout.contains("""
              Reproduce with:
                netspec call \(checked) getItem id=s --base-url \(base)
                curl \(base)/items/s -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed

            operation  method  path         requests  failed
            getItem    GET     /items/{id}  4         response_schema_conformance

            """))
        #expect(result.stdout.hasSuffix("; 1 failure\n"))
        let xml = try String(contentsOfFile: checked + ".xml", encoding: .utf8)
        #expect(xml.contains("<failure message=\"the body breaks its schema: /id: must be an integer (at \(checked):15:59)\">"))
    }

    static func items(idType: String) -> String {
        """
        openapi: 3.0.3
        info: { title: Items, version: '1' }
        paths:
          /items/{id}:
            get:
              operationId: getItem
              parameters:
                - { name: id, in: path, required: true, schema: { type: string } }
              responses:
                '200':
                  description: the item
                  content:
                    application/json:
                      example: { id: 'seven' }
                      schema: { type: object, properties: { id: { type: \(idType) } } }
        """
    }

    @Test(arguments: [
        (["--phases", "examples,nope"], "Error: --phases: 'nope' is not one of examples, coverage, fuzz, stateful\n"),
        (["--checks", "not_a_server_eror"], "Error: --checks: 'not_a_server_eror' is not one of "),
        (["--report", "xml=out.xml"], "Error: --report 'xml=out.xml' must be junit=FILE, json=FILE or har=FILE\n"),
        (["--report", "har=a.har", "--har", "b.har"], "Error: --har and --report har=FILE both name a recording: give one\n"),
        (["--workers", "0"], "Error: --workers must be between 1 and 256\n"),
        (["--max-examples", "0"], "Error: --max-examples must be at least 1\n"),
        (["--max-response-time", "0"], "Error: --max-response-time must be a positive number of milliseconds, at most 1000000000000 (about 31 years)\n"),
        // Longer than a clock holds: the conversion to a duration trapped.
        (["--time-limit", "1e300"], "Error: --time-limit must be a positive number of seconds, at most 1000000000 (about 31 years)\n"),
        (["--request-timeout", "inf"], "Error: --request-timeout must be a positive number of seconds, at most 1000000000 (about 31 years)\n"),
        (["--max-response-time", "1e300"], "Error: --max-response-time must be a positive number of milliseconds, at most 1000000000000 (about 31 years)\n"),
        (["--include", "nothing"], "error: no operation of specs/petstore.openapi.yaml is selected (--include nothing)\n"),
        (
            ["--include", "/pets/{pet-id}", "--exclude", "GET", "--exclude", "DELETE"],
            "error: no operation of specs/petstore.openapi.yaml is selected (--include /pets/{pet-id}; --exclude GET, DELETE)\n"
        ),
    ])
    func badOptionsAreUsageErrors(options: [String], message: String) async throws {
        let result = try await CLI.run(["check", Self.petstore, "--base-url", "http://127.0.0.1:9"] + options)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message))
    }

    /// A report whose folder does not exist is told before any request is sent, with the error
    /// writing it gives (73): the whole run was made first, and the report lost at its end.
    @Test(arguments: ["json", "junit"])
    func aReportThatCannotBeWrittenStopsTheRunBeforeAnyRequest(_ kind: String) async throws {
        let report = ProcessTemporaryFolder.unusedPath("missing") + "/report.\(kind)"
        let requests = Counter()
        let handler: TestHandler = { request, writer in
            requests.add(1)
            try await TestHandlers.json(body: #"{"id":"seven"}"#)(request, writer)
        }
        let spec = try CLI.temporarySpec(Self.items(idType: "string"), name: "items.yaml")
        try await withTestServer(handler) { server in
            let result = try await CLI.run([
                "check", spec, "--base-url", server.baseURL, "--phases", "examples", "--report", "\(kind)=\(report)",
            ])
            #expect(result.status == 73)
            #expect(result.stdout == "")
            #expect(result.stderr == "error: cannot create '\(report)': No such file or directory\n")
            #expect(requests.value == 0)
        }
    }

    /// `--workers 16` has 16 requests in flight at once: the transport's 8 connections per host
    /// held half of them back before (every worker's request beyond the 8th waited in its pool).
    @Test func moreWorkersThanEightHaveTheirRequestsInFlightAtOnce() async throws {
        let state = Mutex((now: 0, peak: 0))
        let handler: TestHandler = { request, writer in
            for try await _ in request.body {}
            state.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
            try await Task.sleep(for: .milliseconds(300))
            state.withLock { $0.now -= 1 }
            try await TestHandlers.json(body: #"{"id":"seven"}"#)(request, writer)
        }
        let spec = try CLI.temporarySpec(Self.items(idType: "string"), name: "items.yaml")
        try await withTestServer(handler) { server in
            let result = try await CLI.run([
                "check", spec, "--base-url", server.baseURL, "--workers", "16", "--phases", "fuzz", "--max-examples", "32", "--checks", "not_a_server_error",
            ])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let peak = state.withLock { $0.peak }
            #expect(peak > 8, "at most \(peak) requests were in flight at once")
        }
    }

    /// Requests the run is not set up to make (a variable not set) are no "no failures": the
    /// check exits as `netspec call` does for them (78), with the command line's advice (`--var`,
    /// not the library's `Provider(variables:)`), though the open operation's answers passed.
    @Test func requestsThatCannotBeMadeExitAsACallDoes() async throws {
        let spec = try CLI.temporarySpec("""
            openapi: 3.0.3
            info: { title: Items, version: '1' }
            components:
              securitySchemes:
                unset_check_key: { type: apiKey, in: header, name: X-API-Key }
            security: [{ unset_check_key: [] }]
            paths:
              /open:
                get:
                  operationId: getOpen
                  security: []
                  responses:
                    '200': { description: ok, content: { application/json: { example: { id: 'seven' } } } }
              /items:
                get:
                  operationId: getItems
                  responses:
                    '200': { description: ok, content: { application/json: { example: { id: 'seven' } } } }
            """, name: "secured.yaml")
        try await withTestServer(TestHandlers.json(body: #"{"id":"seven"}"#)) { server in
            let result = try await CLI.run([
                "check", spec, "--base-url", server.baseURL, "--phases", "examples", "--checks", "not_a_server_error,response_schema_conformance",
            ], unsetting: ["UNSET_CHECK_KEY"])
            #expect(result.status == 78, "\(result.stdout)\(result.stderr)")
            let advice = "endpoint 'getItems': variable 'UNSET_CHECK_KEY' is not set (used in auth: apiKey); set it with --var UNSET_CHECK_KEY=… or in the environment"
            #expect(result.stderr == "error: \(advice)\n")
            #expect(result.stdout.contains(", 1 not sent (first: GET \(server.baseURL)/items: \(advice)); incomplete: not every request was sent\n"), "\(result.stdout)")
            #expect(!result.stdout.contains("no failures"))
        }
    }

    @Test func aServerThatDoesNotAnswerIsAFailureThatSaysSo() async throws {
        let result = try await CLI.run(["check", Self.petstore, "--base-url", "http://127.0.0.1:9", "--phases", "examples", "--include", "listPets"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix(", 3 unanswered (first: GET http://127.0.0.1:9/v1/pets: cannot connect to 127.0.0.1:9: connection refused); no request was answered\n"))
    }
}

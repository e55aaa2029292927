import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec mock DOC --proxy URL` as a process (issue 33, item 6): a server that drifts from its
/// document read through the proxy with curl and with `netspec call --base-url`, `--errors`,
/// `--cacert` and `-k` for an HTTPS upstream, `--timeout`, and the usage errors.
@Suite struct MockProxyCommandTests {
    /// The document (MockProxyTests' too): `getPet` answers an object with an integer `id` and a string `name`.
    static let document = try! String(contentsOfFile: CLI.root + "/Tests/NetspecTests/Fixtures/mock/pets-proxy.openapi.yaml", encoding: .utf8)

    /// The real server: pet 1 as documented, pet 2 with a number for a name, pet 3 gone (a 404
    /// the document does not declare), and a slow pet.
    static let upstream = TestHandlers.router([
        "GET /pets/1": TestHandlers.json(body: #"{"id":1,"name":"Rex"}"#),
        "GET /pets/2": TestHandlers.json(body: #"{"id":2,"name":42}"#),
        "GET /pets/3": TestHandlers.json(status: 404, body: #"{"error":"gone"}"#),
        "GET /pets/4": TestHandlers.slow(delay: .seconds(30), then: TestHandlers.json(body: #"{"id":4,"name":"Slow"}"#)),
    ])

    /// Runs `body` with the document's path and a `netspec mock --proxy` process in front of
    /// `server`, stopping the process whatever happens.
    static func withProxy(to server: TestServer, _ options: [String] = [], _ body: (_ document: String, _ base: String, _ mock: CLIProcess) async throws -> Void) async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array(document.utf8), to: "pets.yaml")
        let (mock, base) = try await MockCommandTests.start([path, "--proxy", server.baseURL] + options)
        do {
            try await body(path, base, mock)
        } catch {
            mock.terminate()
            _ = await mock.wait()
            throw error
        }
        mock.terminate()
        _ = await mock.wait()
    }

    /// The head's lines that say something (not `Date`, `Server`, `Content-Length`, nor the CORS
    /// fields every answer carries), then the body.
    static func curl(_ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.curl(["-i"] + arguments)
        return result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !["date:", "server:", "content-length:", "access-control-", "netspec-mock-answer:"].contains { line.lowercased().hasPrefix($0) } }.joined(separator: "\n")
    }

    @Test func violationsAreSaidToCurlToNetspecAndInTheLog() async throws {
        try await withTestServer(Self.upstream) { server in
            try await Self.withProxy(to: server) { document, base, mock in
                #expect(try await Self.curl([base + "/pets/1"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"id\":1,\"name\":\"Rex\"}")
                #expect(try await Self.curl([base + "/pets/2"]) == """
                    HTTP/1.1 200 OK
                    Content-Type: application/json
                    Netspec-Violations: [{"location":"response","pointer":"/name","message":"must be a string","schema":"\(document):14:101"}]

                    {"id":2,"name":42}
                    """)
                #expect(try await Self.curl([base + "/pets/3"]) == """
                    HTTP/1.1 404 Not Found
                    Content-Type: application/json
                    Netspec-Violations: [{"location":"response","message":"the status 404 is not one the document declares (it declares 200)","schema":"\(document):10:9"}]

                    {"error":"gone"}
                    """)
                // netspec call through the proxy gets the server's answers as they are.
                let good = try await CLI.run(["call", document, "getPet", "id=1", "--base-url", base, "--raw"])
                #expect(good.status == 0)
                #expect(good.stdout == #"{"id":1,"name":"Rex"}"# + "\n")
                let drifted = try await CLI.run(["call", document, "getPet", "id=2", "--base-url", base, "--raw", "-v"])
                #expect(drifted.status == 0)
                #expect(drifted.stdout == #"{"id":2,"name":42}"# + "\n")
                #expect(drifted.stderr.contains(#"< Netspec-Violations: [{"location":"response","pointer":"/name","message":"must be a string","#), "\(drifted.stderr)")
                let gone = try await CLI.run(["call", document, "getPet", "id=3", "--base-url", base, "--raw"])
                #expect(gone.status == 4)
                // A request that breaks the document is forwarded, its problem said.
                let bad = try await ChildProcess.curl(["-s", "-D", "-", "-o", "/dev/null", base + "/pets/x"])
                #expect(bad.stdout.contains(#"Netspec-Violations: [{"location":"path","parameter":"id","message":"'x' is not an integer (a whole number)"}"#), "\(bad.stdout)")
                let lines = await mock.waitForErrors(containing: "GET /pets/x ", timeout: .seconds(30))
                #expect(lines)
                #expect(mock.stderr.contains("GET /pets/2 200 getPet (1 violation of the document: response /name: must be a string (\(document):14:101))\n"), "\(mock.stderr)")
                #expect(mock.stderr.contains("GET /pets/3 404 getPet (1 violation of the document: response: the status 404 is not one the document declares (it declares 200) (\(document):10:9))\n"), "\(mock.stderr)")
                #expect(mock.stderr.contains("GET /pets/x 404 getPet (2 violations of the document: path id: 'x' is not an integer (a whole number); response: the status 404 is not one the document declares (it declares 200) (\(document):10:9))\n"), "\(mock.stderr)")
            }
        }
    }

    @Test func errorsMakeViolationsAnswers() async throws {
        try await withTestServer(Self.upstream) { server in
            try await Self.withProxy(to: server, ["--errors"]) { document, base, _ in
                let drifted = try await Self.curl([base + "/pets/2"])
                #expect(drifted.hasPrefix("HTTP/1.1 502 Bad Gateway\nContent-Type: application/problem+json\nNetspec-Violations: "), "\(drifted)")
                #expect(drifted.hasSuffix(#""detail":"the upstream's answer breaks the document","errors":[{"location":"response","pointer":"/name","message":"must be a string","schema":"\#(document):14:101"}]}"#), "\(drifted)")
                let requests = server.requestCount
                let bad = try await Self.curl([base + "/pets/x"])
                #expect(bad.hasPrefix("HTTP/1.1 422 Unprocessable Entity\n"), "\(bad)")
                #expect(server.requestCount == requests, "a request that breaks the document is not forwarded with --errors")
                let call = try await CLI.run(["call", document, "getPet", "id=2", "--base-url", base])
                #expect(call.status == 5)
                #expect(call.stderr.contains("502"), "\(call.stderr)")
            }
        }
    }

    /// An HTTPS upstream: trusted with `--cacert`, or unverified with `-k`; without either, a
    /// 502 that says the certificate is not trusted and names the host.
    @Test func anHTTPSUpstreamTakesCacertOrInsecure() async throws {
        let pki = try await TestPKI.make()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), Self.upstream)
        do {
            let valid = "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"id\":1,\"name\":\"Rex\"}"
            try await Self.withProxy(to: server, ["--cacert", pki.path("ca.pem")]) { _, base, _ in
                try await #expect(Self.curl([base + "/pets/1"]) == valid)
            }
            try await Self.withProxy(to: server, ["-k"]) { _, base, _ in
                try await #expect(Self.curl([base + "/pets/1"]) == valid)
            }
            try await Self.withProxy(to: server) { _, base, _ in
                let answer = try await Self.curl([base + "/pets/1"])
                #expect(answer.hasPrefix("HTTP/1.1 502 Bad Gateway\nContent-Type: application/problem+json\n"), "\(answer)")
                #expect(answer.contains("could not be reached: ") && answer.contains("127.0.0.1:\(server.port)"), "\(answer)")
            }
        } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    /// `--timeout` bounds the wait for the upstream's answer: a 502 saying so.
    @Test func timeoutBoundsTheUpstreamsAnswer() async throws {
        try await withTestServer(Self.upstream) { server in
            try await Self.withProxy(to: server, ["--timeout", "0.5"]) { _, base, _ in
                let answer = try await Self.curl([base + "/pets/4"])
                #expect(answer.hasPrefix("HTTP/1.1 502 Bad Gateway\nContent-Type: application/problem+json\n"), "\(answer)")
                #expect(answer.contains("timed out after 500 ms"), "\(answer)")
            }
        }
    }

    @Test(arguments: [
        (["--proxy", "ftp://example.com"], "Error: --proxy 'ftp://example.com' must be an http or https URL such as http://127.0.0.1:8000"),
        (["--proxy", "http://127.0.0.1:9", "--dynamic"], "Error: --dynamic and --seed answer from the document; --proxy answers from the server"),
    ])
    func proxyOptionsThatDoNotGoTogetherAreUsageErrors(options: [String], message: String) async throws {
        let result = try await CLI.run(["mock", "specs/petstore.openapi.yaml"] + options)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
    }
}

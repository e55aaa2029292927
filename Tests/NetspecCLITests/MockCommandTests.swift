import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec mock` as a process: it says where it listens, answers `netspec call` and curl, logs
/// one line per request on standard error, and stops cleanly on SIGTERM and SIGINT.
@Suite struct MockCommandTests {
    struct StartFailure: Error, CustomStringConvertible {
        let stderr: String
        var description: String { "netspec mock printed no start-up line; its standard error:\n\(stderr)" }
    }

    /// Starts `netspec mock SPEC --port 0` and returns it with its base URL.
    static func start(_ arguments: [String]) async throws -> (CLIProcess, String) {
        let mock = try CLIProcess(["mock"] + arguments + ["--port", "0"])
        // After any warnings about the spec: `Mocking NAME (N endpoints) on http://127.0.0.1:PORT`.
        let started = await mock.waitForErrors(containing: "Mocking ", timeout: .seconds(90))
        _ = await mock.waitForErrors(containing: "\n", after: "Mocking ")
        let line = mock.stderr.split(separator: "\n").first { $0.hasPrefix("Mocking ") }.map(String.init) ?? ""
        guard started, let url = line.range(of: "http://") else {
            mock.terminate()
            _ = await mock.wait()
            throw StartFailure(stderr: mock.stderr)
        }
        return (mock, String(line[url.lowerBound...]))
    }

    @Test(arguments: [true, false])
    func answersNetspecAndCurlAndStopsOnASignal(usesSIGTERM: Bool) async throws {
        let (mock, base) = try await Self.start(["specs/users.yaml"])
        #expect(mock.stderr.hasPrefix("Mocking UsersAPI (") && mock.stderr.contains(" endpoints) on http://127.0.0.1:"))
        let call = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=johne", "--base-url", base, "--var", "TOKEN=t"])
        #expect(call.status == 0)
        #expect(call.stderr == "")
        let expected = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=johne", "--mock"])
        #expect(call.stdout == expected.stdout)
        let curl = try await ChildProcess.curl(["-o", "/dev/null", "-w", "%{http_code}", base + "/nowhere"])
        #expect(curl.stdout == "404")
        if usesSIGTERM { mock.terminate() } else { mock.interrupt() }
        let result = await mock.wait()
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").drop { !$0.hasPrefix("Mocking ") }.dropFirst().map(String.init)
        #expect(lines == ["GET /user?identifier=johne 200 getUser", "GET /nowhere 404"])
    }

    @Test func anOpenAPIDocumentIsServedFromItsExamples() async throws {
        let (mock, base) = try await Self.start(["specs/petstore.openapi.yaml"])
        let call = try await CLI.run(["call", "specs/petstore.openapi.yaml", "listPets", "--base-url", base])
        let expected = try await CLI.run(["call", "specs/petstore.openapi.yaml", "listPets", "--mock"])
        #expect(call.status == 0)
        #expect(call.stdout == expected.stdout)
        mock.terminate()
        _ = await mock.wait()
    }

    @Test(arguments: [
        (["--port", "70000"], "Error: --port must be between 0 and 65535"),
        (["--delay=-1"], "Error: --delay must be 0 or more milliseconds"),
    ])
    func badOptionsAreUsageErrors(options: [String], message: String) async throws {
        let result = try await CLI.run(["mock", "specs/users.yaml"] + options)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + "\n"))
    }

    @Test func aPortInUseIsAClearError() async throws {
        let (first, base) = try await Self.start(["specs/users.yaml"])
        let port = String(base.split(separator: ":").last!)
        let second = try await CLI.run(["mock", "specs/users.yaml", "--port", port])
        #expect(second.status == 1)
        #expect(second.stderr.contains("error: cannot serve on 127.0.0.1:\(port): "))
        first.terminate()
        _ = await first.wait()
    }

    /// Every 127.0.0.0/8 address is loopback (the rule OAuth URLs and MCP origins share):
    /// `--host 127.0.0.2` gives no warning; an address other machines can reach does.
    @Test(arguments: [("127.0.0.2", nil), ("0.0.0.0", "warning: listening on 0.0.0.0, not only loopback: other machines can reach this server")] as [(String, String?)])
    func onlyAHostThatIsNotLoopbackIsWarnedAbout(host: String, warning: String?) async throws {
        let (mock, base) = try await Self.start(["specs/users.yaml", "--host", host])
        #expect(try await ChildProcess.curl(["-o", "/dev/null", "-w", "%{http_code}", base + "/nowhere"]).stdout == "404")
        mock.terminate()
        let result = await mock.wait()
        let started = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(started.hasPrefix("Mocking UsersAPI (") && started.hasSuffix(" endpoints) on http://\(host):\(base.split(separator: ":").last ?? "")"))
        #expect(result.stderr == ([started] + (warning.map { [$0] } ?? []) + ["GET /nowhere 404", ""]).joined(separator: "\n"))
    }
}

/// `--dynamic` and `--seed` on `netspec mock` and `netspec call --mock`: exact bodies, runs that
/// replay, and usage errors for options that need another.
@Suite struct MockGenerationCommandTests {
    static let shelter = "specs/shelter.openapi.yaml"

    /// The body after the head, from curl.
    static func body(_ url: String, _ headers: [String] = []) async throws -> String {
        let result = try await ChildProcess.curl(headers.flatMap { ["-H", $0] } + [url])
        return result.stdout
    }

    @Test func anOperationWithoutAnExampleIsServedFromItsSchema() async throws {
        let (mock, base) = try await MockCommandTests.start([Self.shelter])
        #expect(try await Self.body(base + "/animals") == #"[{"id":"string","name":"string","species":"cat","age":0,"tags":["string"],"weight":1,"ref":0}]"#)
        let call = try await CLI.run(["call", Self.shelter, "listAnimals", "--base-url", base, "--raw"])
        let mocked = try await CLI.run(["call", Self.shelter, "listAnimals", "--mock", "--raw"])
        #expect(call.stdout == #"[{"id":"string","name":"string","species":"cat","age":0,"tags":["string"],"weight":1,"ref":0}]"# + "\n")
        #expect(mocked.stdout == call.stdout)
        mock.terminate()
        _ = await mock.wait()
    }

    @Test func dynamicAnswersReplayWithASeed() async throws {
        let expected = [
            #"{"id":"ffqlhardaxnl","name":"prkzvmd","species":"rabbit","age":806,"tags":["pu","sdwbukxrfpj"],"weight":1758,"ref":664}"#,
            #"{"id":"kjesodqvtyd","name":"fmcigkjar","species":"dog","age":744,"tags":[],"weight":1872,"ref":"SZR"}"#,
        ]
        for _ in 0..<2 {
            let (mock, base) = try await MockCommandTests.start([Self.shelter, "--dynamic", "--seed", "5"])
            #expect(try await Self.body(base + "/animals/ab-1") == expected[0])
            #expect(try await Self.body(base + "/animals/ab-1") == expected[1])
            #expect(try await Self.body(base + "/animals/ab-1", ["Prefer: dynamic=false"]) == #"{"id":"cat-1","name":"Tom","species":"cat","age":3,"secret":"s"}"#)
            mock.terminate()
            _ = await mock.wait()
        }
        let call = try await CLI.run(["call", Self.shelter, "getAnimal", "id=ab-1", "--mock", "--dynamic", "--seed", "5", "--raw"])
        #expect(call.status == 0)
        #expect(call.stdout == expected[0] + "\n")
    }

    @Test(arguments: [
        (["listAnimals", "--dynamic"], "error: --dynamic draws the mock's answer from the document's schema; give --mock too"),
        (["listAnimals", "--mock", "--seed", "3"], "error: --seed sets the seed of --dynamic's values; give --dynamic too"),
    ])
    func optionsThatNeedAnotherAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await CLI.run(["call", Self.shelter] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr == message + "\n")
    }
}

import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call` never changes an answer's integer silently: one with more digits than a Double
/// keeps prints as the server wrote it when the whole body is printed, and where it cannot be (a
/// key path, a query, a tuple) prints as before with one warning line on standard error.
@Suite struct CallWideIntegerOutputTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Big
            endpoints:
              item:
                GET: /item
              pair:
                GET: /item
                returns: "(id: Double, name: String)"
            """, name: "big.yaml")
    }()

    /// `netspec call big.yaml ENDPOINT FLAGS` against a server answering `body` as JSON.
    static func call(_ endpoint: String, _ flags: [String] = [], answering body: String) async throws -> CLI.Result {
        let handler: TestHandler = { _, writer in
            try await writer.respond(headers: [("Content-Type", "application/json")], body: Array(body.utf8))
        }
        return try await withTestServer(handler) { server in
            try await CLINetwork.call(spec, endpoint, flags, server: server)
        }
    }

    static let warning = """
        warning: the answer's integer at /id, 123456789012345678901234567890, has more digits than netspec keeps (about 17); \
        printed as 123456789012345677877719597056

        """

    /// The whole body: the digits as written, compact when piped (with or without `--raw`).
    @Test(arguments: [[], ["--raw"]])
    func aWholeBodyKeepsTheDigits(_ flags: [String]) async throws {
        let result = try await Self.call("item", flags, answering: #"{"id": 123456789012345678901234567890, "name": "x"}"#)
        #expect(result.stdout == #"{"id":123456789012345678901234567890,"name":"x"}"# + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// On a terminal, pretty-printed, the digits as written.
    @Test func aWholeBodyOnATerminalKeepsTheDigits() async throws {
        let handler: TestHandler = { _, writer in
            try await writer.respond(headers: [("Content-Type", "application/json")], body: Array(#"{"id":123456789012345678901234567890}"#.utf8))
        }
        let result = try await withTestServer(handler) { server in
            try await CLINetwork.runOnTerminal(["call", Self.spec, "item", "--base-url", server.baseURL], environment: ["NO_COLOR": "1"])
        }
        #expect(result.stdout == "{\n    \"id\": 123456789012345678901234567890\n}\n")
        #expect(result.status == 0)
    }

    /// Two such numbers, one negative and nested: both as written, no warning.
    @Test func aWholeBodyKeepsEveryNumbersDigits() async throws {
        let result = try await Self.call("item", answering: #"{"a": 123456789012345678901234567890, "b": [7, -98765432109876543210987654321]}"#)
        #expect(result.stdout == #"{"a":123456789012345678901234567890,"b":[7,-98765432109876543210987654321]}"# + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// A key path selecting the number: the Double's digits, and the warning naming where it was.
    @Test func aKeyPathSelectingTheNumberWarns() async throws {
        let result = try await Self.call("item", ["--keypath", "id"], answering: #"{"id": 123456789012345678901234567890, "name": "x"}"#)
        #expect(result.stdout == "123456789012345677877719597056\n")
        #expect(result.stderr == Self.warning)
        #expect(result.status == 0)
    }

    /// `--jsonpath` and a tuple transform the answer: the same warning.
    @Test(arguments: [("item", ["--jsonpath", "$.id"], "[123456789012345677877719597056]"), ("pair", [], #"{"id":123456789012345677877719597056,"name":"x"}"#)])
    func aQueryOrATupleWarns(endpoint: String, flags: [String], stdout: String) async throws {
        let result = try await Self.call(endpoint, flags, answering: #"{"id": 123456789012345678901234567890, "name": "x", "more": 1}"#)
        #expect(result.stdout == stdout + "\n")
        #expect(result.stderr == Self.warning)
        #expect(result.status == 0)
    }

    /// Two such numbers under a key path: one warning, for the first, saying how many more.
    @Test func twoNumbersUnderAKeyPathWarnOnce() async throws {
        let result = try await Self.call(
            "item", ["--keypath", "data"],
            answering: #"{"other": 123456789012345678901234567899999, "data": {"a/b": 123456789012345678901234567890, "b": [7, -98765432109876543210987654321]}}"#
        )
        #expect(result.stdout == #"{"a/b":123456789012345677877719597056,"b":[7,-98765432109876546265216450560]}"# + "\n")
        #expect(result.stderr == """
            warning: the answer's integer at /data/a~1b, 123456789012345678901234567890, has more digits than netspec keeps (about 17); \
            printed as 123456789012345677877719597056 (and 1 more such integer)

            """)
        #expect(result.status == 0)
    }

    /// Two literals read as the same Double: which digits belong where cannot be told, so the
    /// whole body prints the Double's digits and warns.
    @Test func twoLiteralsOfOneDoubleWarn() async throws {
        let result = try await Self.call("item", answering: #"{"id": 123456789012345678901234567890, "b": 123456789012345678901234567891}"#)
        #expect(result.stdout == #"{"id":123456789012345677877719597056,"b":123456789012345677877719597056}"# + "\n")
        #expect(result.stderr == Self.warning.replacingOccurrences(of: "597056\n", with: "597056 (and 1 more such integer)\n"))
        #expect(result.status == 0)
    }

    /// Numbers a Double keeps, beyond `Int` or not, print as before, whole or by key path, with
    /// no warning.
    @Test(arguments: [([String](), #"{"n":12345678901234567,"max":9223372036854775807,"big":18446744073709551616,"e":1000000000000000019884624838656}"#), (["--keypath", "big"], "18446744073709551616")])
    func ordinaryNumbersDoNotWarn(flags: [String], stdout: String) async throws {
        let result = try await Self.call("item", flags, answering: #"{"n": 12345678901234567, "max": 9223372036854775807, "big": 18446744073709551616, "e": 1e30}"#)
        #expect(result.stdout == stdout + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }
}

import Foundation
import NetspecMock
import Testing

import Netspec
import NetspecModel
import NetspecTestSupport

/// Issue 55's item 2 through the library: values made from schemas (every format the validator
/// knows, every optional member when drawn, `examples: [21]`), `MockServer.Options.cors` and
/// CORS on the stateful mock's answers (`netspec mock` as a process: MockPrismAnswersCommandTests).
@Suite struct MockPrismAnswersTests {
    /// Every format the validator checks, with the value the deterministic generator makes.
    static let formats: [(String, String)] = [
        ("date-time", "2024-01-15T09:30:00Z"), ("date", "2024-01-15"), ("time", "09:30:00Z"), ("email", "user@example.com"),
        ("uuid", "3fa85f64-5717-4562-b3fc-2c963f66afa6"), ("uri", "https://example.com/"), ("ipv4", "192.0.2.1"),
        ("ipv6", "2001:db8::1"), ("duration", "P3DT4H"),
    ]

    /// Each format's made value passes its format check (asserted), deterministic and drawn,
    /// alone and under a pattern-free length bound, as a response member.
    @Test(arguments: formats.indices) func everyFormatTheValidatorKnowsGeneratesAValidValue(_ index: Int) throws {
        let (format, expected) = Self.formats[index]
        let schema = try JSONSchema(["type": "string", "format": .string(format)], assertingFormats: true)
        #expect(schema.example() == .string(expected))
        #expect(schema.isValid(.string("string")) == false, "\(format) is asserted")
        for seed in 0..<20 as Range<UInt64> {
            let drawn = try #require(schema.example(seed: seed), "\(format) seed \(seed)")
            #expect(schema.validate(drawn).isEmpty, "\(format) seed \(seed): \(drawn)")
        }
        let member = try JSONSchema(["type": "object", "properties": ["at": ["type": ["string", "null"], "format": .string(format), "maxLength": 40]]], assertingFormats: true)
        #expect(member.example() == ["at": .string(expected)])
    }

    /// Drawn values fill every optional member too (they once skipped half), and nested objects
    /// reached through `$ref` theirs, four objects deep; `additionalProperties` gives one member.
    @Test func drawnObjectsFillEveryMember() throws {
        let schema = try JSONSchema([
            "$defs": ["Leaf": ["type": "object", "properties": ["x": ["type": "integer"], "y": ["type": "boolean"]]]],
            "type": "object", "required": ["id"],
            "properties": [
                "id": ["type": "integer"], "a": ["type": "string"], "b": ["type": "number"], "c": ["type": "array", "items": ["type": "string"]],
                "d": ["type": "object", "properties": ["leaf": ["$ref": "#/$defs/Leaf"]]],
                "e": ["type": "object", "additionalProperties": ["type": "string", "example": "v"]],
                "f": ["type": "object", "additionalProperties": ["type": "string"], "propertyNames": ["pattern": "^[a-z]+$"]],
            ],
        ])
        #expect(schema.example() == [
            "id": 0, "a": "string", "b": 0, "c": ["string"], "d": ["leaf": ["x": 0, "y": true]], "e": ["additionalProp1": "v"], "f": [:],
        ])
        for seed in 0..<10 as Range<UInt64> {
            let value = try #require(schema.example(seed: seed))
            #expect(value.object?.keys.sorted() == ["a", "b", "c", "d", "e", "id", "f"].sorted(), "seed \(seed): \(value)")
            #expect(value["d"]?["leaf"]?.object?.keys.sorted() == ["x", "y"], "seed \(seed): \(value)")
            #expect(value["e"] == ["additionalProp1": "v"] && schema.isValid(value), "seed \(seed): \(value)")
        }
    }

    /// A 3.1 schema's `examples` is a list of examples: the answer is its first, 21, not `[21]`.
    @Test func aSchemasExamplesListGivesItsFirstValue() throws {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            info: {title: E, version: "1"}
            paths:
              /n:
                get:
                  operationId: n
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {type: integer, examples: [21, 22]}}}}
            """, file: "e.yaml")
        let endpoint = try #require(spec.endpoint(named: "n"))
        #expect(try endpoint.mockAnswer().body == Array("21".utf8))
        for seed in 0..<5 as Range<UInt64> { #expect(try ["21", "22"].contains(String(decoding: endpoint.mockAnswer(dynamicSeed: seed).body, as: UTF8.self))) }
    }

    /// `MockServer.Options(cors: false)` leaves the CORS fields out and routes a preflight as
    /// any `OPTIONS`; the stateful mock's answers carry them (`Location` exposed).
    @Test func corsIsAnOptionAndTheStatefulMockHasItToo() async throws {
        let spec = try Spec.load(path: MockStateTests.library)
        let preflight = ["-H", "Origin: http://localhost:5173", "-H", "Access-Control-Request-Method: POST"]
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, stateful: true)) { base, log in
            let created = try await MockStateTests.send("POST", base + "/books", #"{"title":"Dune"}"#, headers: ["Origin: http://localhost:5173"])
            #expect(created.status == 201)
            #expect(created.headers["access-control-allow-origin"] == "*")
            #expect(created.headers["access-control-expose-headers"] == "Location, Netspec-Mock-Answer")
            let answer = try await ChildProcess.curl(["-s", "-o", "/dev/null", "-w", "%{http_code} %header{access-control-allow-methods}", "-X", "OPTIONS"] + preflight + [base + "/books"])
            #expect(answer.stdout == "204 GET, POST, HEAD")
            #expect(log.all.last == "OPTIONS /books 204 (CORS preflight)")
        }
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false, cors: false)) { base, _ in
            let read = try await ChildProcess.curl(["-s", "-i", base + "/books"])
            #expect(!read.stdout.lowercased().contains("access-control-"), "\(read.stdout)")
            let answer = try await ChildProcess.curl(["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "OPTIONS"] + preflight + [base + "/books"])
            #expect(answer.stdout == "405")
        }
    }
}

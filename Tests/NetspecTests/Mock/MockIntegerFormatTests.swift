import NetspecMock
import Testing

import Netspec
import NetspecModel
import NetspecTestSupport

/// The integer formats of OpenAPI's format registry beside `int32` and `int64` — `int8`,
/// `int16`, `uint8`, `uint16`, `uint32`, `uint64`, as Docker's document uses them — bound a
/// number in a query item, a header and a JSON body member, and bound the values made.
@Suite struct MockIntegerFormatTests {
    static let formats = ["int8", "int16", "uint8", "uint16", "uint32", "uint64"]

    /// One operation with a query item, a header and a body member of each format (the body's
    /// members are named `uint8Field`… in problems, apart from the query items of the same name).
    static let document: String = {
        var lines = ["openapi: 3.0.3", "info: {title: Sizes, version: \"1\"}", "paths:", "  /sizes:", "    post:", "      operationId: addSize", "      parameters:"]
        for format in formats {
            lines.append("        - {name: \(format), in: query, schema: {type: integer, format: \(format)}}")
            lines.append("        - {name: X-\(format), in: header, schema: {type: integer, format: \(format)}}")
        }
        lines += ["      requestBody:", "        content:", "          application/json:", "            schema:", "              type: object", "              properties:"]
        for format in formats { lines.append("                \(format): {type: integer, format: \(format)}") }
        lines += ["      responses:", "        \"200\": {description: ok, content: {application/json: {example: {ok: true}}}}"]
        return lines.joined(separator: "\n")
    }()

    @Test(arguments: [
        ("int8", "-128", "127", "128", "-128 to 127", 8),
        ("int16", "-32768", "32767", "-32769", "-32768 to 32767", 10),
        ("uint8", "0", "255", "256", "0 to 255", 12),
        ("uint16", "0", "65535", "-1", "0 to 65535", 14),
        ("uint32", "0", "4294967295", "4294967296", "0 to 4294967295", 16),
        // 2^64 + 4096, the first `Double` past 2^64: an integer, out of range.
        ("uint64", "0", "18446744073709551615", "18446744073709555712", "0 to 18446744073709551615", 18),
    ])
    func aValueOutsideTheFormatsRangeIsRefused(format: String, low: String, high: String, outside: String, range: String, line: Int) async throws {
        let spec = try Spec(yaml: Self.document, file: "sizes.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, _ in
            let post = ["-X", "POST", "-H", "Content-Type: application/json"]
            for value in [low, high] {
                try await #expect(MockSchemathesisFindings2Tests.answer(post + ["-H", "X-\(format): \(value)", "-d", #"{"\#(format)":\#(value)}"#, base + "/sizes?\(format)=\(value)"])
                    == MockSchemathesisFindings2Tests.ok)
            }
            let message = "must be within format \(format)'s range (\(range)), got \(outside)"
            let bodyLine = 26 + Self.formats.firstIndex(of: format)!
            try await #expect(MockSchemathesisFindings2Tests.answer(post + ["-H", "X-\(format): \(outside)", "-d", #"{"\#(format)":\#(outside)}"#, base + "/sizes?\(format)=\(outside)"])
                == MockRequestCheckTests.invalid("addSize", [
                    #"{"location":"body","parameter":"\#(format)Field","message":"\#(message) (schema at sizes.yaml:\#(bodyLine):\#(35 + format.count))"}"#,
                    #"{"location":"query","parameter":"\#(format)","message":"\#(message) (schema at sizes.yaml:\#(line):\#(55 + format.count))"}"#,
                    #"{"location":"header","parameter":"X-\#(format)","message":"\#(message) (schema at sizes.yaml:\#(line + 1):\#(58 + format.count))"}"#,
                ]))
        }
    }

    /// Values made for a schema of an integer format stay inside its range, seeded or not.
    @Test(arguments: [
        ("int8", -128...127), ("int16", -32768...32767), ("uint8", 0...255), ("uint16", 0...65535), ("uint32", 0...4294967295), ("uint64", 0...Int.max),
    ])
    func madeValuesStayInTheRange(format: String, range: ClosedRange<Int>) throws {
        let schema = try JSONSchema(["type": "integer", "format": .string(format)])
        for seed in [nil] + (1...40).map(UInt64.init) {
            let value = try #require(schema.example(direction: .request, seed: seed))
            #expect(value.int.map(range.contains) == true, "\(format), seed \(String(describing: seed)): \(value)")
        }
    }
}

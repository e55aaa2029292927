import Testing
import Netspec

/// A spec of 1,200 endpoints: big enough for the endpoint mapping's duplicate-key index and
/// line numbers in the thousands, as real generated specs have.
@Suite struct BigSpecLoadingTests {
    static let count = 1_200

    /// A spec of `count` endpoints `op0`, `op1`, …, each 5 lines long, with `broken`
    /// endpoints given an unknown key and a misspelt location.
    static func spec(broken: Set<Int> = [], refresh: String = "op1199") -> String {
        var lines = [
            "netspec: 1", "service: Big",
            "auth: { bearer: \"${TOKEN}\", refresh: { endpoint: \(refresh), token: data.token } }",
            "endpoints:",
        ]
        for index in 0..<count {
            lines += [
                "  op\(index):",
                "    \(index.isMultiple(of: 2) ? "GET" : "POST"): /items/{id}",
                broken.contains(index) ? "    tiemout: 3" : "    timeout: 3",
                "    params:",
                broken.contains(index) ? "      id: { in: paht }" : "      id: Int",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The line of endpoint `index`'s name (the header is 4 lines).
    static func line(of index: Int) -> Int { 5 + 5 * index }

    @Test func endpointsKeepTheirOrderAndPositions() throws {
        let spec = try Spec(yaml: Self.spec(), file: "big.yaml")
        #expect(spec.endpoints.map(\.name) == (0..<Self.count).map { "op\($0)" })
        #expect(spec.endpoints.map(\.mark.line) == (0..<Self.count).map(Self.line(of:)))
        #expect(spec.endpoints.map(\.method.rawValue).prefix(3) == ["GET", "POST", "GET"])
        #expect(spec.endpoint(named: "op1199")?.parameters.map(\.location) == [.path])
        #expect(spec.endpoint(named: "op600")?.timeout == 3)
    }

    @Test func problemsAcrossTheSpecComeInSourceOrder() throws {
        // The first endpoint, two neighbours in the middle, and the very last.
        let broken = [0, 299, 300, 1_199]
        let error = try #require(throws: SpecError.self) {
            try Spec(yaml: Self.spec(broken: Set(broken), refresh: "op11999"), file: "big.yaml")
        }
        var expected = ["big.yaml:3:7: error: auth: refresh endpoint 'op11999' is not an endpoint of this spec (did you mean 'op1199' or 'op1' or 'op1099'?)"]
        for index in broken {
            let line = Self.line(of: index)
            expected += [
                "big.yaml:\(line + 2):5: error: endpoint 'op\(index)': unknown key 'tiemout' (did you mean 'timeout'?)",
                "big.yaml:\(line + 4):17: error: endpoint 'op\(index)': parameter 'id': unknown location 'paht' (did you mean 'part' or 'path'?)",
            ]
        }
        #expect(error.description == expected.joined(separator: "\n"))
    }
}

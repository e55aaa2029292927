import Testing

import Netspec
import NetspecModel

@Suite struct JSONParserNumberTests {
    static let integers: [(String, Int)] = [
        ("0", 0),
        ("-0", 0),
        ("7", 7),
        ("-7", -7),
        ("9007199254740993", 9_007_199_254_740_993),
        ("-9007199254740993", -9_007_199_254_740_993),
        ("9223372036854775807", Int.max),
        ("-9223372036854775807", -Int.max),
        ("-9223372036854775808", Int.min),
        ("1000000000000000000", 1_000_000_000_000_000_000),
    ]

    @Test(arguments: integers)
    func integerSyntaxThatFitsIsExact(text: String, expected: Int) throws {
        #expect(try JSONValue(parsing: text) == .int(expected))
    }

    static let doubles: [(String, Double)] = [
        ("9223372036854775808", 9_223_372_036_854_775_808.0),
        ("9223372036854775809", 9_223_372_036_854_775_809.0),
        ("18446744073709551616", 18_446_744_073_709_551_616.0),
        ("123456789012345678901234567890", 1.2345678901234568e29),
        ("0.0", 0.0),
        ("1.0", 1.0),
        ("0.1", 0.1),
        ("0.30000000000000004", 0.30000000000000004),
        ("1e22", 1e22),
        ("1e23", 1e23),
        ("123e25", 1.23e27),
        ("1.7976931348623157e308", 1.7976931348623157e308),
        ("2.2250738585072014e-308", 2.2250738585072014e-308),
        ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown),
        ("5e-324", .leastNonzeroMagnitude),
        ("4.9406564584124654e-324", .leastNonzeroMagnitude),
        ("2e-324", 0.0),
        ("1e-400", 0.0),
        ("0e99999", 0.0),
        ("123.456e-5", 0.00123456),
        ("1E+2", 100.0),
        ("0.000001", 1e-6),
        ("0.00000000000000000000000000001", 1e-29),
        ("3.141592653589793238462643383279", 3.141592653589793),
        ("9007199254740993.0", 9_007_199_254_740_992.0),
        ("9007199254740995.0", 9_007_199_254_740_996.0),
        ("2.5e-1", 0.25),
        ("100000000000000000000000e-23", 1.0),
        ("7.2057594037927933e16", 7.2057594037927936e16),
        ("94.78653606090633", 94.78653606090633),
    ]

    @Test(arguments: doubles)
    func otherNumbersAreCorrectlyRoundedDoubles(text: String, expected: Double) throws {
        let value = try JSONValue(parsing: text)
        #expect(value == .double(expected))
        if Int("-" + text) == nil {  // -9223372036854775808 is Int.min
            #expect(try JSONValue(parsing: "-" + text) == .double(-expected))
        }
    }

    @Test func negativeZeroDoubles() throws {
        for text in ["-0.0", "-0e5", "-0E-3", "-1e-400"] {
            let value = try JSONValue(parsing: text)
            #expect(value.double == 0)
            #expect(value.double?.sign == .minus, "\(text)")
        }
    }

    /// A deterministic generator, so failures reproduce.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func randomBitPatternsRoundTripThroughShortestText() throws {
        var generator = SplitMix64(state: 1)
        var checked = 0
        while checked < 5_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            checked += 1
            let parsed = try JSONValue(parsing: value.description)
            #expect(parsed.double?.bitPattern == value.bitPattern, "\(value)")
        }
    }

    @Test func randomDecimalTextMatchesTheStandardLibrary() throws {
        var generator = SplitMix64(state: 2)
        for _ in 0..<5_000 {
            let digitCount = Int.random(in: 1...25, using: &generator)
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digitCount {
                digits.append(String(Int.random(in: 0...9, using: &generator)))
            }
            let point = Int.random(in: 0...digitCount, using: &generator)
            var text = digits
            if point < digitCount {
                let index = text.index(text.startIndex, offsetBy: point)
                text = point == 0 ? "0." + text : String(text[..<index]) + "." + String(text[index...])
            }
            if Bool.random(using: &generator) {
                text += "e\(Int.random(in: -330...300, using: &generator))"
            }
            if Bool.random(using: &generator) { text = "-" + text }
            guard let expected = Double(text), expected.isFinite else { continue }
            let parsed = try JSONValue(parsing: text)
            switch parsed {
            case .int(let integer):
                #expect(Int(text) == integer, "\(text)")
            case .double(let double):
                #expect(double.bitPattern == expected.bitPattern, "\(text)")
            default:
                Issue.record("unexpected \(parsed) for \(text)")
            }
        }
    }

    @Test func hardRoundingCasesMatchTheStandardLibrary() throws {
        // Halfway and near-halfway cases that defeat naive multiply-and-round.
        let cases = [
            "9007199254740993", "9007199254740992.5", "9007199254740993.0000000001",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "2.47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347722858865463328355177969898199387398005390939063150356595155702263922908583924491051844359318028499365361525003193704576782492193656236698636584807570015857692699037063119282795585513329278343384093519780155312465972635795746227664652728272200563740064854999770965994704540208281662262378573934507363390079677619305775067401763246736009689513405355374585166611342237666786041621596804619144672918403005300575308490487653917113865916462395249126236538818796362393732804238910186723484976682350898633885879256283027559956575244555072551893136908362547791869486679949683240497058210285131854513962138377228261454376934125320985913276672363281255e-324",
            "1e-324", "3e-324", "1.7976931348623157e308", "1.7976931348623158e308",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999",
        ]
        for text in cases {
            let expected = Double(text)!
            let parsed = try JSONValue(parsing: text)
            #expect(parsed.double?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func longIntegerRunsFallBackExactly() throws {
        let text = "1" + String(repeating: "0", count: 308)
        #expect(try JSONValue(parsing: text) == .double(1e308))
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: "1" + String(repeating: "0", count: 309)) }
    }
}

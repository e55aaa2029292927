import NetspecTestSupport
import Testing

import Netspec
import NetspecModel

/// The JSON Schema Test Suite (draft 2020-12) against the engine: the required tests (the files
/// directly in `tests/draft2020-12`) and the optional format tests with format assertion on.
/// Each case checks both paths: `isValid` and `validate(_:).isEmpty` must both give the suite's answer.
@Suite(.enabled(if: SchemaTestSuite.directory != nil, "needs the JSON Schema Test Suite (Tests/Peers/setup.sh); see the printed reason"))
struct SchemaConformanceTests {
    /// Required cases the engine fails, by `file / group / test`, with the reason (docs/schema.md lists them too).
    static let knownRequiredFailures: [String: String] = [
        "vocabulary.json / schema that uses custom metaschema with with no validation vocabulary / no validation: invalid number, but it still validates":
            "the engine does not read `$vocabulary` from a meta-schema: every 2020-12 vocabulary is always on",
    ]

    /// Optional format cases the engine fails, with the reason.
    static let knownFormatFailures: [String: String] = [:]

    /// The format files run with format assertion on.
    static let formatFiles = ["date-time", "date", "time", "email", "uuid", "uri", "ipv4", "ipv6", "duration"].map { "optional/format/\($0).json" }

    @Test func requiredTests() throws {
        let (passed, total) = try run(SchemaTestSuite.requiredFiles(), assertingFormats: false, known: Self.knownRequiredFailures)
        print("JSON Schema Test Suite, draft2020-12 required: \(passed)/\(total) passed")
        #expect(Double(passed) >= 0.99 * Double(total))
    }

    /// The optional tests of the keywords' behaviour (not the formats'), which the built-in
    /// meta-schemas let run: anchors, `$id`, `$dynamicRef`, references to unknown keywords, big numbers.
    static let optionalFiles = try! SchemaTestSuite.optionalFiles()

    /// Optional cases the engine fails, with the reason.
    static let knownOptionalFailures: [String: String] = [
        "optional/cross-draft.json / refs to historic drafts are processed as historic drafts / first item not a string is valid":
            "the engine reads every schema as 2020-12 (or the compile option's dialect), not by the `$schema` of the one it refers to; only 2020-12's meta-schemas are built in",
        "optional/format-assertion.json / schema that uses custom metaschema with format-assertion: false / format-assertion: false: invalid string":
            "the engine does not read `$vocabulary` from a meta-schema: format assertion is a compile option",
        "optional/format-assertion.json / schema that uses custom metaschema with format-assertion: true / format-assertion: true: invalid string":
            "the engine does not read `$vocabulary` from a meta-schema: format assertion is a compile option",
    ]

    @Test func optionalTests() throws {
        let (passed, total) = try run(Self.optionalFiles, assertingFormats: false, known: Self.knownOptionalFailures)
        print("JSON Schema Test Suite, draft2020-12 optional (\(Self.optionalFiles.count) files): \(passed)/\(total) passed")
        #expect(passed + Self.knownOptionalFailures.count == total)
    }

    @Test func formatTests() throws {
        let (passed, total) = try run(Self.formatFiles, assertingFormats: true, known: Self.knownFormatFailures)
        print("JSON Schema Test Suite, draft2020-12 optional/format (\(Self.formatFiles.count) formats, asserted): \(passed)/\(total) passed")
        #expect(passed == total)
    }

    /// Runs the files' cases; records an issue for each failure not in `known` and each entry of
    /// `known` that passes; returns how many passed of how many.
    private func run(_ files: [String], assertingFormats: Bool, known: [String: String]) throws -> (Int, Int) {
        let cases = try SchemaTestSuite.cases(files)
        var schemas: [String: Result<JSONSchema, SchemaError>] = [:]
        var passed = 0
        for test in cases {
            let key = test.file + "\u{0}" + test.group
            if schemas[key] == nil {
                schemas[key] = Result { () throws(SchemaError) in try SchemaTestSuite.compile(test.schema, assertingFormats: assertingFormats) }
            }
            let outcome: String?
            switch schemas[key]! {
            case let .failure(error):
                outcome = "does not compile: \(error)"
            case let .success(schema):
                let fast = schema.isValid(test.data)
                let violations = schema.validate(test.data)
                if fast != test.valid {
                    outcome = "isValid gives \(fast), the suite says \(test.valid)"
                } else if violations.isEmpty != test.valid {
                    outcome = "validate gives \(violations.map(\.description)), the suite says \(test.valid)"
                } else {
                    outcome = nil
                }
            }
            if let outcome {
                if known[test.name] == nil { Issue.record("\(test.name): \(outcome)") }
            } else {
                passed += 1
                if known[test.name] != nil { Issue.record("\(test.name) passes now; remove it from the known failures") }
            }
        }
        return (passed, cases.count)
    }
}

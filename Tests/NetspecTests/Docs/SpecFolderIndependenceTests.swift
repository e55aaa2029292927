import Foundation
import Testing

/// The one-way rule of ARCHITECTURE.md: the model and its front ends (`Model/`, `YAML/`,
/// `SpecFormat/`, `OpenAPI/`, `Swagger/`, `Loading/`) name no type of a later stage, so another front end and
/// new consumers can rely on the model alone.
@Suite struct SpecFolderIndependenceTests {
    static let folders = ["Model", "YAML", "SpecFormat", "OpenAPI", "Swagger", "Loading"]

    static let laterStageTypes = [
        "CallError", "ArgumentError", "ConfigurationError", "RequestPlan", "RequestBuilder", "ResultShaper", "Service",
        "Provider", "Response", "PreparedRequest", "TransportError", "TransportResponse", "Interceptor", "BindingContext",
        "VariableLookup", "HTTPStatusError", "ResultDecodingError", "HTTPCache", "TokenStore", "EventStream", "WebSocket",
    ]

    /// A later stage's type named at a word boundary. The boundaries are simple ones (`\b` between a
    /// word character and another): Swift Regex's default, Unicode's, would read `Provider.Cache` as
    /// one word and miss `Provider` in it.
    static func laterStageName() -> Regex<AnyRegexOutput> {
        try! Regex("\\b(" + laterStageTypes.joined(separator: "|") + ")\\b").wordBoundaryKind(.simple)
    }

    /// The lines of `text` that name a later stage's type outside comments and string literals.
    static func violations(in text: String, file: String) -> [String] {
        let pattern = laterStageName()
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            // Text inside string literals (messages) is not a dependency.
            let outsideStrings = code.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined()
            if outsideStrings.firstMatch(of: pattern) != nil { found.append("\(file):\(number + 1): \(line)") }
        }
        return found
    }

    @Test func theModelNamesNoLaterStage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Netspec")
        var found: [String] = []
        var scanned = 0
        for folder in Self.folders {
            let path = root.appendingPathComponent(folder).path
            for file in FileManager.default.enumerator(atPath: path)!.compactMap({ $0 as? String }) where file.hasSuffix(".swift") {
                found += Self.violations(in: try String(contentsOfFile: path + "/" + file, encoding: .utf8), file: "\(folder)/\(file)")
                scanned += 1
            }
        }
        #expect(scanned > 40, "the folders moved: \(scanned) files scanned")
        #expect(found == [])
    }

    /// The guard fails on what it guards against: planted lines are found, including the one the
    /// Unicode word boundaries missed (`Provider.Cache.Policy`), and comments and messages are not.
    @Test(arguments: [
        ("var cachePolicy: Provider.Cache.Policy? = nil", true),
        ("let error = CallError.argument(x)", true),
        ("func f(_ response: Response) {}", true),
        ("extension WebSocket {}", true),
        ("let cache: HTTPCache", true),
        ("// a Service calls it", false),
        ("report(\"the Provider's base URL\")", false),
        ("let responses = 1; let provider2 = 2", false),
    ])
    func aPlantedViolationIsFound(line: String, isViolation: Bool) {
        #expect(Self.violations(in: "import HTTPTypes\n" + line + "\n", file: "Model/Planted.swift") == (isViolation ? ["Model/Planted.swift:2: \(line)"] : []))
    }
}

import Foundation
import Testing

/// The one-way rule of ARCHITECTURE.md: the front end and the model (`Spec/`, `YAML/`) name no
/// type of a later stage, so a second front end and new consumers can rely on the model alone.
@Suite struct SpecFolderIndependenceTests {
    static let laterStageTypes = [
        "CallError", "ArgumentError", "ConfigurationError", "RequestPlan", "RequestBuilder", "ResultShaper", "Service",
        "Provider", "Response", "PreparedRequest", "TransportError", "TransportResponse", "Interceptor", "BindingContext",
        "VariableLookup", "HTTPStatusError", "ResultDecodingError",
    ]

    @Test func theModelNamesNoLaterStage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Netspec")
        let word = try Regex("\\b(" + Self.laterStageTypes.joined(separator: "|") + ")\\b")
        var found: [String] = []
        for folder in ["Model", "YAML", "SpecFormat", "OpenAPI", "Loading"] {
            let path = root.appendingPathComponent(folder).path
            for file in FileManager.default.enumerator(atPath: path)!.compactMap({ $0 as? String }) where file.hasSuffix(".swift") {
                let lines = try String(contentsOfFile: path + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    // Text inside string literals (messages) is not a dependency.
                    let outsideStrings = code.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                        .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined()
                    if outsideStrings.firstMatch(of: word) != nil { found.append("\(folder)/\(file):\(number + 1): \(line)") }
                }
            }
        }
        #expect(found == [])
    }
}

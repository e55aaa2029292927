import Foundation
import Testing

/// The library's public top-level types, read from the sources: a new one is a decision made
/// here (and in ARCHITECTURE.md and the README's reference), not an accident.
@Suite struct PublicSurfaceTests {
    static let expected: Set<String> = [
        "Argument", "ArgumentConvertible", "AsyncHTTPClientTransport", "CallError", "CallOptions", "Endpoint",
        "EndpointCall", "HTTPTransport", "Interceptor", "InterceptorContext", "InterceptorNext", "JSONObject",
        "JSONValue", "Parameter", "PreparedRequest", "Provider", "Response", "RetryPolicy", "ServerSentEvent",
        "Service", "Spec", "SpecError", "TransportOptions", "TransportResponse",
    ]

    @Test func thePublicTopLevelTypesAreTheCore() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Netspec")
        let declaration = try Regex(#"^public (?:final )?(?:struct|enum|class|protocol|actor|typealias) ([A-Za-z_][A-Za-z0-9_]*)"#)
        var found: Set<String> = []
        for file in FileManager.default.enumerator(atPath: folder.path)!.compactMap({ $0 as? String }) where file.hasSuffix(".swift") {
            var previous = ""
            for line in try String(contentsOfFile: folder.path + "/" + file, encoding: .utf8).split(separator: "\n") {
                // `@_spi` declarations are not API.
                if !previous.hasPrefix("@_spi"), let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                    found.insert(String(name))
                }
                previous = String(line)
            }
        }
        #expect(found == Self.expected)
        #expect(found.count < 25)
    }
}

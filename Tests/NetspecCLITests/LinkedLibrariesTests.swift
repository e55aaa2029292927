import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// The CLI carries Foundation's essentials only: not `Foundation` itself, whose
/// internationalization half (ICU's data, about 30 MB in a static binary) it does not need and
/// which made start-up slower. Every module of the binary imports `FoundationEssentials` where it
/// can, and Hummingbird is used without its default `FullFoundation` trait.
@Suite struct LinkedLibrariesTests {
    @Test func theCLILinksNeitherFoundationNorICU() async throws {
        #if os(Linux)
        let result = try await ChildProcess.run("/usr/bin/env", ["readelf", "-d", CLI.executable])
        try #require(result.status == 0, "readelf: \(result.stderr)")
        let needed = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #expect(needed.contains("libFoundationEssentials.so"))
        #expect(needed.filter { $0.hasPrefix("libFoundation.") || $0.hasPrefix("libFoundationInternationalization") || $0.contains("ICU") } == [])
        #endif
    }
}

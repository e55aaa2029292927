import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// The CLI carries Foundation's essentials only: not `Foundation` itself, whose
/// internationalization half (ICU's data, about 30 MB in a static binary) it does not need and
/// which made start-up slower, nor the URLSession transport. Every module of the binary imports `FoundationEssentials` where it
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
        #expect(needed.filter { $0.hasPrefix("libFoundationNetworking") || $0.hasPrefix("libcurl") } == [])
        #endif
    }

    /// `NetspecURLSession` (URLSession, and FoundationNetworking with libcurl on Linux) is for
    /// apps: the CLI does not depend on it, so no symbol of it or of FoundationNetworking is in
    /// the binary, which a static build would otherwise carry without a `NEEDED` entry to show.
    /// The test bundle, which links both, shows that the check finds them when they are there.
    @Test func theCLICarriesNoURLSessionTransport() throws {
        let markers = ["17NetspecURLSession", "20FoundationNetworking"]
        func found(in path: String) throws -> [String] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            return markers.filter { bytes.range(of: Data($0.utf8)) != nil }
        }
        #expect(try found(in: CLI.executable) == [])
        #if os(Linux)
        #expect(try found(in: "/proc/self/exe") == markers)
        #endif
    }
}

import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `Benchmarks/netspec.order`, the functions a cold call runs in the order the README's static
/// build lays them out, still names the functions of the built CLI (`Benchmarks/order-check.py`):
/// a rename or a move to another module that leaves it stale fails here, saying how to make it anew.
@Suite struct SymbolOrderTests {
    static let check = CLI.root + "/Benchmarks/order-check.py"

    /// The counts of the check's first line: missing, compared.
    static func counts(_ output: String, file: String) throws -> (missing: Int, compared: Int) {
        let line = String(output.prefix { $0 != "\n" })
        let words = line.split(separator: " ")
        try #require(line.hasPrefix("\(file): ") && line.hasSuffix("%)") && words.count > 4, "\(output)")
        return (try #require(Int(words[1])), try #require(Int(words[3])))
    }

    @Test func theOrderFileNamesTheBuiltCLIsFunctions() async throws {
        let result = try await ChildProcess.run("/usr/bin/env", ["python3", Self.check, CLI.executable])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let (missing, compared) = try Self.counts(result.stdout, file: "netspec.order")
        #expect(compared > 300, "enough of Netspec's functions to tell")
        #expect(missing * 20 <= compared)
    }

    /// The check proves itself: the same file after Netspec's and NetspecModel's functions moved to
    /// modules of other names (their mangled names change) is stale.
    @Test func aFileOfRenamedFunctionsIsStale() async throws {
        let directory = try ScratchDirectory()
        let planted = directory.path + "/moved.order"
        let order = try String(contentsOfFile: CLI.root + "/Benchmarks/netspec.order", encoding: .utf8)
        let moved = order.replacingOccurrences(of: "$s12NetspecModel", with: "$s15NetspecModelOld").replacingOccurrences(of: "$s7Netspec", with: "$s10NetspecOld")
        try moved.write(toFile: planted, atomically: true, encoding: .utf8)
        let result = try await ChildProcess.run("/usr/bin/env", ["python3", Self.check, CLI.executable, planted])
        #expect(result.status == 1)
        let (missing, compared) = try Self.counts(result.stdout, file: "moved.order")
        #expect(missing * 2 > compared)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.dropFirst().prefix(10).allSatisfy { $0.hasPrefix("  missing: $s10NetspecOld") || $0.hasPrefix("  missing: $s15NetspecModelOld") })
        #expect(lines.last == """
            more than 5% are gone: the file is stale; make it anew with Benchmarks/order.sh (a static release build of its own, \
            then four runs under valgrind) and commit it
            """)
    }
}

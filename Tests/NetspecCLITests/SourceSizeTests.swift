import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// The house's size rules hold (`Tests/Tools/source-sizes.py`): no function over 80 lines outside
/// the exempt parser and interpreter switches, no file over 400 lines, under `Sources/`.
@Suite struct SourceSizeTests {
    static let tool = CLI.root + "/Tests/Tools/source-sizes.py"

    @Test func noFunctionOrFileIsOverTheLimits() async throws {
        let result = try await ChildProcess.run("/usr/bin/env", ["python3", Self.tool, CLI.root + "/Sources"])
        #expect(result.stdout == "", "over the limits:\n\(result.stdout)\(result.stderr)")
        #expect(result.status == 0)
    }

    /// The check proves itself: an 81-line function and a 401-line file are reported, exactly.
    @Test func aLongFunctionAndALongFileAreReported() async throws {
        let directory = try ScratchDirectory()
        let body = (1...79).map { "    let x\($0) = \($0)" }.joined(separator: "\n")
        try "func long() {\n\(body)\n}\n".write(toFile: directory.path + "/Long.swift", atomically: true, encoding: .utf8)
        try String(repeating: "// line\n", count: 401).write(toFile: directory.path + "/Big.swift", atomically: true, encoding: .utf8)
        let result = try await ChildProcess.run("/usr/bin/env", ["python3", Self.tool, directory.path])
        #expect(result.status == 1)
        #expect(result.stdout == """
              81 lines  \(directory.path)/Long.swift:1  func long
              401 lines  \(directory.path)/Big.swift (the file)

            """)
    }
}

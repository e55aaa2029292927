import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// README.md's Swift snippets cannot drift: each is held verbatim in `ReadmeSnippets.swift`, which
/// the compiler checks, and this suite checks that the two agree line for line. The manifest
/// snippet is parsed by SwiftPM.
@Suite struct ReadmeSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The README's ```swift blocks, in order, as lines.
    static func readmeBlocks() throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Snippet `number` as held in ReadmeSnippets.swift: its regions joined, indentation removed.
    static func heldSnippet(_ number: Int) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("Tests/NetspecTests/Docs/ReadmeSnippets.swift"), encoding: .utf8)
        var lines: [String] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed == "// README snippet \(number)" { inside = true; continue }
            if trimmed == "// end README snippet \(number)" { inside = false; continue }
            if inside { lines.append(String(trimmed)) }
        }
        return lines
    }

    @Test func everySwiftSnippetIsHeldVerbatim() throws {
        let blocks = try Self.readmeBlocks()
        #expect(blocks.count == 17)
        for (index, block) in blocks.enumerated().dropFirst() {
            let expected = block.map { String($0.drop { $0 == " " }) }
            #expect(try Self.heldSnippet(index + 1) == expected, "README Swift block \(index + 1) differs from ReadmeSnippets.swift")
        }
    }

    /// The first snippet is a whole Package.swift: SwiftPM must parse it, with the dependency on
    /// this package by branch and, in its commented alternative, by path.
    @Test func theManifestSnippetParses() async throws {
        let manifest = try #require(try Self.readmeBlocks().first)
        #expect(manifest.first == "// swift-tools-version:6.0")
        let directory = try ScratchDirectory()
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/netspec", withDestinationPath: Self.root.path)
        for (label, text) in [
            ("url", manifest.joined(separator: "\n")),
            // The commented alternative, with `../netspec` a link to this checkout.
            ("path", manifest.joined(separator: "\n").replacing("// or a local checkout: .package", with: ".package")
                .replacing(".package(url: \"https://github.com/YOUR-ORG/netspec\", branch: \"main\"),   // no release tag yet", with: "")),
        ] {
            let package = URL(fileURLWithPath: directory.path).appendingPathComponent(label)
            try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
            try text.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "print(1)\n".write(to: package.appendingPathComponent("Sources/MyApp/main.swift"), atomically: true, encoding: .utf8)
            let result = try await ChildProcess.run("/usr/bin/env", ["swift", "package", "dump-package"], directory: package.path)
            #expect(result.status == 0, "\(label): \(result.stderr)")
            #expect(result.stdout.contains(label == "url" ? "\"https://github.com/YOUR-ORG/netspec\"" : "\"\(directory.path)/netspec\""))
        }
    }
}

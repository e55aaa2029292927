import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// Every ```swift block of the documentation — README.md, docs/*.md and the DocC articles in
/// Sources/Netspec/Netspec.docc and Sources/NetspecTesting/NetspecTesting.docc — is compiled twice by the test command, so none can drift from
/// the API or fail where a reader pastes it:
///
/// - **In a function.** Each block is held verbatim in `Tests/DocSnippets/Held/*.swift`, between
///   `// snippet FILE N` and `// end snippet FILE N` (the N-th Swift block of FILE), inside
///   functions of the `DocSnippets` executable target that are compiled, not called. A block may
///   be split into several regions, for declarations that must be at file scope. This suite checks
///   that every block is held and equal, line for line (leading spaces aside), and that no region
///   names a block that is not there.
/// - **As top-level code.** `Tests/DocSnippets/main.swift`, the same target's entry point, holds
///   each held function's body as top-level statements, in a `do { … }` of its own (the function's
///   parameters become constants made by `placeholder()`). It is generated from the held files;
///   this suite checks that it is current, and `NETSPEC_RECORD_DOC_SNIPPETS=1 swift test --filter
///   DocSnippetTests` writes it anew. `NetspecTests` depends on the target, so `swift test` builds
///   both, and a snippet that compiles in a function but not at top level fails the build: with
///   Swift 6.3.1, `catch let e as CallError` after a block that throws only `CallError` crashes the
///   compiler there (issue 38; ``theTopLevelCrashStillNeedsTheGuidance()`` watches for a fixed compiler).
///
/// A block that is not compiled says so, with the reason, on the line before its fence:
/// `<!-- snippet not compiled: REASON -->`.
@Suite struct DocSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let snippets = root.appendingPathComponent("Tests/DocSnippets")
    static let notCompiledPrefix = "<!-- snippet not compiled: "

    /// One ```swift block of a Markdown file.
    struct Block {
        /// The file's path from the repository's root.
        var file: String
        /// Its place among the file's Swift blocks, from 1.
        var number: Int
        var lines: [String]
        /// Why it is not compiled, when the line before its fence says so.
        var notCompiled: String?

        var key: String { "\(file) \(number)" }
    }

    /// The Markdown files whose Swift blocks are checked, from the repository's root.
    static func markdownFiles() throws -> [String] {
        func markdown(in folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        return ["README.md"] + (try markdown(in: "docs")) + (try markdown(in: "Sources/Netspec/Netspec.docc"))
            + (try markdown(in: "Sources/NetspecTesting/NetspecTesting.docc"))
    }

    static func lines(of path: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The ```swift blocks of one Markdown file, in order.
    static func blocks(of file: String) throws -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var previous = ""
        for line in try lines(of: file) {
            if current == nil, line == "```swift" {
                var reason: String?
                if previous.hasPrefix(notCompiledPrefix), previous.hasSuffix(" -->") {
                    reason = String(previous.dropFirst(notCompiledPrefix.count).dropLast(" -->".count))
                }
                current = Block(file: file, number: blocks.count + 1, lines: [], notCompiled: reason)
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.lines.append(line)
            }
            previous = line
        }
        return blocks
    }

    /// The held files, from the repository's root, sorted.
    static func heldFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: snippets.appendingPathComponent("Held").path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { "Tests/DocSnippets/Held/" + $0 }
    }

    /// Every held block by its key (`FILE N`): its regions joined, leading spaces removed.
    static func heldBlocks() throws -> [String: [String]] {
        var held: [String: [String]] = [:]
        for file in try heldFiles() {
            var key: String?
            for line in try lines(of: file) {
                let trimmed = String(line.drop { $0 == " " })
                if key == nil, trimmed.hasPrefix("// snippet ") {
                    key = String(trimmed.dropFirst("// snippet ".count))
                    held[key!, default: []] += []
                } else if let open = key, trimmed == "// end snippet \(open)" {
                    key = nil
                } else if let open = key {
                    held[open, default: []].append(trimmed)
                }
            }
        }
        return held
    }

    @Test func everySwiftBlockIsHeldVerbatimOrSaysWhyNot() throws {
        let held = try Self.heldBlocks()
        var keys: Set<String> = []
        var compiled = 0
        for file in try Self.markdownFiles() {
            for block in try Self.blocks(of: file) {
                keys.insert(block.key)
                if let reason = block.notCompiled {
                    #expect(!reason.isEmpty, "\(block.key): a block that is not compiled says why")
                    #expect(held[block.key] == nil, "\(block.key) is marked not compiled but is held in Tests/DocSnippets/Held")
                    continue
                }
                compiled += 1
                let expected = block.lines.map { String($0.drop { $0 == " " }) }
                #expect(held[block.key] == expected, "\(block.key): the Swift block differs from the one held in Tests/DocSnippets/Held (or is not held)")
            }
        }
        for key in held.keys.sorted() where !keys.contains(key) {
            Issue.record("Tests/DocSnippets/Held holds '\(key)', which is no Swift block of the documentation")
        }
        #expect(compiled == 48)
    }

    /// The README's manifest block: SwiftPM must parse it, with the dependency on this package by
    /// branch and, in its commented alternative, by path.
    @Test func theManifestSnippetParses() async throws {
        let manifest = try #require(try Self.blocks(of: "README.md").first)
        #expect(manifest.notCompiled != nil)
        #expect(manifest.lines.first == "// swift-tools-version:6.0")
        let directory = try ScratchDirectory()
        // A checkout whose folder is not called netspec: the path dependency's `name:` finds it still.
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/netspec-checkout", withDestinationPath: Self.root.path)
        let text = manifest.lines.joined(separator: "\n")
        for (label, text) in [
            ("url", text),
            // The commented alternative, with `../netspec-checkout` a link to this checkout.
            ("path", text.replacing("// or a local checkout: .package", with: ".package").replacing("../netspec", with: "../netspec-checkout")
                .replacing(".package(url: \"https://github.com/YOUR-ORG/netspec\", branch: \"main\"),   // no release tag yet", with: "")),
        ] {
            let package = URL(fileURLWithPath: directory.path).appendingPathComponent(label)
            try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
            try text.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "print(1)\n".write(to: package.appendingPathComponent("Sources/MyApp/main.swift"), atomically: true, encoding: .utf8)
            let result = try await ChildProcess.run("/usr/bin/env", ["swift", "package", "dump-package"], directory: package.path)
            #expect(result.status == 0, "\(label): \(result.stderr)")
            #expect(result.stdout.contains(label == "url" ? "\"https://github.com/YOUR-ORG/netspec\"" : "\"\(directory.path)/netspec-checkout\""))
        }
    }

    // MARK: - Top-level code

    /// A held function: where it is, its parameters, and its body.
    struct HeldFunction {
        var file: String
        var name: String
        var parameters: [(name: String, type: String)]
        var body: [String]
    }

    /// The `static func`s of the held files, in file order.
    static func heldFunctions() throws -> [HeldFunction] {
        var functions: [HeldFunction] = []
        for file in try heldFiles() {
            let lines = try Self.lines(of: file)
            var index = 0
            while index < lines.count {
                let line = lines[index]
                let indent = String(line.prefix { $0 == " " })
                guard line.dropFirst(indent.count).hasPrefix("static func "), line.hasSuffix("{"),
                      let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") else {
                    index += 1
                    continue
                }
                let name = String(line[line.index(line.startIndex, offsetBy: indent.count + "static func ".count)..<open])
                let parameters = splitParameters(String(line[line.index(after: open)..<close])).map { parameter in
                    let colon = parameter.firstIndex(of: ":")!
                    return (name: String(parameter[..<colon]), type: parameter[parameter.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                var body: [String] = []
                index += 1
                while index < lines.count, lines[index] != indent + "}" {
                    body.append(String(lines[index].dropFirst(min(indent.count + 4, lines[index].prefix { $0 == " " }.count))))
                    index += 1
                }
                functions.append(HeldFunction(file: file, name: name, parameters: parameters, body: body))
                index += 1
            }
        }
        return functions
    }

    /// `a: Int, b: [String: Int]` as its parameters, splitting at commas outside brackets.
    static func splitParameters(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current.trimmingCharacters(in: .whitespaces)) }
        return parts
    }

    /// The text of `Tests/DocSnippets/main.swift`, made from the held files.
    static func topLevelProgram() throws -> String {
        var imports: Set<String> = []
        for file in try heldFiles() {
            for line in try lines(of: file) where line.hasPrefix("import ") { imports.insert(line) }
        }
        var text = """
            // Generated by DocSnippetTests from Held/*.swift; do not edit. After changing a held file:
            //   NETSPEC_RECORD_DOC_SNIPPETS=1 swift test --filter DocSnippetTests
            // Every documented Swift snippet as top-level code of an executable's main.swift, each held
            // function's body in a `do` block of its own, so that a snippet that compiles in a function
            // but not at top level cannot be published. Swift 6.3.1 crashes here on `catch let e as
            // CallError` after a block that throws only `CallError` (issue 38). Built, never run.


            """
        text += imports.sorted().joined(separator: "\n") + "\n"
        for function in try heldFunctions() {
            let signature = function.name + "(" + function.parameters.map { $0.name + ":" }.joined() + ")"
            text += "\n// \(function.file.dropFirst("Tests/DocSnippets/".count)): DocSnippets.\(signature)\ndo {\n"
            for parameter in function.parameters {
                text += "    let \(parameter.name): \(parameter.type) = placeholder()\n"
            }
            for line in function.body {
                text += line.isEmpty ? "\n" : "    " + line + "\n"
            }
            text += "}\n"
        }
        return text
    }

    @Test func theTopLevelProgramIsCurrent() throws {
        let path = Self.snippets.appendingPathComponent("main.swift")
        let expected = try Self.topLevelProgram()
        if ProcessInfo.processInfo.environment["NETSPEC_RECORD_DOC_SNIPPETS"] == "1" {
            try expected.write(to: path, atomically: true, encoding: .utf8)
        }
        let actual = try String(contentsOf: path, encoding: .utf8)
        #expect(actual == expected, "Tests/DocSnippets/main.swift is not the held snippets' top-level program: NETSPEC_RECORD_DOC_SNIPPETS=1 swift test --filter DocSnippetTests")
        #expect(try Self.heldFunctions().count == 46)
    }

    /// The documentation tells Swift users not to write `catch let e as CallError` in top-level
    /// code, because this compiler crashes on it (issue 38, seen with Swift 6.3.1). Once a compiler
    /// compiles the three lines below, this fails: then the guidance in docs/swift.md, README.md and
    /// the DocC article ErrorHandling.md can go.
    @Test func theTopLevelCrashStillNeedsTheGuidance() async throws {
        let directory = try ScratchDirectory()
        let program = """
            enum E: Error { case a(String) }
            func f() async throws(E) -> [String] { [] }
            do { let x = try await f(); print(x) } catch let e as E { print(e) }

            """
        try program.write(toFile: directory.path + "/main.swift", atomically: true, encoding: .utf8)
        let version = try await ChildProcess.run("/usr/bin/env", ["swiftc", "--version"], mergingErrors: true)
        let compiler = version.stdout.split(separator: "\n").first.map(String.init) ?? "?"
        let result = try await ChildProcess.run(
            "/usr/bin/env", ["swiftc", "-Onone", "-c", "main.swift", "-o", "main.o"], directory: directory.path, mergingErrors: true
        )
        print("DocSnippetTests: \(compiler): top-level `catch let e as E` after a throws(E) call " + (result.status == 0 ? "compiles" : "crashes the compiler"))
        #expect(result.status != 0 && result.stdout.contains("Found outside of lifetime use"),
                "\(compiler) compiles `catch let e as E` at top level: issue 38's guidance (docs/swift.md, README.md, ErrorHandling.md) can be dropped")
    }
}

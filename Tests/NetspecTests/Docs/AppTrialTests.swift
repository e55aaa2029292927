import Foundation
import NetspecTestSupport
import Testing

/// Issue 52's trial package, `Tests/AppTrial`: an app's code around its calls (a `@MainActor`
/// view model, a polling loop, the catch clauses, per-call options), depending on Netspec by
/// path. Its sources are type-checked as a client of the modules this test run was built with —
/// `swiftc -typecheck` with the include and module-map flags SwiftPM gave the `DocSnippets` target
/// (read from the build's llbuild manifest), without `-package-name`, so only the public API is
/// seen — which takes seconds, where a `swift build` of the package would rebuild SwiftNIO. A form
/// that stops compiling fails here, with the compiler's diagnostics.
@Suite struct AppTrialTests {
    static let package = URL(fileURLWithPath: TestPaths.root).appendingPathComponent("Tests/AppTrial")

    /// The scratch directory this test binary was built in (`.build`), and its configuration.
    static var build: (scratch: URL, configuration: String) {
        // CommandLine.arguments[0]: <scratch>/<triple>/<configuration>/NetspecPackageTests.xctest
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return (products.deletingLastPathComponent().deletingLastPathComponent(), products.lastPathComponent)
    }

    /// The flags a client of the built modules compiles with: those SwiftPM passed the
    /// `DocSnippets` target (which imports Netspec): `-I`, `-target`, the C modules' `-Xcc` flags
    /// and the module cache.
    static func clientFlags() throws -> [String] {
        let manifest = build.scratch.appendingPathComponent(build.configuration + ".yaml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        guard let command = text.range(of: #""C\.DocSnippets-[^"]*\.module":"#, options: .regularExpression),
            let args = text[command.upperBound...].range(of: "args: ")
        else {
            throw TrialError(message: "no DocSnippets compile command in \(manifest.path)")
        }
        let line = text[args.upperBound...].prefix { $0 != "\n" }
        let all = try JSONDecoder().decode([String].self, from: Data(line.utf8))
        var flags: [String] = []
        var index = 1
        while index < all.count {
            let flag = all[index]
            if ["-I", "-target", "-Xcc", "-module-cache-path"].contains(flag), index + 1 < all.count {
                flags += [flag, all[index + 1]]
                index += 2
            } else {
                index += 1
            }
        }
        return flags
    }

    struct TrialError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Every `.swift` file of the package's `AppTrial` target (other issues add files there).
    static func sources() throws -> [String] {
        let folder = package.appendingPathComponent("Sources/AppTrial")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Type-checks files as module `AppTrial`, a client of the built Netspec modules.
    static func typecheck(_ files: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "AppTrial"] + (try clientFlags()) + files,
            timeLimit: .seconds(120)
        )
    }

    @Test func theTrialCompilesAsAClientOfNetspec() async throws {
        let files = try Self.sources()
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent }.contains("CatchClauses.swift"))
        let result = try await Self.typecheck(files)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
    }

    /// The check can fail: a form Netspec does not have is a compile error, reported.
    @Test func aFormThatDoesNotCompileFailsTheCheck() async throws {
        let scratch = try ScratchDirectory()
        let broken = scratch.path + "/Broken.swift"
        try "import Netspec\nfunc broken(api: Service) async { do { _ = try await api.x() } catch .transport(.noSuchKind) {} catch {} }\n"
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let result = try await Self.typecheck([broken])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Broken.swift:2:"), "\(result.stderr)")
        #expect(result.stderr.contains("noSuchKind"), "\(result.stderr)")
    }

    /// The manifest loads, and names Netspec as a path dependency by the name its product is found by.
    @Test func theManifestLoads() async throws {
        let result = try await ChildProcess.run("/usr/bin/env", ["swift", "package", "dump-package"], directory: Self.package.path, timeLimit: .seconds(120))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"path\" : \"\(TestPaths.root)\""), "\(result.stdout.prefix(2000))")
        #expect(result.stdout.contains("\"nameForTargetDependencyResolutionOnly\" : \"Netspec\""))
    }
}

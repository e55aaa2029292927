import Foundation
import NetspecTestSupport

/// Type-checks Swift files against the modules of this build (`.build/debug`), with the flags
/// SwiftPM compiled DocSnippets with (read from the build's manifest, `.build/debug.yaml`): one
/// `swiftc -typecheck`, seconds, not a package build.
enum FacadeCompiler {
    /// What `swiftc -typecheck -warnings-as-errors` printed, and its status.
    static func typecheck(_ files: [String]) async throws -> ChildProcess.Result {
        let arguments = try flags() + ["-typecheck", "-swift-version", "6", "-warnings-as-errors"] + files
        return try await ChildProcess.run("/usr/bin/env", ["swiftc"] + arguments, mergingErrors: true, timeLimit: .seconds(600))
    }

    /// The search paths, C module maps, target and SDK of a module of this build that imports Netspec.
    static func flags() throws -> [String] {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let manifest = products.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(products.lastPathComponent + ".yaml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \"C.DocSnippets-") && $0.hasSuffix(".module\":") }),
              let line = lines[start...].first(where: { $0.hasPrefix("    args: ") }),
              let all = try JSONSerialization.jsonObject(with: Data(line.dropFirst("    args: ".count).utf8)) as? [String]
        else { throw Missing(message: "no DocSnippets compile command in \(manifest.path)") }
        var kept: [String] = []
        var index = 1
        let withValue: Set<String> = ["-I", "-F", "-Xcc", "-target", "-sdk", "-module-cache-path", "-resource-dir"]
        while index < all.count {
            let argument = all[index]
            if withValue.contains(argument), index + 1 < all.count {
                kept += [argument, all[index + 1]]
                index += 2
                continue
            }
            if argument.hasPrefix("-D") || argument.hasPrefix("-I") && argument.count > 2 { kept.append(argument) }
            index += 1
        }
        return kept
    }

    struct Missing: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

import Foundation
import PackagePlugin

/// `swift package netspec-facade SPEC [--type-name NAME] [--access LEVEL] [-o PATH | --target NAME]`:
/// builds `netspec` and runs `netspec facade` in the package's folder, so paths are the package's. `--target NAME`
/// writes `TYPE.swift` into that target's folder; `-o PATH` a file (or `TYPE.swift` in a folder);
/// with neither, `TYPE.swift` goes into the package's only source target, or the command says
/// which to choose. Needs `--allow-writing-to-package-directory` (or asks).
@main
struct NetspecFacade: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targets = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        if !rest.contains(where: { $0 == "-o" || $0 == "--output" || $0.hasPrefix("--output=") }) {
            rest += ["-o", try folder(for: targets, in: context.package).path]
        }
        let process = Process()
        process.executableURL = try buildNetspec()
        process.arguments = ["facade"] + rest
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw FacadeFailure(message: "netspec facade \(rest.joined(separator: " ")) failed (status \(process.terminationStatus))")
        }
    }

    /// `netspec`, built by SwiftPM for this command (the plugin declares no tool dependency, which
    /// would make every `swift build` of the package compile the CLI a second time, for the host).
    private func buildNetspec() throws -> URL {
        let result = try packageManager.build(.product("netspec"), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded, let built = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "netspec" }) else {
            throw FacadeFailure(message: "building netspec for the facade failed:\n" + result.logText)
        }
        return built.url
    }

    /// The folder of the target named with `--target`, or of the package's only source target.
    private func folder(for names: [String], in package: Package) throws -> URL {
        let sources = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { $0.kind != .test }
        if let name = names.last {
            guard let target = sources.first(where: { $0.name == name }) else {
                throw FacadeFailure(message: "no Swift target '\(name)' in the package; its targets: \(sources.map(\.name).sorted().joined(separator: ", "))")
            }
            return target.directoryURL
        }
        guard sources.count == 1, let only = sources.first else {
            throw FacadeFailure(message: "say where the facade goes: --target NAME (one of \(sources.map(\.name).sorted().joined(separator: ", "))) or -o PATH")
        }
        return only.directoryURL
    }
}

/// Why the plugin did not write the facade.
struct FacadeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

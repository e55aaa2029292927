import ArgumentParser
import Netspec

/// `netspec validate SPEC...`: checks specs, printing every error as `file:line:column: error: …`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check specs; print every error as file:line:column (exit 65 if any).",
        discussion: "Prints 'FILE: ok (N endpoints)' for each valid spec, and its warnings (file:line:column: warning: …) on standard error; warnings do not change the exit status."
    )

    @ArgumentParser.Argument(help: "The spec files to check.", completion: .specFile)
    var specs: [String]

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("give at least one spec file") }
    }

    func run() throws {
        var failed = false
        for path in specs {
            do {
                let spec = try Spec.load(path: path, only: nil, cache: specCache)
                printWarnings(of: spec)
                Terminal.standardOutput.write("\(path): ok (\(spec.endpoints.count) endpoint\(spec.endpoints.count == 1 ? "" : "s"))\n")
            } catch {
                failed = true
                Terminal.standardError.write(error.description + "\n")
            }
        }
        if failed { throw ExitStatus.invalidSpec }
    }
}

import ArgumentParser
import Netspec
import NetspecModel
import NetspecWorkflows

/// `netspec validate SPEC...`: checks specs (files, or documents by URL), printing every error as
/// `file:line:column: error: …`.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check specs; print every error as file:line:column (exit 65 if any).",
        discussion: """
            Prints 'FILE: ok (N endpoints)' for each valid spec ('FILE: ok (N workflows, M steps; sources: …)' for an \
            Arazzo workflow document, loaded with its sources and every reference checked), and its warnings (file:line:column: warning: …) on \
            standard error; warnings do not change the exit status. With --schemas, every schema an OpenAPI or Swagger document's \
            operations use is compiled too: each problem of one that cannot be (a pattern that is not a regular expression, a $ref to \
            nothing) is an error at its place. A document given by URL that cannot be fetched \
            exits as a call that fails so does (1, 2 for a timeout, 3/4/5 for an HTTP error status) unless another \
            spec is invalid.
            """
    )

    @OptionGroup var fetching: DocumentFetchOptions
    @OptionGroup var overlaying: OverlayOptions

    /// Off by default: compiling every schema doubles the time of a large document's check
    /// (OpenAI's 2.9 MB: 98 → 170 ms), which BENCHMARKS.md holds to 2.5× a YAML scan.
    @Flag(help: "Also compile every schema the operations use; one that cannot be compiled is an error at its place.")
    var schemas = false

    @ArgumentParser.Argument(help: "The spec files, or OpenAPI or Swagger documents' http(s) URLs, to check.", completion: .specFile)
    var specs: [String]

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("give at least one spec file") }
    }

    func run() async throws {
        var failures: [ExitCode] = []
        for path in specs {
            if ArazzoDocument.isArazzo(path: path) {
                do {
                    let flows = try await WorkflowCommands.load(path, fetching: fetching, overlaying: overlaying)
                    Terminal.standardOutput.write(WorkflowCommands.summary(flows, path: path))
                } catch {
                    failures.append(error)  // Its problems are printed.
                }
                continue
            }
            do {
                let spec = isHTTPURL(path)
                    ? try await fetchSpec(path, options: fetching.providerOptions, usesCache: !fetching.noCache)
                    : try Spec.load(path: path, only: nil, cache: specCache, overlays: overlaying.overlays, strictOverlays: overlaying.strict)
                printWarnings(of: spec)
                // With --schemas, every schema the operations use is compiled: one that never could
                // is an error at its place now, not first when a call is checked against it.
                if schemas, let problems = spec.schemaCompileErrors() {
                    failures.append(ExitStatus.of(problems))
                    Terminal.standardError.write(problems.description + "\n")
                    continue
                }
                Terminal.standardOutput.write("\(path): ok (\(pluralized(spec.endpoints.count, "endpoint")))\n")
            } catch {
                failures.append(ExitStatus.of(error))
                Terminal.standardError.write(error.description + "\n")
            }
        }
        // An invalid spec is the verdict; a document that could not be fetched was not checked.
        if let status = failures.first(where: { $0 == ExitStatus.invalidSpec }) ?? failures.first { throw status }
    }
}

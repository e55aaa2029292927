import ArgumentParser
import Netspec
import NetspecModel

/// `netspec overlay DOC OVERLAY... [-o OUT]`: writes a document with overlays applied, as the
/// commands that load a document with `--overlay` read it (`docs/overlays.md`).
struct OverlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overlay",
        abstract: "Apply overlays to a document and write the result.",
        discussion: """
            Applies each OVERLAY (Overlay Specification 1.0 or 1.1) in order to DOC and writes the result to \
            standard output or -o FILE: JSON for a .json document, YAML otherwise. Warnings (an action whose target \
            selects nothing, an 'extends' naming another document) go to standard error; with --strict an action \
            that selects nothing is an error. Exit status: 0 ok, 65 a document or overlay that cannot be read or \
            applied, 73/74 the output cannot be written.
            """
    )

    @ArgumentParser.Argument(help: "The document (OpenAPI, Swagger, a Netspec spec, or any YAML or JSON).", completion: .specFile)
    var document: String

    @ArgumentParser.Argument(help: "The overlays, applied in order.", completion: .file())
    var overlays: [String]

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the result to this file instead of standard output.", valueName: "FILE"))
    var output: String?

    @Flag(help: "Refuse an overlay action whose target selects nothing (a warning otherwise).")
    var strict = false

    func validate() throws {
        guard !overlays.isEmpty else { throw ValidationError("name at least one overlay after the document") }
    }

    func run() throws {
        let result: (document: JSONValue, warnings: [Spec.Warning])
        do {
            result = try Overlay.applying(overlays, toDocumentAt: document, strict: strict)
        } catch {
            Terminal.standardError.write(error.description + "\n")
            throw ExitStatus.invalidSpec
        }
        for warning in result.warnings { Terminal.standardError.write(warning.description + "\n") }
        let text = YAMLParser.isJSONFile(document)
            ? result.document.formatted(pretty: true, indent: 2) + "\n"
            : YAMLEmitter.document(result.document)
        do throws(CLIError) {
            if let output {
                let file = try OutputFile(path: output)
                try file.write(Array(text.utf8))
                try file.close()
            } else {
                Terminal.standardOutput.write(text)
            }
        } catch {
            throw error.report(raw: false)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Netspec
import NetspecFacadeGenerator
import NetspecModel

/// `netspec facade SPEC`: the typed Swift facade of a spec or document (docs/swift.md, "Typed
/// facades"); the `netspec-facade` package plugin runs it.
struct FacadeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facade",
        abstract: "Write a typed Swift facade of a spec: one method per endpoint, calling it by name at run time.",
        discussion: """
            Each endpoint becomes a method with its parameters as labelled, typed arguments (optional ones default to \
            nil, which leaves them out) and the document's descriptions as documentation; its body calls the spec \
            loaded at run time by endpoint name, so the facade only adds autocomplete and compile-time checks. The \
            text is the same for the same document and options. Without -o it goes to standard output; -o DIR writes \
            DIR/TYPE.swift.
            """
    )

    @OptionGroup var fetching: DocumentFetchOptions
    @OptionGroup var overlaying: OverlayOptions

    @ArgumentParser.Argument(help: "The spec file, or an OpenAPI or Swagger document's file or http(s) URL.", completion: .specFile)
    var spec: String

    @Option(name: .customLong("type-name"), help: ArgumentHelp("The facade type's name (default: the service's name, e.g. UsersAPI).", valueName: "NAME"))
    var typeName: String?

    @Option(name: .customLong("access"), help: ArgumentHelp("The access level of the type and its methods: internal, package or public (default internal).", valueName: "LEVEL"))
    var access: String = "internal"

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the facade to this file, or to TYPE.swift in this folder.", valueName: "PATH"), completion: .file())
    var output: String?

    func validate() throws {
        if let typeName, !SwiftIdentifier.isTypeName(typeName) {
            throw ValidationError("--type-name '\(typeName)' is not a name the facade's type can have (letters, digits and _, not starting with a digit; not a keyword nor a type the facade uses, such as Service or Response)")
        }
        guard FacadeGenerator.AccessLevel(rawValue: access) != nil else {
            throw ValidationError("--access '\(access)' is not one of internal, package, public")
        }
    }

    func run() async throws {
        let spec = try await fetching.load(self.spec, overlaying: overlaying)
        printWarnings(of: spec)
        let generator = FacadeGenerator(spec: spec, typeName: typeName, access: FacadeGenerator.AccessLevel(rawValue: access) ?? .internal, source: self.spec)
        let text = generator.generate()
        guard let output else { return try Terminal.standardOutput.emit(text) }
        let path = Self.isDirectory(output) ? output + (output.hasSuffix("/") ? "" : "/") + generator.typeName + ".swift" : output
        let file = try OutputFile(path: path)
        try file.write(Array(text.utf8))
        try file.close()
        Terminal.standardError.write("wrote \(path): \(generator.typeName), \(pluralized(spec.endpoints.count, "method"))\n")
    }

    /// Whether the path names an existing folder.
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

import Foundation

/// The big real documents the real-document tests run over, whole: OpenAI's, DigitalOcean's
/// (many files), Airflow 2's and 3's, Jupyter Server's. They come from the repository
/// (`Fixtures/real/`, compressed; see its README for where and which commit), unpacked once per
/// run into `.build/real-documents/`; Airflow 3's only when it is on the machine.
enum RealDocuments {
    /// Every real document by its name in the tests' tables (`uncompilable`, `documentMistakes`).
    static let names = [
        "openai/openapi.yaml", "do/specification/DigitalOcean-public.v2.yaml", "airflow2/v1.yaml",
        "airflow3/v1-rest-api-generated.yaml", "jupyter/api.yaml",
    ]

    /// Where a document not in the repository may be found.
    static let machineFolder = "/work/docs-real"

    /// The documents in the repository (the others only where the machine has them).
    static let inRepository: Set = ["openai/openapi.yaml", "do/specification/DigitalOcean-public.v2.yaml", "airflow2/v1.yaml", "jupyter/api.yaml"]

    /// The names of the documents to test: those in the repository always (a test fails when
    /// one cannot be had), the others where this machine has them, with a printed reason for any
    /// left out.
    static let available: [String] = names.filter { name in
        if inRepository.contains(name) || FileManager.default.fileExists(atPath: machineFolder + "/" + name) { return true }
        print("RealDocuments: \(name) is not in the repository and not at \(machineFolder)/\(name); its real-document tests do not run")
        return false
    }

    /// The file of the document `name` (a name of ``names``), or `nil` when there is none.
    static func path(of name: String) -> String? {
        let file: String? = switch name {
        case "airflow2/v1.yaml": TestPaths.root + "/Tests/NetspecTests/Fixtures/airflow/v1.yaml"
        case _ where inRepository.contains(name): unpacked.map { $0 + "/" + name }
        default: machineFolder + "/" + name
        }
        return file.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
    }

    /// The folder the repository's archives are unpacked into (once per run), or `nil` (with a
    /// printed reason) when they cannot be.
    private static let unpacked: String? = {
        let source = TestPaths.root + "/Tests/NetspecTests/Fixtures/real"
        let folder = TestPaths.root + "/.build/real-documents"
        // Into a folder of this process's, then put in place: a run never reads a half-unpacked tree.
        let script = """
            set -e; part="$2.part-$$"; trap 'rm -rf "$part"' EXIT; mkdir -p "$part/openai" "$part/do" "$part/jupyter"
            gzip -dc "$1/openai-openapi.yaml.gz" > "$part/openai/openapi.yaml"
            tar -xzf "$1/digitalocean-specification.tar.gz" -C "$part/do"
            cp "$1/jupyter-api.yaml" "$part/jupyter/api.yaml"
            rm -rf "$2"; mv "$part" "$2"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "unpack", source, folder]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            print("RealDocuments: cannot unpack \(source) into \(folder): \(error)")
            return nil
        }
        guard process.terminationStatus == 0 else {
            print("RealDocuments: unpacking \(source) into \(folder) ended with status \(process.terminationStatus)")
            return nil
        }
        return folder
    }()
}

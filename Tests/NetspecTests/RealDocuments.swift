import Foundation
import NetspecTestSupport
import Netspec

/// The big real documents the real-document tests run over, whole: OpenAI's, DigitalOcean's
/// (many files), Airflow 2's and 3's, Jupyter Server's. They come from the repository
/// (`Fixtures/real/`, compressed; see its README for where and which commit), unpacked once per
/// run into `.build/real-documents/`; Airflow 3's only when it is on the machine.
enum RealDocuments {
    /// The documents the repository holds, by their names in the tests' tables (`uncompilable`,
    /// `documentMistakes`): always tested (a test fails when one cannot be had).
    static let inRepository = ["openai/openapi.yaml", "do/specification/DigitalOcean-public.v2.yaml", "airflow2/v1.yaml", "jupyter/api.yaml"]

    /// The documents of the workplace's corpus the repository holds too (Docker's, Gitea's and
    /// Kubernetes' Swagger 2.0, GitHub's and Stripe's OpenAPI 3.0): read by name with ``path(of:)``
    /// by the tests written for them; not (yet) in ``available``'s tables.
    static let corpus = ["docker/swagger.yaml", "gitea/swagger.v1.json", "github/api.yaml", "kubernetes/swagger.json", "stripe/spec3.yaml"]

    /// The documents tested only where the machine has them, in ``machineFolder``.
    static let onMachineOnly = ["airflow3/v1-rest-api-generated.yaml"]

    /// Where a document not in the repository may be found.
    static let machineFolder = "/work/docs-real"

    /// The names of the documents to test, with a printed reason for any left out.
    static let available: [String] = inRepository + onMachineOnly.filter { name in
        if FileManager.default.fileExists(atPath: machineFolder + "/" + name) { return true }
        print("RealDocuments: \(name) is not in the repository and not at \(machineFolder)/\(name); its real-document tests do not run")
        return false
    }

    /// The document `name` loaded (only the endpoint `only` when given), on the test run's one
    /// thread for heavy work (`onOwnThread`): a real document takes seconds of CPU in a debug build,
    /// and loading several at once on the concurrency pool's two threads stalled a full run.
    static func load(_ name: String, only: String? = nil) async throws -> Spec {
        let path = try await path(of: name)
        return try await onOwnThread { try Spec.load(path: path, only: only) }
    }

    /// The file of the document `name` (a name of ``available``).
    ///
    /// - Throws: when the repository's archives cannot be unpacked (saying why) or the file is not there.
    static func path(of name: String) async throws -> String {
        let file = switch name {
        case "airflow2/v1.yaml": TestPaths.root + "/Tests/NetspecTests/Fixtures/airflow/v1.yaml"
        case _ where inRepository.contains(name) || corpus.contains(name): try await unpacking.value + "/" + name
        default: machineFolder + "/" + name
        }
        guard FileManager.default.fileExists(atPath: file) else { throw Unavailable(message: "\(name): no file at \(file)") }
        return file
    }

    /// Why a document cannot be had.
    struct Unavailable: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The repository's archives unpacked (once per run): the folder they are in.
    private static let unpacking = Task {
        let source = TestPaths.root + "/Tests/NetspecTests/Fixtures/real"
        let folder = TestPaths.root + "/.build/real-documents"
        // Into a folder of this process's, then put in place: a run never reads a half-unpacked tree.
        let script = """
            set -e; part="$2.part-$$"; trap 'rm -rf "$part"' EXIT
            mkdir -p "$part/openai" "$part/do" "$part/jupyter" "$part/docker" "$part/gitea" "$part/github" "$part/kubernetes" "$part/stripe"
            gzip -dc "$1/openai-openapi.yaml.gz" > "$part/openai/openapi.yaml"
            gzip -dc "$1/docker-swagger.yaml.gz" > "$part/docker/swagger.yaml"
            gzip -dc "$1/gitea-swagger.v1.json.gz" > "$part/gitea/swagger.v1.json"
            gzip -dc "$1/github-api.yaml.gz" > "$part/github/api.yaml"
            gzip -dc "$1/k8s-swagger.json.gz" > "$part/kubernetes/swagger.json"
            gzip -dc "$1/stripe-spec3.yaml.gz" > "$part/stripe/spec3.yaml"
            tar -xzf "$1/digitalocean-specification.tar.gz" -C "$part/do"
            cp "$1/jupyter-api.yaml" "$part/jupyter/api.yaml"
            rm -rf "$2"; mv "$part" "$2"
            """
        let result = try await ChildProcess.run("/bin/sh", ["-c", script, "unpack", source, folder])
        guard result.status == 0 else {
            throw Unavailable(message: "unpacking \(source) into \(folder) ended with status \(result.status): \(result.stderr)")
        }
        return folder
    }
}

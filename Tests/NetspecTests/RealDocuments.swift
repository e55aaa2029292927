import Foundation
import NetspecTestSupport
import Netspec

/// The big real documents the real-document tests run over, whole: OpenAI's, DigitalOcean's
/// (many files), Airflow 2's and 3's, Jupyter Server's. They come from the repository
/// (`Fixtures/real/`, compressed; see its README for where and which commit), unpacked once per
/// run into `.build/real-documents-FINGERPRINT/`; Airflow 3's only when it is on the machine.
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

    /// The repository's archives unpacked (once per run): the folder they are in,
    /// `.build/real-documents-FINGERPRINT`, shared with the test processes running at the same time
    /// (``UnpackedArchives`` says how none removes a folder another reads).
    private static let unpacking = Task {
        let script = """
            mkdir -p "$2/openai" "$2/do" "$2/jupyter" "$2/docker" "$2/gitea" "$2/github" "$2/kubernetes" "$2/stripe"
            gzip -dc "$1/openai-openapi.yaml.gz" > "$2/openai/openapi.yaml"
            gzip -dc "$1/docker-swagger.yaml.gz" > "$2/docker/swagger.yaml"
            gzip -dc "$1/gitea-swagger.v1.json.gz" > "$2/gitea/swagger.v1.json"
            gzip -dc "$1/github-api.yaml.gz" > "$2/github/api.yaml"
            gzip -dc "$1/k8s-swagger.json.gz" > "$2/kubernetes/swagger.json"
            gzip -dc "$1/stripe-spec3.yaml.gz" > "$2/stripe/spec3.yaml"
            tar -xzf "$1/digitalocean-specification.tar.gz" -C "$2/do"
            cp "$1/jupyter-api.yaml" "$2/jupyter/api.yaml"
            """
        do {
            return try await UnpackedArchives.folder(
                from: TestPaths.root + "/Tests/NetspecTests/Fixtures/real", into: TestPaths.root + "/.build/real-documents", script: script
            )
        } catch let failure as UnpackedArchives.Failure {
            throw Unavailable(message: failure.description)
        }
    }
}

import Foundation
import Testing

import Netspec
import NetspecTestSupport

/// Jupyter Server (a server none of us wrote, pinned in Tests/Peers/requirements.txt) called
/// through its own Swagger 2.0 document: `basePath: /` with no host, so the base URL is the
/// server's; path parameters from `#/parameters`, query parameters, JSON bodies split into
/// fields and a whole body, a 204 and a 404.
@Suite(.serialized, .enabled(if: JupyterPeer.document != nil, "needs jupyter_server in the peers venv (Tests/Peers/setup.sh); see the printed reason"))
struct JupyterPeerTests {
    static let token = CallOptions(headers: [("Authorization", "token netspec-token")])

    @Test func callsRunAgainstALiveServer() async throws {
        let app = try await ChildProcess.blocking { Result { try FastAPIPeer.start(script: "jupyter_app.py") } }.get()
        defer { Thread { app.stop() }.start() }
        let spec = try Spec.load(path: try #require(JupyterPeer.document))
        let api = Service(spec: spec, provider: Provider(baseURL: app.baseURL, options: .init(usesEnvironment: false)))

        #expect(try await api.call("getApi").value["version"] == "2.16.0")
        let file = try await api.call("getApiContentsByPath", ["path": "hello.txt", "content": 1], options: Self.token)
        #expect(file.value["content"] == "hi\n")
        #expect(file.value["type"] == "file")
        let saved = try await api.call(
            "putApiContentsByPath", ["path": "new.txt", "type": "file", "format": "text", "content": "made by netspec"], options: Self.token
        )
        #expect(saved.status == 201)
        #expect(saved.value["path"] == "new.txt")
        let read = try await api.call("getApiContentsByPath", ["path": "new.txt", "content": 1, "format": "text"], options: Self.token)
        #expect(read.value["content"] == "made by netspec")
        let config = try await api.call("patchApiConfigBySectionName", ["section_name": "netspec", "_": ["answer": 42]], options: Self.token)
        #expect(config.value == ["answer": 42])
        #expect(try await api.call("getApiConfigBySectionName", ["section_name": "netspec"], options: Self.token).value == ["answer": 42])
        #expect(try await api.call("getApiKernels", options: Self.token).value == [])
        #expect(try await api.call("deleteApiContentsByPath", ["path": "new.txt"], options: Self.token).status == 204)
        do {
            let response = try await api.call("getApiContentsByPath", ["path": "new.txt"], options: Self.token)
            Issue.record("no error: \(response.status)")
        } catch {
            guard case let .status(problem) = error else { Issue.record("\(error)"); return }
            #expect(problem.status == 404)
        }
        // An enum the document gives is checked before anything is sent.
        do {
            let response = try await api.call("getApiContentsByPath", ["path": "hello.txt", "type": "folder"], options: Self.token)
            Issue.record("no error: \(response.status)")
        } catch {
            guard case .argument = error else { Issue.record("\(error)"); return }
        }
    }

    /// Issue 50's escape hatches where the document is wrong, against the server: a notebook's
    /// `content` is an object, which the document's `content: string` refuses unless the call
    /// does not check (`requestValidation: .off`); a notebook in a folder is reached with its
    /// path's `/` kept (`.reserved`); the root is the empty path (`/api/contents/`).
    @Test func escapeHatchesReachALiveServer() async throws {
        let app = try await ChildProcess.blocking { Result { try FastAPIPeer.start(script: "jupyter_app.py") } }.get()
        defer { Thread { app.stop() }.start() }
        let spec = try Spec.load(path: try #require(JupyterPeer.document))
        let api = Service(spec: spec, provider: Provider(baseURL: app.baseURL, options: .init(usesEnvironment: false)))
        var unchecked = Self.token
        unchecked.requestValidation = .off
        let notebook: Argument = [
            "cells": [["cell_type": "markdown", "metadata": [:], "source": "# made by netspec"]], "metadata": [:], "nbformat": 4, "nbformat_minor": 4,
        ]
        let arguments: [String: Argument] = ["path": "nb.ipynb", "type": "notebook", "format": "json", "content": notebook]
        do {
            let response = try await api.call("putApiContentsByPath", arguments, options: Self.token)
            Issue.record("no error: \(response.status)")
        } catch {
            guard case let .argument(problem) = error else { Issue.record("\(error)"); return }
            #expect(problem.description == "endpoint 'putApiContentsByPath': parameter 'content': expected string, got an object")
        }
        let saved = try await api.call("putApiContentsByPath", arguments, options: unchecked)
        #expect(saved.status == 201)
        #expect(saved.value["type"] == "notebook")

        #expect(try await api.call("putApiContentsByPath", ["path": "sub", "type": "directory"], options: Self.token).status == 201)
        var nested = arguments
        nested["path"] = .reserved("sub/nb.ipynb")
        #expect(try await api.call("putApiContentsByPath", nested, options: unchecked).value["path"] == "sub/nb.ipynb")
        let read = try await api.call("getApiContentsByPath", ["path": .reserved("sub/nb.ipynb"), "content": 1], options: Self.token)
        #expect(read.value["content"]?["cells"]?[0]?["source"] == "# made by netspec")

        let root = try await api.call("getApiContentsByPath", ["path": ""], options: Self.token)
        #expect(root.value["type"] == "directory")
        #expect(root.value["content"]?.array?.compactMap { $0["name"]?.string }.sorted() == ["hello.txt", "nb.ipynb", "sub"])
    }
}

/// Jupyter Server in the peers' venv.
enum JupyterPeer {
    /// The `api.yaml` the jupyter_server package carries, when the venv has it.
    static let document: String? = {
        guard Peers.python != nil else { return nil }
        let lib = Peers.root + "/.build/peers/lib"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
        for version in versions.sorted() where version.hasPrefix("python") {
            let path = "\(lib)/\(version)/site-packages/jupyter_server/services/api/api.yaml"
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        print("Jupyter Server tests skipped: jupyter_server is not in the peers venv (Tests/Peers/setup.sh)")
        return nil
    }()
}

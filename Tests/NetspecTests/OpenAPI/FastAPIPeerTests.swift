import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// A FastAPI app (a server none of us wrote) called through the OpenAPI 3.1 document it
/// generates itself: path, query arrays, headers, cookies, a JSON body model, a form, a file
/// upload (multipart), an event stream, and its 422 answer surfaced as `.status`.
@Suite(.serialized, .enabled(if: FastAPIPeer.python != nil, "needs the FastAPI peer (Tests/Peers/setup.sh); see the printed reason"))
struct FastAPIPeerTests {
    /// Starts the app, saves its `/openapi.json`, and runs `body` with a service over it.
    static func withApp(_ body: (Service, String) async throws -> Void) async throws {
        // Python takes a second to import FastAPI: wait for it off the cooperative threads.
        // (On a thread of its own: Dispatch's global queues share the cooperative pool's threads on
        // Linux, and blocking them stalls every other test's in-process server.)
        let app = try await ChildProcess.blocking { Result { try FastAPIPeer.start() } }.get()
        defer { Thread { app.stop() }.start() }
        let directory = try ScratchDirectory()
        let document = directory.path + "/fastapi.json"
        let fetched = try await ChildProcess.run("/usr/bin/env", ["curl", "-sf", "-o", document, app.baseURL + "/openapi.json"])
        try #require(fetched.status == 0, "cannot fetch the document: \(fetched.stderr)")
        let spec = try Spec.load(path: document)
        let api = Service(spec: spec, provider: Provider(baseURL: app.baseURL, options: .init(usesEnvironment: false)))
        try await body(api, document)
    }

    @Test func everyOperationKindIsCallable() async throws {
        try await Self.withApp { api, document in
            #expect(try await api.getItem(item_id: 7, q: "x", xToken: "t").value == ["item_id": 7, "q": "x", "x_token": "t"])
            #expect(try await api.call("getItem", ["item_id": 8, "x-token": "u"]).value == ["item_id": 8, "q": nil, "x_token": "u"])
            #expect(try await api.listItems(tag: ["a", "b"]).value == ["tag": ["a", "b"], "limit": 10])
            let created = try await api.createItem(name: "pen", price: 1.5, tags: ["office"])
            #expect(created.status == 201)
            #expect(created.value == ["name": "pen", "price": 1.5, "tags": ["office"], "id": 1])
            #expect(try await api.login(username: "ada", password: "secret").value == ["user": "ada", "length": 6])
            #expect(try await api.whoAmI(session: "s1").value == ["session": "s1"])
            let upload = try await api.upload(file: Data([7, 8, 9]), note: "n")
            #expect(upload.value == ["filename": "file", "size": 3, "first": 7, "note": "n"])
            var events: [JSONValue] = []
            for try await event in try await api.ticks.events(count: 2) { events.append(try JSONValue(parsing: Array(event.data.utf8))) }
            #expect(events == [["n": 0], ["n": 1]])
            #expect(try Spec.load(path: document).warnings.map(\.description) == [])
        }
    }

    /// FastAPI's `APIKeyCookie` scheme: the key (from `${SESSION_KEY}`) is a cookie, joined with
    /// the operation's own cookie parameter in one `Cookie` header; without it FastAPI says 403.
    @Test func anAPIKeyInACookie() async throws {
        try await Self.withApp { api, document in
            let keyed = Service(spec: try Spec.load(path: document), provider: Provider(
                baseURL: api.provider.baseURL, variables: ["SESSION_KEY": "k1"], options: .init(usesEnvironment: false)))
            #expect(try await keyed.vault(theme: "dark").value == ["key": "k1", "theme": "dark"])
            #expect(try await keyed.vault().value == ["key": "k1", "theme": nil])
            do {
                let response: Response = try await api.vault()
                Issue.record("no error: \(response.status)")
            } catch let error as CallError {
                // The variable is unset: a configuration error, before anything is sent.
                guard case .configuration = error else { Issue.record("\(error)"); return }
            }
        }
    }

    @Test func aValidationErrorIsAStatusError() async throws {
        try await Self.withApp { api, _ in
            // The document's schema (FastAPI's `le=100`) is checked before sending…
            let refused = await #expect(throws: CallError.self) { try await api.listItems(limit: 500) }
            #expect(refused?.description.hasPrefix("endpoint 'listItems': parameter 'limit': must be at most 100, got 500 (schema at ") == true)
            do {
                // …and, sent anyway, FastAPI's own validation answers 422.
                let response = try await api.call("listItems", ["limit": 500], options: CallOptions(requestValidation: .off))
                Issue.record("no error: \(response.status)")
            } catch let error as CallError {
                guard case let .status(problem) = error else { Issue.record("\(error)"); return }
                #expect(problem.status == 422)
                #expect(problem.json?["detail"]?[0]?["loc"] == ["query", "limit"])
            }
        }
    }
}

/// The FastAPI app in Tests/Peers (or another script printing `PORT n`), run with the peers' venv.
final class FastAPIPeer: Sendable {
    /// The venv's python (see `Peers`).
    static var python: String? { Peers.python }

    let peer: PeerProcess
    let baseURL: String

    private init(peer: PeerProcess, baseURL: String) {
        self.peer = peer
        self.baseURL = baseURL
    }

    /// Starts the app and waits for the port it prints.
    static func start(script: String = "fastapi_app.py") throws -> FastAPIPeer {
        let peer = try PeerProcess.start(python: python!, script: script)
        guard let baseURL = peer.baseURL else {
            peer.stop()
            throw CocoaError(.fileReadCorruptFile)
        }
        return FastAPIPeer(peer: peer, baseURL: baseURL)
    }

    /// Stops the app.
    func stop() { peer.stop() }
}

import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// The pet shop the runner's tests run workflows against: an OpenAPI document, and a loopback
/// server that answers it and records every request (`METHOD target body`), with a job that is
/// busy (503, `Retry-After: 0`) for its first `busy` polls and a state that is `pending` twice.
enum RunFixtures {
    static let openAPI = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        paths:
          /login:
            post:
              operationId: logIn
              requestBody:
                content:
                  application/json:
                    schema: { type: object, properties: { user: { type: string }, password: { type: string } } }
              responses:
                "200": { description: ok, content: { application/json: { example: { token: abc } } } }
          /pets/{petId}:
            get:
              operationId: getPet
              parameters:
                - { name: petId, in: path, required: true, schema: { type: integer } }
                - { name: fields, in: query, schema: { type: string } }
              responses:
                "200": { description: ok, content: { application/json: { example: { id: 1, name: Rex, status: available } } } }
                "404": { description: missing }
          /orders:
            post:
              operationId: placeOrder
              requestBody:
                content:
                  application/json:
                    schema: { type: object }
              responses:
                "201": { description: created, content: { application/json: { example: { id: 9 } } } }
          /jobs/{id}:
            get:
              operationId: getJob
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                "200": { description: ok, content: { application/json: { example: { state: done } } } }
        """

    /// A workflow document over `pets.yaml` with `workflows` (indented as a list under `workflows:`).
    static func document(_ workflows: String, components: String = "") -> String {
        """
        arazzo: 1.0.1
        info: { title: Pet shop, version: "1" }
        sourceDescriptions:
          - { name: pets, url: pets.yaml, type: openapi }
        workflows:
        \(workflows)
        \(components)
        """
    }

    /// The document written beside `pets.yaml` in a scratch directory, loaded.
    static func load(_ text: String, directory: ScratchDirectory = try! ScratchDirectory()) async throws -> (Workflows, String) {
        try directory.write(Array(openAPI.utf8), to: "pets.yaml")
        let path = try directory.write(Array(text.utf8), to: "shop.arazzo.yaml")
        return (try await Workflows.load(path: path), path)
    }

    /// The errors `text` is refused with at load, each without its file (`20:26: error: …`); an
    /// issue when it loads.
    static func loadErrors(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async -> [String] {
        do {
            let (flows, _) = try await load(text)
            Issue.record("loaded: \(flows.document.workflows.count) workflows", sourceLocation: sourceLocation)
            return []
        } catch {
            return "\(error)".split(separator: "\n").map { String($0.drop { $0 != ":" }.dropFirst()) }
        }
    }

    /// The shop's answers; every request recorded as `METHOD target body` (headers asked for by
    /// name are added as `Name: value`).
    static func shop(_ log: Recorder<String>, busy: Int = 0, recordingHeaders: [String] = []) -> TestHandler {
        let polls = Counter()
        return { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            let headers = recordingHeaders.compactMap { name in request.header(name).map { " \(name): \($0)" } }.joined()
            log.record("\(request.method) \(request.target)\(body.isEmpty ? "" : " " + body)\(headers)")
            let json = [("Content-Type", "application/json")]
            switch (request.method, request.path) {
            case ("POST", "/login"):
                try await writer.respond(status: 200, headers: json, body: #"{"token":"abc"}"#)
            case ("GET", "/pets/1"):
                try await writer.respond(status: 200, headers: json, body: #"{"id":1,"name":"Rex","status":"AVAILABLE"}"#)
            case ("POST", "/orders"):
                try await writer.respond(status: 201, headers: json, body: #"{"id":9,"pet":\#(body)}"#)
            case ("GET", "/jobs/busy"):
                polls.add(1)
                if polls.value <= busy {
                    try await writer.respond(status: 503, headers: [("Retry-After", "0")], body: "")
                } else {
                    try await writer.respond(status: 200, headers: json, body: #"{"state":"done"}"#)
                }
            case ("GET", "/jobs/slow"):
                polls.add(1)
                try await writer.respond(status: 200, headers: json, body: polls.value < 3 ? #"{"state":"pending"}"# : #"{"state":"done"}"#)
            default:
                try await writer.respond(status: 404, headers: json, body: #"{"error":"no such thing"}"#)
            }
        }
    }

    static func provider(_ server: TestServer) -> Provider {
        Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false))
    }
}

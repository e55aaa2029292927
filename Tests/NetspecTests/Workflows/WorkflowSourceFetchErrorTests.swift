import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A source by URL that cannot be fetched is an error at its `url` that says "cannot load URL"
/// once (it said it twice: "source 'items': cannot load URL: cannot load URL: …", the fetcher's
/// message inside the loader's).
@Suite struct WorkflowSourceFetchErrorTests {
    @Test func aSourceThatCannotBeFetchedSaysCannotLoadOnce() async throws {
        let routes = TestHandlers.router([
            "GET /flows/read.arazzo.yaml": WorkflowSourcesTests.yaml(WorkflowSourcesTests.flows(
                sources: "  - { name: items, url: ../specs/items.yaml, type: openapi }",
                steps: "      - { stepId: one, operationId: getItem }"
            )),
            "GET /specs/items.yaml": { _, writer in try await writer.respond(status: 404, headers: [("Content-Type", "text/plain")], body: "gone") },
        ])
        try await withTestServer(routes) { server in
            let url = server.baseURL + "/flows/read.arazzo.yaml"
            do {
                _ = try await Workflows.load(url: url, provider: Provider(options: .init(usesEnvironment: false)))
                Issue.record("the document loaded")
            } catch {
                #expect("\(error)" == "\(url):4:25: error: source 'items': cannot load \(server.baseURL)/specs/items.yaml: HTTP 404")
            }
        }
    }
}

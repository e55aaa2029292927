import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// Two nested Arazzo documents whose sources have one name (`api`, as the document above them
/// has too): each source is its own, addressed `api`, `one.api` and `two.api`, so that a
/// provider or a base URL given for one is not the others'.
@Suite struct NestedSourcesTests {
    static let items = """
        openapi: 3.0.3
        info: { title: Items, version: "1" }
        paths:
          /items:
            get:
              operationId: listItems
              responses: { "200": { description: ok } }
        """

    static func nested(_ id: String) -> String {
        """
        arazzo: 1.0.1
        info: { title: \(id), version: "1" }
        sourceDescriptions: [{ name: api, url: items.yaml }]
        workflows:
          - workflowId: list
            steps: [{ stepId: list, operationId: listItems }]
        """
    }

    static let top = """
        arazzo: 1.0.1
        info: { title: Top, version: "1" }
        sourceDescriptions:
          - { name: api, url: items.yaml }
          - { name: one, url: one.arazzo.yaml, type: arazzo }
          - { name: two, url: two.arazzo.yaml, type: arazzo }
        workflows:
          - workflowId: all
            steps:
              - { stepId: own, operationId: listItems }
              - { stepId: first, workflowId: $sourceDescriptions.one.list }
              - { stepId: second, workflowId: $sourceDescriptions.two.list }
        """

    /// The three documents written in `directory`; the top one's path.
    static func write(in directory: ScratchDirectory) throws -> String {
        try directory.write(Array(items.utf8), to: "items.yaml")
        try directory.write(Array(nested("One").utf8), to: "one.arazzo.yaml")
        try directory.write(Array(nested("Two").utf8), to: "two.arazzo.yaml")
        return try directory.write(Array(top.utf8), to: "top.arazzo.yaml")
    }

    @Test func eachSourceHasItsOwnProviderAndBaseURL() async throws {
        let directory = try ScratchDirectory()
        let flows = try await Workflows.load(path: Self.write(in: directory))
        #expect(flows.sourcesByAddress.map(\.address) == ["api", "one.api", "two.api"])
        #expect(flows.workflowSources["two"]?.address(ofSource: "api") == "two.api")
        let log = Recorder<String>()
        let handler: TestHandler = { request, writer in
            log.record("\(request.method) \(request.target)")
            try await writer.respond(status: 200, headers: [], body: "")
        }
        try await withTestServer(handler) { server in
            func provider(_ path: String) -> Provider {
                Provider(baseURL: server.baseURL + path, options: .init(usesEnvironment: false))
            }
            var options = RunOptions()
            options.providers = ["api": provider("/top"), "one.api": provider("/one"), "two.api": provider("/two")]
            let report = await flows.runReport("all", provider: provider("/run"), options: options)
            #expect(report.error == nil)
            #expect(log.all == ["GET /top/items", "GET /one/items", "GET /two/items"])

            // A base URL by address, the run's provider for the rest.
            let based = await flows.runReport("all", provider: provider("/run"), options: RunOptions(baseURLs: ["two.api": server.baseURL + "/elsewhere"]))
            #expect(based.error == nil)
            #expect(log.all.suffix(3) == ["GET /run/items", "GET /run/items", "GET /elsewhere/items"])
        }
    }
}

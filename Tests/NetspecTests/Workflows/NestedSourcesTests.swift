import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// Two nested Arazzo documents whose sources have one name (`api`, as the document above them
/// has too: ``NestedArazzoFixture``): each source is its own, addressed `api`, `one.api` and `two.api`, so that a
/// provider or a base URL given for one is not the others'.
@Suite struct NestedSourcesTests {
    @Test func eachSourceHasItsOwnProviderAndBaseURL() async throws {
        let directory = try ScratchDirectory()
        let flows = try await Workflows.load(path: NestedArazzoFixture.write(in: directory))
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

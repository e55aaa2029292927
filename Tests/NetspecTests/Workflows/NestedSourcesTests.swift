import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// Two nested Arazzo documents whose sources have one name (`api`, as the document above them
/// has too: ``NestedArazzoFixture``): each source is its own, addressed `api`, `one.api` and `two.api`, so that a
/// provider or a base URL given for one is not the others'.
@Suite struct NestedSourcesTests {
    /// `body` with a server that answers every request 200 and records it (`METHOD target`), and
    /// a provider for each path of it.
    static func withRecordingServer(
        _ body: (_ log: Recorder<String>, _ server: TestServer, _ provider: (String) -> Provider) async throws -> Void
    ) async throws {
        let log = Recorder<String>()
        let handler: TestHandler = { request, writer in
            log.record("\(request.method) \(request.target)")
            try await writer.respond(status: 200, headers: [], body: "")
        }
        try await withTestServer(handler) { server in
            try await body(log, server) { path in Provider(baseURL: server.baseURL + path, options: .init(usesEnvironment: false)) }
        }
    }

    @Test func eachSourceHasItsOwnProviderAndBaseURL() async throws {
        let directory = try ScratchDirectory()
        let flows = try await Workflows.load(path: NestedArazzoFixture.write(in: directory))
        #expect(flows.sourcesByAddress.map(\.address) == ["api", "one.api", "two.api"])
        #expect(flows.workflowSources["two"]?.address(ofSource: "api") == "two.api")
        try await Self.withRecordingServer { log, server, provider in
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

    /// Two documents that name each other: the second's workflow calls one of the first, which
    /// the run finds among the documents it loaded. It validated, and the run stopped with "names
    /// no workflow of a loaded Arazzo source" (exit 64). Named back through a link to its folder
    /// (`here/top.arazzo.yaml`), the first was loaded again and again without end.
    @Test(arguments: ["top.arazzo.yaml", "here/top.arazzo.yaml"])
    func twoDocumentsThatNameEachOtherRunEachOthersWorkflows(back: String) async throws {
        let directory = try ScratchDirectory()
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/here", withDestinationPath: ".")
        try directory.write(Array(NestedArazzoFixture.items.utf8), to: "items.yaml")
        let path = try directory.write(Array("""
            arazzo: 1.0.1
            info: { title: Top, version: "1" }
            sourceDescriptions:
              - { name: api, url: items.yaml }
              - { name: partner, url: partner.arazzo.yaml, type: arazzo }
            workflows:
              - workflowId: all
                steps:
                  - { stepId: own, operationId: listItems }
                  - { stepId: there, workflowId: $sourceDescriptions.partner.middle }
              - workflowId: leaf
                steps: [{ stepId: list, operationId: listItems }]
            """.utf8), to: "top.arazzo.yaml")
        try directory.write(Array("""
            arazzo: 1.0.1
            info: { title: Partner, version: "1" }
            sourceDescriptions:
              - { name: api, url: items.yaml }
              - { name: back, url: \(back), type: arazzo }
            workflows:
              - workflowId: middle
                steps:
                  - { stepId: own, operationId: listItems }
                  - { stepId: back, workflowId: $sourceDescriptions.back.leaf }
            """.utf8), to: "partner.arazzo.yaml")
        let flows = try await Workflows.load(path: path)
        try await Self.withRecordingServer { log, server, provider in
            var options = RunOptions()
            options.providers = ["api": provider("/top"), "partner.api": provider("/partner")]
            let report = await flows.runReport("all", provider: provider("/run"), options: options)
            #expect(report.error == nil)
            #expect(log.all == ["GET /top/items", "GET /partner/items", "GET /top/items"])
            #expect(report.steps.map { "\($0.workflowId).\($0.stepId)" } == ["all.own", "middle.own", "leaf.list", "middle.back", "all.there"])
        }
    }
}

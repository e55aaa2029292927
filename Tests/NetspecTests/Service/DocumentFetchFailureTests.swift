import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// A document by URL that cannot be fetched says why, and how it failed (`fetchFailure`, which
/// the CLI exits by as a call's failure), unlike a document that is not one; the fetch has a time
/// limit by default (the provider's, 60 s).
@Suite struct DocumentFetchFailureTests {
    @Test func eachFailureOfTheFetchIsKnownFromADocumentProblem() async throws {
        let handler: TestHandler = { request, writer in
            switch request.target {
            case "/slow.yaml":
                try await Task.sleep(for: .seconds(3))
                try await writer.respond(status: 200, headers: [], body: "swagger: \"2.0\"")
            case "/page": try await writer.respond(status: 200, headers: [("Content-Type", "text/html")], body: "<html></html>")
            default: try await writer.respond(status: 503, headers: [], body: "later")
            }
        }
        let closed = try ReservedPort()
        try await withTestServer(handler) { server in
            let cases: [(String, SpecError.FetchFailure?, String)] = [
                (server.baseURL + "/slow.yaml", .timeout, "the request to 127.0.0.1:\(server.port) timed out after 300 ms"),
                (server.baseURL + "/gone.yaml", .status(503), "HTTP 503"),
                ("http://127.0.0.1:\(closed.port)/x.yaml", .transport, "cannot connect to 127.0.0.1:\(closed.port): connection refused"),
                (server.baseURL + "/page", nil, "it is an HTML page (text/html), not an OpenAPI, Swagger or Netspec document"),
            ]
            for (url, failure, reason) in cases {
                // A short limit for the slow one only: a loaded machine may take longer for the others.
                let provider = Provider(options: .init(timeouts: .init(request: failure == .timeout ? .milliseconds(300) : .seconds(120)), usesEnvironment: false))
                let error = await #expect(throws: SpecError.self) { try await Spec.load(url: url, provider: provider) }
                #expect(error?.fetchFailure == failure, "\(url)")
                #expect(error?.message == "cannot load \(url): \(reason)")
            }
        }
        #expect(Provider().options.timeouts.request == nil)
        #expect(Provider.Options.Timeouts.defaultRequest == .seconds(60))
    }
}

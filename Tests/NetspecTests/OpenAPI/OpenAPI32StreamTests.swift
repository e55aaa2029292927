import NetspecMCP
import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// OpenAPI 3.2's `itemSchema` of sequential media types ("Sequential Media Types", "Special
/// Considerations for Server-Sent Events"): each item checked as it arrives, JSON text sequences
/// framed by RS (RFC 7464), a mocked stream made of valid items, and MCP answering with them.
@Suite struct OpenAPI32StreamTests {
    static let document = """
        openapi: 3.2.0
        info: { title: Feed, version: "1" }
        paths:
          /feed:
            get:
              operationId: feed
              responses:
                "200":
                  description: items
                  content:
                    application/jsonl:
                      itemSchema: { type: object, required: [n], properties: { n: { type: integer, minimum: 1 } } }
          /records:
            get:
              operationId: records
              responses:
                "200":
                  description: records
                  content:
                    application/json-seq:
                      itemSchema: { type: object, required: [n], properties: { n: { type: integer } } }
          /ticks:
            get:
              operationId: ticks
              responses:
                "200":
                  description: events
                  content:
                    text/event-stream:
                      itemSchema:
                        type: object
                        required: [event, data]
                        properties: { event: { const: tick }, data: { type: string }, retry: { type: integer, minimum: 0 } }
        """

    static func api(baseURL: String? = nil) throws -> Service {
        let options = Provider.Options(mocks: baseURL == nil ? .enabled : .disabled, usesEnvironment: false)
        return Service(spec: try Spec(yaml: Self.document, file: "feed.yaml"), provider: Provider(baseURL: baseURL, options: options))
    }

    static let strict = CallOptions(responseValidation: .strict)

    /// A line stream's `Accept` names the line types its document declares (it named
    /// `application/x-ndjson` whatever the document said).
    @Test func aLineStreamAcceptsTheTypesItsDocumentDeclares() async throws {
        let accepts = Recorder<String>()
        let handler: TestHandler = { request, writer in
            accepts.record(request.header("Accept") ?? "")
            try await writer.respond(status: 200, headers: [("Content-Type", "application/jsonl")], body: "{\"n\":1}\n")
        }
        try await withTestServer(handler) { server in
            let api = try Self.api(baseURL: server.baseURL)
            for operation in ["feed", "records"] {
                for try await _ in try await api.lines(operation) {}
            }
        }
        #expect(accepts.all == ["application/jsonl, application/json;q=0.9, */*;q=0.5", "application/json-seq, application/json;q=0.9, */*;q=0.5"])
    }

    /// RFC 7464: each record starts with RS and is one JSON text, which may span lines.
    @Test func jsonTextSequencesAreReadRecordByRecordAndEachIsChecked() async throws {
        let body = "\u{1E}{\"n\":1}\n\u{1E}{\n  \"n\": 2\n}\n\u{1E}{\"n\":\"three\"}\n"
        let handler: TestHandler = { _, writer in
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json-seq")], body: body)
        }
        try await withTestServer(handler) { server in
            let api = try Self.api(baseURL: server.baseURL)
            var all: [JSONValue] = []
            for try await value in try await api.lines("records") { all.append(value) }
            #expect(all == [["n": 1], ["n": 2], ["n": "three"]])
            var seen: [JSONValue] = []
            let error = await #expect(throws: CallError.self) {
                for try await value in try await api.lines("records", options: Self.strict) { seen.append(value) }
            }
            #expect(seen == [["n": 1], ["n": 2]])
            #expect(error?.description == """
                endpoint 'records': record 3 of the response (200, application/json-seq) breaks the document's schema (1 violation):
                  /n must be an integer (schema at feed.yaml:21:77)
                """)
        }
    }

    /// An event stream's `itemSchema` describes the whole event (`data`, `event`, `id`, `retry`),
    /// not its data.
    @Test func anEventStreamsItemSchemaIsCheckedAgainstEachWholeEvent() async throws {
        let events = ["event: tick\ndata: {\"n\":1}\nretry: 5\n\n", "data: tick\n\n"]
        try await withTestServer(TestHandlers.sse(events: events, pauses: .milliseconds(1))) { server in
            let api = try Self.api(baseURL: server.baseURL)
            var seen: [ServerSentEvent] = []
            let error = await #expect(throws: CallError.self) {
                for try await event in try await api.events("ticks", options: Self.strict) { seen.append(event) }
            }
            #expect(seen == [ServerSentEvent(event: "tick", data: #"{"n":1}"#, retry: 5)])
            #expect(error?.description == """
                endpoint 'ticks': event 2 of the response (200, text/event-stream) breaks the document's schema (1 violation):
                  the value must have the property 'event' (schema at feed.yaml:32:17)
                """)
        }
    }

    /// The mock answers a stream of three valid items made from the item schema, the same each
    /// time, framed as the media type frames them.
    @Test func theMockStreamsValidItems() async throws {
        let api = try Self.api()
        var lines: [JSONValue] = []
        for try await value in try await api.lines("feed", options: Self.strict) { lines.append(value) }
        #expect(lines == [["n": 1], ["n": 1277], ["n": 351]])
        var records: [JSONValue] = []
        for try await value in try await api.lines("records", options: Self.strict) { records.append(value) }
        #expect(records == [["n": 0], ["n": 276], ["n": -650]])
        var events: [ServerSentEvent] = []
        for try await event in try await api.events("ticks", options: Self.strict) { events.append(event) }
        #expect(events.map(\.event) == ["tick", "tick", "tick"])
        #expect(events.map(\.data) == ["string", "d", "arhkdt"])
    }

    /// MCP's tool answers with the stream's items.
    @Test func mcpAnswersWithTheItems() async throws {
        let server = MCPServer(service: try Self.api())
        let answer = await server.respond(to: #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"records","arguments":{}}}"#)
        #expect(answer == #"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"[{\"n\":0},{\"n\":276},{\"n\":-650}]"}],"isError":false}}"#)
    }

    /// A multipart answer is not split into its parts as they arrive: its `itemSchema` is said
    /// not to be read, at its place.
    @Test func aMultipartItemSchemaIsAWarning() throws {
        let spec = try Spec(yaml: """
            openapi: 3.2.0
            info: { title: Parts, version: "1" }
            paths:
              /parts:
                get:
                  responses:
                    "200":
                      description: parts
                      content:
                        multipart/mixed:
                          itemSchema: { type: object }
            """, file: "parts.yaml")
        #expect(spec.warnings.map(\.description) == [
            "parts.yaml:11:27: warning: 'itemSchema' of multipart/mixed is not read: a multipart answer is not split into its parts as they arrive, so its parts are not checked",
        ])
    }
}

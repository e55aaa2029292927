import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// Streamed answers validated item by item: each JSON line, each event's JSON `data`, against the
/// media type's `schema` (OpenAPI 3.2's `itemSchema`: OpenAPI32StreamTests).
@Suite struct StreamItemValidationTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Feed, version: "1" }
        paths:
          /lines:
            get:
              operationId: lines
              responses:
                "200":
                  description: items
                  content:
                    application/x-ndjson:
                      schema: { type: object, required: [n], properties: { n: { type: integer } } }
          /events:
            get:
              operationId: events
              responses:
                "200":
                  description: events
                  content:
                    text/event-stream:
                      schema: { type: object, required: [delta], properties: { delta: { type: string } } }
        """

    static func api(baseURL: String) throws -> Service {
        Service(spec: try Spec(yaml: Self.document, file: "feed.yaml"), provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
    }

    static let ndjson: TestHandler = { _, writer in
        try await writer.respond(status: 200, headers: [("Content-Type", "application/x-ndjson")], body: "{\"n\":1}\n{\"n\":\"two\"}\n{\"n\":3}\n")
    }

    @Test func eachLineIsCheckedAsItArrives() async throws {
        try await withTestServer(Self.ndjson) { server in
            let api = try Self.api(baseURL: server.baseURL)
            var seen: [JSONValue] = []
            let error = await #expect(throws: CallError.self) {
                for try await value in try await api.lines("lines", options: CallOptions(responseValidation: .strict)) { seen.append(value) }
            }
            // The first line came through; the second fails the stream with where and why.
            #expect(seen == [["n": 1]])
            #expect(error?.description == """
                endpoint 'lines': line 2 of the response (200, application/x-ndjson) breaks the document's schema (1 violation):
                  /n must be an integer (schema at feed.yaml:12:73)
                """)
            // `.warn` logs and goes on; off by default.
            var all: [JSONValue] = []
            for try await value in try await api.lines("lines", options: CallOptions(responseValidation: .warn)) { all.append(value) }
            #expect(all.count == 3)
        }
    }

    @Test func eachEventsDataIsChecked() async throws {
        let events = ["data: {\"delta\":\"a\"}\n\n", "data: {\"delta\":2}\n\n", "data: [DONE]\n\n"]
        try await withTestServer(TestHandlers.sse(events: events, pauses: .milliseconds(1))) { server in
            let api = try Self.api(baseURL: server.baseURL)
            var seen: [String] = []
            let error = await #expect(throws: CallError.self) {
                for try await event in try await api.events("events", options: CallOptions(responseValidation: .strict)) { seen.append(event.data) }
            }
            #expect(seen == [#"{"delta":"a"}"#])
            #expect(error?.description == """
                endpoint 'events': event 2 of the response (200, text/event-stream) breaks the document's schema (1 violation):
                  /delta must be a string (schema at feed.yaml:21:81)
                """)
            // Data that is not JSON (`[DONE]`) is not checked.
            var all: [String] = []
            for try await event in try await api.events("events") { all.append(event.data) }
            #expect(all.count == 3)
        }
    }
}

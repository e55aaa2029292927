import Testing

import Netspec

/// A mocked event stream writes each line of an event's data as its own `data:` line, at every
/// line break the client reads as one: CR LF (one Character, equal to neither "\r" nor "\n",
/// so it was written raw and the client read the rest of the data as a field of its own), CR, LF.
@Suite struct MockStreamLineBreakTests {
    @Test(arguments: ["a\\r\\nb", "a\\rb", "a\\nb"])
    func eachLineOfTheDataIsADataLine(data: String) async throws {
        let document = """
            openapi: 3.2.0
            info: { title: Feed, version: "1" }
            paths:
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
                            required: [data]
                            properties: { data: { const: "\(data)" } }
            """
        let options = Provider.Options(mocks: .enabled, usesEnvironment: false)
        let api = Service(spec: try Spec(yaml: document, file: "feed.yaml"), provider: Provider(options: options))
        var events: [ServerSentEvent] = []
        for try await event in try await api.events("ticks") { events.append(event) }
        #expect(events.map(\.data) == ["a\nb", "a\nb", "a\nb"])
    }
}

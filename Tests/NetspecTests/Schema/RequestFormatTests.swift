import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// `format` in an OpenAPI or Swagger document asserts on what a call sends (`date-time`, `date`,
/// `time`, `email`, `uuid`, `uri`, `ipv4`, `ipv6`, `duration`) and stays an annotation on what a
/// server answers.
@Suite struct RequestFormatTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Formats, version: "1" }
        servers: [{ url: "https://formats.example.com" }]
        paths:
          /events:
            post:
              operationId: addEvent
              parameters:
                - { name: since, in: query, schema: { type: string, format: date-time } }
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        day: { type: string, format: date }
                        at: { type: string, format: time }
                        owner: { type: string, format: email }
                        id: { type: string, format: uuid }
                        link: { type: string, format: uri }
                        from: { type: string, format: ipv4 }
                        via: { type: string, format: ipv6 }
                        lasts: { type: string, format: duration }
                        colour: { type: string, format: colour }
              responses:
                "200":
                  description: The event
                  content:
                    application/json:
                      schema: { type: object, properties: { at: { type: string, format: date-time } } }
        """

    static func api(baseURL: String? = nil) throws -> Service {
        Service(spec: try Spec(yaml: document, file: "formats.yaml"), provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
    }

    @Test func eachFormatIsCheckedBeforeSending() throws {
        let valid: [String: Argument] = [
            "since": "2026-11-25T10:00:00Z", "day": "2026-02-28", "at": "10:00:00+01:00", "owner": "ada@example.com",
            "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "link": "https://example.com/a?b=c", "from": "192.0.2.1", "via": "2001:db8::1",
            "lasts": "P1DT12H", "colour": "AAA",
        ]
        #expect(try Self.api().prepare("addEvent", valid).url == "https://formats.example.com/events?since=2026-11-25T10%3A00%3A00Z")
        let invalid: [String: Argument] = [
            "since": "AAA", "day": "2026-02-30", "at": "25:00:00Z", "owner": "ada", "id": "3fa85f64", "link": "example.com",
            "from": "192.0.2.256", "via": "2001:db8::1::2", "lasts": "P1D2H", "colour": "AAA",
        ]
        let error = #expect(throws: CallError.self) { try Self.api().prepare("addEvent", invalid) }
        #expect(error?.description == """
            endpoint 'addEvent': 9 problems with the arguments:
              parameter 'day': must be a valid date, got "2026-02-30" (schema at formats.yaml:16:38)
              parameter 'at': must be a valid time, got "25:00:00Z" (schema at formats.yaml:17:37)
              parameter 'owner': must be a valid email, got "ada" (schema at formats.yaml:18:40)
              parameter 'id': must be a valid uuid, got "3fa85f64" (schema at formats.yaml:19:37)
              parameter 'link': must be a valid uri, got "example.com" (schema at formats.yaml:20:39)
              parameter 'from': must be a valid ipv4, got "192.0.2.256" (schema at formats.yaml:21:39)
              parameter 'via': must be a valid ipv6, got "2001:db8::1::2" (schema at formats.yaml:22:38)
              parameter 'lasts': must be a valid duration, got "P1D2H" (schema at formats.yaml:23:40)
              parameter 'since': must be a valid date-time, got "AAA" (schema at formats.yaml:9:61)
            """)
        // `--no-validate` sends it as given.
        #expect(try Self.api().prepare("addEvent", invalid, options: CallOptions(requestValidation: .off)).url == "https://formats.example.com/events?since=AAA")
    }

    @Test func aResponsesFormatIsAnAnnotation() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"at": "AAA"}"#)) { server in
            let response = try await Self.api(baseURL: server.baseURL).call("addEvent", options: CallOptions(responseValidation: .strict))
            #expect(response.value["at"] == "AAA")
            #expect(response.violations == [])
        }
    }

    /// The engine's own: a value validated without a direction keeps `format` an annotation, and
    /// `JSONSchema(_:assertingFormats: true)` asserts it.
    @Test func withoutADirectionFormatIsAnAnnotationUnlessAsserted() throws {
        let request = try #require(try Self.api().spec.endpoint(named: "addEvent")?.parameter(named: "since")?.schema)
        #expect(request.validate("AAA") == [])
        #expect(request.validate("AAA", direction: .request).map(\.message) == ["must be a valid date-time"])
        #expect(try JSONSchema(["format": "duration"], assertingFormats: true).validate("P1Y2W").map(\.message) == ["must be a valid duration"])
        #expect(try JSONSchema(["format": "duration"]).validate("P1Y2W") == [])
    }
}

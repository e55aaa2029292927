import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A step's request body: a JSON template written as a string (Arazzo 1.0.1 § 4.6.13's "JSON
/// Templated" payload) read as its JSON, 1.1's replacement targets by JSONPath (every node the
/// query selects) — an XPath one selects in XML payloads only (``RunXMLPayloadTests``) — and a
/// form payload's members the operation does not declare sent as form items, as a JSON one's are.
@Suite struct RunPayloadTests {
    static let order = """
          - workflowId: order
            inputs: { type: object, properties: { petId: { type: integer }, tags: { type: array } } }
            steps:
              - stepId: place
                operationId: placeOrder
                requestBody:
                  contentType: application/json
                  payload: |
                    {"petId": "{$inputs.petId}", "tags": "{$inputs.tags}", "note": "pet {$inputs.petId}",
                     "lines": [{"qty": 1, "sku": "a"}, {"qty": 2, "sku": "b"}]}
                  replacements:
                    - { target: "$.lines[*].qty", targetSelectorType: jsonpath, value: 5 }
                outputs: { id: $response.body#/id }
          - workflowId: nothing
            steps:
              - stepId: place
                operationId: placeOrder
                requestBody:
                  payload: { lines: [] }
                  replacements:
                    - { target: "$.lines[0]", targetSelectorType: jsonpath, value: 5 }
          - workflowId: xml
            steps:
              - stepId: place
                operationId: placeOrder
                requestBody:
                  payload: { lines: [] }
                  replacements:
                    - { target: /order/line, targetSelectorType: xpath, value: 5 }
        """

    @Test func aJSONTemplateIsItsJSONAndJSONPathTargetsReplaceEveryNode() async throws {
        let text = RunFixtures.document(Self.order).replacingOccurrences(of: "arazzo: 1.0.1", with: "arazzo: 1.1.0")
        let (flows, path) = try await RunFixtures.load(text)
        let log = Recorder<String>()
        try await withTestServer(RunFixtures.shop(log)) { server in
            let report = await flows.runReport("order", inputs: ["petId": 7, "tags": ["a", "b"]], provider: RunFixtures.provider(server))
            #expect(report.error == nil)
            #expect(log.all == [#"POST /orders {"petId":7,"tags":["a","b"],"note":"pet 7","lines":[{"qty":5,"sku":"a"},{"qty":5,"sku":"b"}]}"#])
            let nothing = await flows.runReport("nothing", provider: RunFixtures.provider(server))
            #expect(nothing.error?.message == "\(path):26:25: workflow 'nothing': step 'place': the JSONPath '$.lines[0]' selects nothing in the payload to replace")
            let xml = await flows.runReport("xml", provider: RunFixtures.provider(server))
            #expect(xml.error?.message
                == "\(path):34:25: workflow 'xml': step 'place': an xpath replacement target selects in an XML payload, written as a string; this payload is JSON (object)")
            #expect(log.all.count == 1)
        }
    }

    static let tokenAPI = """
        openapi: 3.0.3
        info: { title: Tokens, version: "1" }
        paths:
          /token:
            post:
              operationId: getToken
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema: { type: object, required: [grant_type], properties: { grant_type: { type: string }, client_id: { type: string } } }
              responses: { "200": { description: ok } }
        """

    /// The OAuth example's refresh (a form with `refresh_token`, which the operation does not
    /// declare): sent as a JSON body's undeclared member would be, after the declared fields.
    @Test func aFormPayloadSendsTheMembersTheOperationDoesNotDeclare() async throws {
        let directory = try ScratchDirectory()
        try directory.write(Array(Self.tokenAPI.utf8), to: "token.yaml")
        let flows = """
            arazzo: 1.0.1
            info: { title: Refresh, version: "1" }
            sourceDescriptions: [{ name: tokens, url: token.yaml }]
            workflows:
              - workflowId: refresh
                steps:
                  - stepId: refresh
                    operationId: getToken
                    requestBody:
                      contentType: application/x-www-form-urlencoded
                      payload: { refresh_token: rt/1, grant_type: refresh_token, client_id: c }
            """
        let path = try directory.write(Array(flows.utf8), to: "refresh.arazzo.yaml")
        let loaded = try await Workflows.load(path: path)
        let log = Recorder<String>()
        try await withTestServer(RunFixtures.shop(log, recordingHeaders: ["Content-Type"])) { server in
            _ = await loaded.runReport("refresh", provider: RunFixtures.provider(server))
            #expect(log.all == ["POST /token grant_type=refresh_token&client_id=c&refresh_token=rt%2F1 Content-Type: application/x-www-form-urlencoded"])
        }
    }
}

import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A step's request body: a JSON template written as a string (Arazzo 1.0.1 § 4.6.13's "JSON
/// Templated" payload) read as its JSON, and 1.1's replacement targets by JSONPath (every node
/// the query selects) — an XPath one refused with its place.
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
                == "\(path):34:25: workflow 'xml': step 'place': a xpath replacement target is not run (Netspec replaces at JSON pointers and JSONPath queries)")
            #expect(log.all.count == 1)
        }
    }
}

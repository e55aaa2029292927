import Netspec
import NetspecModel
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// Arazzo 1.1's Selector Object of `type: xpath` as a value: the XPath subset of criteria over an
/// XML response body — a node's string value (one node its string, several an array), a
/// function's number, boolean or string as that JSON value — and what cannot be selected refused
/// at the value's file:line:column, as the jsonpath Selector's is (an XPath outside the subset is
/// refused at load: WorkflowQueryLoadTests).
@Suite struct RunXPathSelectorTests {
    static let body = #"<pets count="2"><pet id="1" kind='cat'><name>Tom</name></pet><pet id="2"><name>Rex &amp; co</name>x<![CDATA[<y>]]></pet></pets>"#

    static let openAPI = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        paths:
          /pets:
            get:
              operationId: listPets
              responses: { "200": { description: pets, content: { application/xml: { schema: { type: object } } } } }
        """

    /// The selector, its context, and the value it gives or the error after `file:line:column: `.
    static let cases: [(selector: String, context: String, expected: Result<JSONValue, Message>)] = [
        ("/pets/pet[1]/name", "$response.body", .success("Tom")),
        ("/pets/pet/@id", "$response.body", .success(["1", "2"])),
        ("//pet[@kind = 'cat']/@kind", "$response.body", .success("cat")),
        ("/pets/pet[2]", "$response.body", .success("Rex & cox<y>")),
        ("/pets/pet[2]/text()", "$response.body", .success(["x", "<y>"])),
        ("count(//pet)", "$response.body", .success(2)),
        ("number('1.5')", "$response.body", .success(1.5)),
        ("count(//pet) > 1", "$response.body", .success(true)),
        ("concat(//pet[1]/name, '-', //pet[2]/@id)", "$response.body", .success("Tom-2")),
        ("/pets/dog", "$response.body", .failure("the XPath '/pets/dog' selects nothing in $response.body")),
        ("number('x')", "$response.body", .failure("the XPath 'number('x')' gives NaN in $response.body, which JSON cannot hold")),
        ("/pets", "$statusCode", .failure("an xpath selector selects in an XML document, and $statusCode is JSON (Int)")),
        ("/pets", "$url", .failure("$url is not XML: line 1, column 1: text outside the root element")),
    ]

    struct Message: Error, Equatable { let text: String }

    /// One workflow per case, each a step whose output is the selector.
    static func document() -> (text: String, lines: [Int]) {
        var lines = [
            "arazzo: 1.1.0", "info: { title: Pets, version: \"1\" }", "sourceDescriptions:",
            "  - { name: pets, url: pets.yaml, type: openapi }", "workflows:",
        ]
        var places: [Int] = []
        for (index, item) in cases.enumerated() {
            lines += ["  - workflowId: w\(index)", "    steps:", "      - stepId: get", "        operationId: listPets", "        outputs:"]
            places.append(lines.count + 1)
            lines.append("          value: { context: \(item.context), selector: \"\(item.selector)\", type: xpath }")
            lines += ["    outputs: { value: $steps.get.outputs.value }"]
        }
        return (lines.joined(separator: "\n") + "\n", places)
    }

    @Test func anXPathSelectorSelectsItsValue() async throws {
        let directory = try ScratchDirectory()
        try directory.write(Array(Self.openAPI.utf8), to: "pets.yaml")
        let (text, places) = Self.document()
        let path = try directory.write(Array(text.utf8), to: "pets.arazzo.yaml")
        let flows = try await Workflows.load(path: path)
        let handler: TestHandler = { _, writer in
            try await writer.respond(status: 200, headers: [("Content-Type", "application/xml")], body: Self.body)
        }
        try await withTestServer(handler) { server in
            let provider = Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false))
            for (index, item) in Self.cases.enumerated() {
                let report = await flows.runReport("w\(index)", provider: provider)
                switch item.expected {
                case let .success(value):
                    #expect(report.error == nil, "\(item.selector): \(report.error?.message ?? "")")
                    #expect(report.outputs == ["value": value], "\(item.selector)")
                case let .failure(message):
                    #expect(report.error?.message == "\(path):\(places[index]):18: workflow 'w\(index)': step 'get': output 'value': \(message.text)", "\(item.selector)")
                }
            }
        }
    }
}

extension RunXPathSelectorTests.Message: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { text = value }
}

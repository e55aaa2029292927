import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// Arazzo 1.1's XPath replacement targets: in an XML payload, the text of every node the XPath
/// subset selects — an element without child elements (`<a/>` too), an attribute, a text node —
/// replaced by the value, escaped for where it goes, the rest of the payload sent as written; a
/// target that selects nothing, or an element holding elements, is an error at its place, and
/// one outside the subset is refused at load.
@Suite struct RunXMLPayloadTests {
    static let openAPI = """
        openapi: 3.0.3
        info: { title: Notes, version: "1" }
        paths:
          /notes:
            post:
              operationId: postNote
              requestBody: { content: { application/xml: { schema: { type: object } } } }
              responses: { "201": { description: created } }
        """

    static let flows = #"""
        arazzo: 1.1.0
        info: { title: Notes, version: "1" }
        sourceDescriptions:
          - { name: notes, url: notes.yaml, type: openapi }
        workflows:
          - workflowId: write
            inputs: { type: object, properties: { to: { type: string }, qty: { type: integer } } }
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  contentType: application/xml
                  payload: |
                    <?xml version="1.0"?>
                    <!-- a note -->
                    <note id="0" kind='plain'><to>nobody</to><lines><line qty="1"/><line qty="2">x</line></lines><empty/><body>old &amp; <![CDATA[raw]]></body></note>
                  replacements:
                    - { target: /note/to, targetSelectorType: xpath, value: $inputs.to }
                    - { target: //line/@qty, targetSelectorType: xpath, value: $inputs.qty }
                    - { target: /note/@kind, targetSelectorType: { type: xpath, version: xpath-30 }, value: "it's \"q\"" }
                    - { target: /note/empty, targetSelectorType: xpath, value: a<b }
                    - { target: /note/body, targetSelectorType: xpath, value: new }
                    - { target: "/note/lines/line[2]/text()", targetSelectorType: xpath, value: y }
                successCriteria: [{ condition: $statusCode == 201 }]
          - workflowId: nothing
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  payload: <note><to/></note>
                  replacements: [{ target: /note/from, targetSelectorType: xpath, value: x }]
          - workflowId: parent
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  payload: <note><to/></note>
                  replacements: [{ target: /note, targetSelectorType: xpath, value: x }]
          - workflowId: json
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  payload: { note: 1 }
                  replacements: [{ target: /note, targetSelectorType: xpath, value: x }]
          - workflowId: broken
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  contentType: text/xml
                  payload: <note><to></note>
                  replacements: [{ target: /note/to, targetSelectorType: xpath, value: x }]
          - workflowId: embedded
            inputs: { type: object, properties: { v: { type: string }, n: {} } }
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  payload: |-
                    <note to="{$inputs.v}" by='{$inputs.v}'><to>{$inputs.v}</to><![CDATA[{$inputs.v}]]><!-- {$inputs.n} --><?pi {$inputs.n}?>{$inputs.n}</note>
          - workflowId: named
            inputs: { type: object, properties: { v: { type: string } } }
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  contentType: application/xml
                  payload: <note><{$inputs.v}/></note>
        """#

    /// The workflows and their OpenAPI source written to a scratch folder (kept while the test
    /// runs) and loaded, with the workflows' path.
    static func loaded() async throws -> (ScratchDirectory, path: String, Workflows) {
        let directory = try ScratchDirectory()
        try directory.write(Array(openAPI.utf8), to: "notes.yaml")
        let path = try directory.write(Array(flows.utf8), to: "notes.arazzo.yaml")
        return (directory, path, try await Workflows.load(path: path))
    }

    @Test func everySelectedNodesTextIsReplacedAndEscaped() async throws {
        let (directory, path, flows) = try await Self.loaded()
        defer { withExtendedLifetime(directory) {} }
        let log = Recorder<String>()
        let handler: TestHandler = { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.target) \(request.header("Content-Type") ?? "-")\n\(body)")
            try await writer.respond(status: 201, headers: [], body: "")
        }
        try await withTestServer(handler) { server in
            let provider = Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false))
            let report = await flows.runReport("write", inputs: ["to": "Ann & Bob <ab>", "qty": 5], provider: provider)
            #expect(report.error == nil, "\(report.error?.message ?? "")")
            #expect(log.all == ["""
                POST /notes application/xml
                <?xml version="1.0"?>
                <!-- a note -->
                <note id="0" kind='it&apos;s &quot;q&quot;'><to>Ann &amp; Bob &lt;ab&gt;</to><lines><line qty="5"/><line qty="5">y</line></lines><empty>a&lt;b</empty><body>new</body></note>

                """])
            let failures: [(String, String)] = [
                ("nothing", "\(path):31:36: workflow 'nothing': step 'post': the XPath '/note/from' selects nothing in the payload to replace"),
                ("parent", "\(path):38:36: workflow 'parent': step 'post': the XPath '/note' selects the element 'note', which holds the element 'to': a replacement sets the text of an element without child elements, of an attribute or of a text node"),
                ("json", "\(path):45:36: workflow 'json': step 'post': an xpath replacement target selects in an XML payload, written as a string; this payload is JSON (object)"),
                ("broken", "\(path):53:36: workflow 'broken': step 'post': the payload is not XML: line 1, column 11: '</note>' closes '<to>'"),
            ]
            for (workflow, message) in failures {
                let failed = await flows.runReport(workflow, provider: provider)
                #expect(failed.error?.message == message)
            }
            #expect(log.all.count == 1)
        }
    }

    /// An XML payload's embedded expressions (the operation's body is XML; no `contentType`):
    /// each value escaped for where it stands, or refused where no escaping keeps it text.
    @Test func embeddedValuesAreEscapedForWhereTheyStand() async throws {
        let (directory, path, flows) = try await Self.loaded()
        defer { withExtendedLifetime(directory) {} }
        let log = Recorder<String>()
        let handler: TestHandler = { request, writer in
            log.record(String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self))
            try await writer.respond(status: 201, headers: [], body: "")
        }
        try await withTestServer(handler) { server in
            let provider = Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false))
            let report = await flows.runReport("embedded", inputs: ["v": #"A & "B" <b>'s ]]> x"#, "n": 7], provider: provider)
            #expect(report.error == nil, "\(report.error?.message ?? "")")
            #expect(log.all == [
                #"<note to="A &amp; &quot;B&quot; &lt;b&gt;'s ]]&gt; x" by='A &amp; &quot;B&quot; &lt;b&gt;&apos;s ]]&gt; x'>"#
                    + #"<to>A &amp; "B" &lt;b&gt;'s ]]&gt; x</to><![CDATA[A & "B" <b>'s ]]]]><![CDATA[> x]]><!-- 7 --><?pi 7?>7</note>"#
            ])
            let failures: [(String, [String: JSONValue], String)] = [
                ("named", ["v": "to"], "\(path):69:20: workflow 'named': step 'post': requestBody payload: the value of {$inputs.v} is written in a tag outside an attribute value (an element or attribute name), where no escaping keeps it text: write it in an attribute value or element content"),
                ("embedded", ["v": "x", "n": "a--b"], "\(path):60:20: workflow 'embedded': step 'post': requestBody payload: the value of {$inputs.n} holds '--' or ends with '-', which would end the comment it is written in"),
                ("embedded", ["v": "\u{1}", "n": 1], "\(path):60:20: workflow 'embedded': step 'post': requestBody payload: the value of {$inputs.v} holds a character XML 1.0 cannot hold (a control character, U+FFFE or U+FFFF)"),
            ]
            for (workflow, inputs, message) in failures {
                let failed = await flows.runReport(workflow, inputs: inputs, provider: provider)
                #expect(failed.error?.message == message)
            }
            #expect(log.all.count == 1)
        }
    }

    @Test func aTargetOutsideTheSubsetIsRefusedAtLoad() async throws {
        let directory = try ScratchDirectory()
        try directory.write(Array(Self.openAPI.utf8), to: "notes.yaml")
        let text = Self.flows.replacingOccurrences(of: "target: /note/from,", with: "target: 'count(/note)',")
            .replacingOccurrences(of: "target: /note, targetSelectorType: xpath, value: x }]\n  - workflowId: json", with: "target: '/note/to + 1', targetSelectorType: xpath, value: x }]\n  - workflowId: json")
        let path = try directory.write(Array(text.utf8), to: "notes.arazzo.yaml")
        let error = await #expect(throws: SpecError.self) { try await Workflows.load(path: path) }
        #expect(error?.description == """
            \(path):31:36: error: workflow 'nothing': step 'post': replacement 'count(/note)': the XPath gives a value, not nodes: a target is a location path (/order/line, //item/@qty)
            \(path):38:36: error: workflow 'parent': step 'post': replacement '/note/to + 1': the target is not in the XPath subset Netspec runs: column 10: arithmetic is not in the XPath subset Netspec runs
            """)
    }
}

import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A replacement without a `targetSelectorType` in an XML payload: Arazzo 1.1 § Payload
/// Replacement Object, "If targetSelectorType is omitted, then … target MUST be interpreted as
/// XPath Expression if the payload is application/xml or another XML-based media type" (1.0.1's
/// `target` is "A JSON Pointer or XPath Expression", and an XML payload has no JSON pointer).
/// The payload is XML by the `contentType`, or without one by the operation's request media type,
/// at load (the target compiled as an XPath) as in the run.
@Suite struct RunXMLDefaultTargetTests {
    static func flows(_ version: String) -> String {
        """
        arazzo: \(version)
        info: { title: Notes, version: "1" }
        sourceDescriptions:
          - { name: notes, url: notes.yaml, type: openapi }
        workflows:
          - workflowId: typed
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  contentType: application/xml
                  payload: <note><to/><line qty="1"/></note>
                  replacements: [{ target: /note/to, value: Ann & Bob }]
          - workflowId: byOperation
            steps:
              - stepId: post
                operationId: postNote
                requestBody:
                  payload: <note><to/><line qty="1"/></note>
                  replacements: [{ target: "(//line)[1]/@qty", value: 5 }]
        """
    }

    @Test(arguments: ["1.0.1", "1.1.0"])
    func aTargetWithoutATypeIsAnXPathInAnXMLPayload(version: String) async throws {
        let directory = try ScratchDirectory()
        try directory.write(Array(RunXMLPayloadTests.openAPI.utf8), to: "notes.yaml")
        let path = try directory.write(Array(Self.flows(version).utf8), to: "notes.arazzo.yaml")
        // Loaded: `(//line)[1]/@qty` was refused as a JSON pointer ("it starts with '/'").
        let flows = try await Workflows.load(path: path)
        let log = Recorder<String>()
        let handler: TestHandler = { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.header("Content-Type") ?? "-") \(body)")
            try await writer.respond(status: 201, headers: [], body: "")
        }
        try await withTestServer(handler) { server in
            let provider = Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false))
            for workflow in ["typed", "byOperation"] {
                let report = await flows.runReport(workflow, provider: provider)
                // It was: "the payload has nothing at '/note/to' to replace (its parent must exist)".
                #expect(report.error == nil, "\(report.error?.message ?? "")")
            }
        }
        #expect(log.all == [
            #"application/xml <note><to>Ann &amp; Bob</to><line qty="1"/></note>"#,
            #"application/xml <note><to/><line qty="5"/></note>"#,
        ])
    }
}

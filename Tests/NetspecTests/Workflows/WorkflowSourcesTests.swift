import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// Where sources come from and what a plain `operationId` finds: a workflow document by URL with
/// its relative sources fetched beside it, a Swagger 2.0 source, a name in two sources; and the
/// document checks a reader meets first (unknown keys, a 1.1 key in a 1.0 document, actions).
@Suite struct WorkflowSourcesTests {
    static let swagger = """
        swagger: "2.0"
        info: { title: Items, version: "1" }
        basePath: /api
        paths:
          /items/{id}:
            get:
              operationId: getItem
              parameters: [{ name: id, in: path, required: true, type: integer }]
              responses: { 200: { description: ok } }
        """

    static func flows(sources: String, steps: String) -> String {
        """
        arazzo: 1.0.1
        info: { title: Items, version: "1" }
        sourceDescriptions:
        \(sources)
        workflows:
          - workflowId: read
            steps:
        \(steps)
        """
    }

    static func yaml(_ text: String) -> TestHandler {
        { _, writer in try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: text) }
    }

    @Test func aDocumentByURLFetchesItsRelativeSwaggerSource() async throws {
        let document = Self.flows(
            sources: "  - { name: items, url: ../specs/items.yaml, type: openapi }",
            steps: "      - { stepId: one, operationId: getItem, parameters: [{ name: id, in: path, value: 7 }] }"
        )
        let routes = TestHandlers.router([
            "GET /flows/read.arazzo.yaml": Self.yaml(document),
            "GET /specs/items.yaml": Self.yaml(Self.swagger),
        ])
        try await withTestServer(routes) { server in
            let flows = try await Workflows.load(url: server.baseURL + "/flows/read.arazzo.yaml", provider: Provider(options: .init(usesEnvironment: false)))
            let operation = try #require(flows.operation(workflow: "read", step: "one"))
            #expect("\(operation.source) \(operation.endpoint.name) \(operation.endpoint.method.rawValue) \(operation.endpoint.path)" == "items getItem GET /items/{id}")
            #expect(flows.sources["items"]?.file == server.baseURL + "/specs/items.yaml")
        }
    }

    @Test func aPlainOperationIdInTwoSourcesMustSayWhich() async throws {
        let directory = try ScratchDirectory()
        try directory.write(Array(Self.swagger.utf8), to: "a.yaml")
        try directory.write(Array(Self.swagger.utf8), to: "b.yaml")
        let path = try directory.write(Array(Self.flows(
            sources: "  - { name: a, url: a.yaml }\n  - { name: b, url: b.yaml }",
            steps: "      - { stepId: one, operationId: getItem }\n      - { stepId: two, operationId: $sourceDescriptions.b.getItem }"
        ).utf8), to: "read.arazzo.yaml")
        await #expect(throws: SpecError(
            file: path, line: 9, column: 37,
            message: "workflow 'read': step 'one': operation 'getItem' is in sources 'a' and 'b': write '$sourceDescriptions.a.getItem'"
        )) { try await Workflows.load(path: path) }
    }

    /// A source whose document is of the other kind than its `type` says is told so at its `url`,
    /// and which type to give: an Arazzo document under the default `openapi` was read as a
    /// Netspec spec ("cannot load inner.arazzo.yaml: inner.arazzo.yaml:1:1: error: unknown key
    /// 'arazzo' (and 6 more: netspec validate inner.arazzo.yaml lists them)"), an OpenAPI one
    /// under `type: arazzo` as Arazzo ("no 'arazzo' version"), each sending the user to a
    /// `netspec validate` that finds nothing wrong with the file.
    @Test func aSourceOfTheOtherKindIsToldWhichTypeToGive() async throws {
        let directory = try ScratchDirectory()
        try directory.write(Array(Self.swagger.utf8), to: "items.yaml")
        let inner = Self.flows(sources: "  - { name: items, url: items.yaml }", steps: "      - { stepId: one, operationId: getItem }")
        try directory.write(Array(inner.utf8), to: "inner.arazzo.yaml")
        let path = try directory.write(Array(Self.flows(
            sources: "  - { name: flows, url: inner.arazzo.yaml }\n  - { name: spec, url: items.yaml, type: arazzo }",
            steps: "      - { stepId: one, operationId: getItem }"
        ).utf8), to: "outer.arazzo.yaml")
        let folder = String(path.dropLast("outer.arazzo.yaml".count))
        do {
            _ = try await Workflows.load(path: path)
            Issue.record("the document loaded")
        } catch {
            #expect(error.allErrors.map(\.diagnostic) == [
                "\(path):4:25: error: source 'flows': cannot load \(folder)inner.arazzo.yaml: it is an Arazzo document, not an OpenAPI one: give the source 'type: arazzo'",
                "\(path):5:24: error: source 'spec': cannot load \(folder)items.yaml: it is an OpenAPI document, not an Arazzo one: give the source 'type: openapi'",
            ])
        }
    }

    /// The document's own checks that the Arazzo repository's fail folder has no case of.
    /// A source `url` the loader cannot read as a file or fetch, refused where it is written: each
    /// was looked for as a file beside the document ("cannot read file").
    @Test(arguments: [
        ("''", "4:25: error: source 'items': 'url' is empty (expected the source's file path or http(s) URL)"),
        ("ftp://example.com/items.yaml", "4:25: error: source 'items': 'url' 'ftp://example.com/items.yaml' is a 'ftp' URL: Netspec reads a source from a file path or an http(s) URL"),
        ("file:///srv/items.yaml", "4:25: error: source 'items': 'url' 'file:///srv/items.yaml' is a 'file' URL: Netspec reads a source from a file path or an http(s) URL (write the file's path)"),
    ])
    func sourceURLProblem(_ url: String, _ expected: String) {
        let text = Self.flows(sources: "  - { name: items, url: \(url) }", steps: "      - { stepId: one, operationId: getItem }")
        #expect(throws: (any Error).self) { try ArazzoDocument(yaml: text, file: "read.arazzo.yaml") }
        do {
            _ = try ArazzoDocument(yaml: text, file: "read.arazzo.yaml")
        } catch {
            #expect(error.description == "read.arazzo.yaml:" + expected)
        }
    }

    /// A long condition is quoted cut at 200 characters, at load and in a failure's report: one
    /// of 50 KB was quoted whole in each message.
    @Test func aLongConditionIsQuotedCut() throws {
        let condition = "^" + String(repeating: "4", count: 300)
        let cut = condition.prefix(199) + "…"
        let text = Self.flows(sources: "  - { name: items, url: items.yaml }", steps: "      - { stepId: one, operationId: getItem, successCriteria: [{ condition: '\(condition)', type: regex }] }")
        do {
            _ = try ArazzoDocument(yaml: text, file: "read.arazzo.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "read.arazzo.yaml:8:64: error: workflow 'read': step 'one': criterion '\(cut)': a 'regex' criterion needs a 'context' (the runtime expression it applies to)")
        }
        var context = ExpressionContext()
        context.statusCode = 200
        let report = try Criterion(condition: condition, context: "$statusCode", type: "regex").evaluate(in: context).description
        #expect(report == "criterion `\(cut)` (regex on $statusCode) failed: the pattern is not found in it; actual 200")
    }

    static let documentProblems: [(String, String)] = [
        ("      - { stepId: one, operationId: getItem, summary: x }", "8:46: error: workflow 'read': step 'one': unknown key 'summary'"),
        ("      - { stepId: one, operationId: getItem, parametrs: [] }", "8:46: error: workflow 'read': step 'one': unknown key 'parametrs' (did you mean 'parameters'?)"),
        ("      - { stepId: one, operationId: getItem, action: send }", "8:46: error: workflow 'read': step 'one': 'action' is Arazzo 1.1 (this document is 1.0; write 'arazzo: 1.1.0' to use it)"),
        ("      - { stepId: one, operationId: getItem, onSuccess: [{ name: next, type: goto }] }", "8:58: error: workflow 'read': step 'one': success action 'next': a 'goto' action needs a 'workflowId' or a 'stepId'"),
        ("      - { stepId: one, operationId: getItem, onSuccess: [{ name: again, type: retry }] }", "8:79: error: workflow 'read': step 'one': success action 'again': unknown type 'retry' (expected 'end' or 'goto')"),
        ("      - { stepId: one, operationId: getItem, onFailure: [{ name: again, type: retry, retryLimit: -1 }] }", "8:98: error: workflow 'read': step 'one': failure action 'again': 'retryLimit' is the number -1, expected an integer of at least 0"),
        // A wait no clock holds (once a crash at the retry): refused as a negative one is, as is `.inf`.
        ("      - { stepId: one, operationId: getItem, onFailure: [{ name: again, type: retry, retryAfter: 1e17 }] }", "8:98: error: workflow 'read': step 'one': failure action 'again': 'retryAfter' is the number 1e+17, expected a number from 0 to 86400"),
        ("      - { stepId: one, operationId: getItem, onFailure: [{ name: again, type: retry, retryAfter: .inf }] }", "8:98: error: workflow 'read': step 'one': failure action 'again': 'retryAfter' is the number inf, expected a number from 0 to 86400"),
        ("      - { stepId: one, operationId: getItem }\n      - { stepId: one, operationId: getItem }", "9:19: error: workflow 'read': duplicate step 'one' (its 'stepId' is also at line 8)"),
        // § Criterion Object: "If type is specified, then the context MUST be provided", `simple` too.
        ("      - { stepId: one, operationId: getItem, successCriteria: [{ condition: $statusCode == 200, type: simple }] }",
         "8:64: error: workflow 'read': step 'one': criterion '$statusCode == 200': its 'type' is written, so it needs a 'context' (the runtime expression it applies to; Arazzo § Criterion Object); a plain condition leaves 'type' out"),
        ("      - { stepId: one, operationId: getItem, successCriteria: [{ condition: '^2', type: regex }] }",
         "8:64: error: workflow 'read': step 'one': criterion '^2': a 'regex' criterion needs a 'context' (the runtime expression it applies to)"),
        // A tag of the author's own: YAML reads the leading `!`, and the condition lost it without a word.
        ("      - { stepId: one, operationId: getItem, successCriteria: [{ condition: !x $statusCode == 200 }] }",
         "8:77: error: YAML reads '!x' as a tag, which an Arazzo document cannot have: quote the value to start it with '!'"),
    ]

    /// The largest integer YAML writes (once a crash: read through a `Double`, it rounded past
    /// `Int.max`), as a retry's `retryLimit` and a 1.1 step's `timeout`: read as written.
    @Test func theLargestIntegerIsReadAsWritten() throws {
        let steps = "      - { stepId: one, operationId: getItem, onFailure: [{ name: again, type: retry, retryLimit: 9223372036854775807 }] }"
        let document = try ArazzoDocument(yaml: Self.flows(sources: "  - { name: items, url: items.yaml }", steps: steps), file: "read.arazzo.yaml")
        #expect(document.workflows[0].steps[0].onFailure[0].retryLimit == Int.max)
        let timed = Self.flows(sources: "  - { name: items, url: items.yaml }", steps: "      - { stepId: one, operationId: getItem, timeout: 9223372036854775807 }")
            .replacingOccurrences(of: "arazzo: 1.0.1", with: "arazzo: 1.1.0")
        #expect(try ArazzoDocument(yaml: timed, file: "read.arazzo.yaml").workflows[0].steps[0].timeout == Int.max)
    }

    @Test(arguments: documentProblems)
    func documentProblem(_ steps: String, _ expected: String) {
        let text = Self.flows(sources: "  - { name: items, url: items.yaml }", steps: steps)
        #expect(throws: (any Error).self) { try ArazzoDocument(yaml: text, file: "read.arazzo.yaml") }
        do {
            _ = try ArazzoDocument(yaml: text, file: "read.arazzo.yaml")
        } catch {
            #expect(error.description == "read.arazzo.yaml:" + expected)
        }
    }
}

import Foundation
import NetspecWorkflows
import Testing

/// The Arazzo Specification repository's schema tests (`Fixtures/arazzo/schema-tests`, from
/// OAI/Arazzo-Specification's v1.1-dev branch, Apache 2.0: see its NOTICE): every document of
/// `pass` is read, every document of `fail` is refused with the problem its name describes, at
/// its place. These are the document's own checks (``ArazzoDocument/read(path:)``); their sources
/// are example.com URLs, and the loader's reference checks are WorkflowLoadingTests'.
@Suite struct ArazzoConformanceTests {
    static let folder = TestPaths.root + "/Tests/NetspecTests/Fixtures/arazzo/schema-tests"

    static let passing = [
        "async-correlation-id-for-receive-action.arazzo.yaml", "async-depends-on-across-document.arazzo.yaml",
        "async-depends-on-cross-workflow.arazzo.yaml", "async-depends-on.arazzo.yaml", "async-parameter-reusable-reference.arazzo.yaml",
        "async-parameter-with-in.arazzo.yaml", "async-receive-without-correlation-id.arazzo.yaml", "async-with-channel-path.arazzo.yaml",
        "asyncapi-success-criteria.arazzo.yaml", "bnpl-example.yaml", "characterization-async-invalid-channelPath-string.arazzo.yaml",
        "characterization-asyncapi-operationId-without-action.arazzo.yaml", "characterization-openapi-invalid-operationPath-string.arazzo.yaml",
        "characterization-openapi-operationId-with-action.arazzo.yaml", "characterization-openapi-receive-with-correlationId.arazzo.yaml",
        "characterization-workflow-step-with-requestBody.arazzo.yaml", "criterion-with-extended-xpath.arazzo.yaml", "minimal-async.arazzo.yaml",
        "minimal-with-self.arazzo.yaml", "minimal.arazzo.yaml", "oauth-example.yaml", "openapi-and-asyncapi.arazzo.yaml",
        "openapi-operation-path.arazzo.yaml", "openapi-parameter-reusable-reference.arazzo.yaml", "openapi-parameter-with-in.arazzo.yaml",
        "openapi-success-criteria.arazzo.yaml", "parameter-with-querystring-and-runtime-expr.arazzo.yaml", "parameter-with-selector.arazzo.yaml",
        "parameter-with-static-querystring.arazzo.yaml", "payload-replacement-using-selector.arazzo.yaml", "pet-coupons-example.yaml",
        "workflow-minimal-step.arazzo.yaml", "workflow-parameter-reusable-reference.arazzo.yaml", "workflow-parameter-without-in.arazzo.yaml",
        "workflow-success-criteria.arazzo.yaml",
    ]

    @Test(arguments: passing)
    func passes(_ file: String) throws {
        let document = try ArazzoDocument.read(path: Self.folder + "/pass/" + file)
        #expect(!document.workflows.isEmpty && document.workflows.allSatisfy { !$0.steps.isEmpty })
    }

    /// Each refused document's first problem, as `line:column: error: message`.
    static let failing: [(String, String)] = [
        ("async-both-operationId-and-channelPath.arazzo.yaml", "14:22: error: workflow 'asyncWorkflow': step 'sendEvent': both 'operationId' and 'channelPath' are given: a step calls one operation or workflow"),
        ("async-channelPath-without-action.arazzo.yaml", "13:22: error: workflow 'asyncWorkflow': step 'receiveEvent': a 'channelPath' step needs an 'action' ('send' or 'receive')"),
        ("async-depends-on-duplicate-values.arazzo.yaml", "20:13: error: workflow 'asyncWorkflow': step 'receiveEvent': 'dependsOn' names 'sendEvent' twice"),
        ("async-depends-on-empty.arazzo.yaml", "18:20: error: workflow 'asyncWorkflow': step 'receiveEvent': 'dependsOn' is empty; it needs at least one item (or leave it out)"),
        ("async-depends-on-invalid-reference.arazzo.yaml", "22:13: error: workflow 'asyncWorkflow': step 'receiveEvent': 'dependsOn' item '$steps.sendEvent' is not a stepId of the workflow, '$workflows.WORKFLOW.steps.STEP' or '$sourceDescriptions.SOURCE.WORKFLOW.steps.STEP'"),
        ("channel-path-is-invalid-for-openapi.arazzo.yaml", "13:22: error: workflow 'basicWorkflow': step 'step1': a 'channelPath' step needs an 'action' ('send' or 'receive')"),
        ("invalid-arazzo-version.yaml", "1:9: error: 'arazzo' is the number 2: Netspec reads Arazzo 1.0.x and 1.1.x ('arazzo: 1.0.1' or 'arazzo: 1.1.0')"),
        ("invalid-async-correlation-id-non-receive-action.arazzo.yaml", "15:24: error: workflow 'basicWorkflow': step 'step1': 'correlationId' is for a step whose 'action' is 'receive'"),
        ("invalid-async-parameter-without-in.arazzo.yaml", "16:19: error: workflow 'asyncWorkflow': step 'sendEvent': parameter 'correlationId' has no 'in' (expected 'path', 'query', 'header', 'cookie' or 'querystring'; only a step that calls a workflow passes parameters without one)"),
        ("invalid-async.arazzo.yaml", "14:17: error: workflow 'basicWorkflow': step 'step1': unknown action 'invalid' (expected 'send' or 'receive')"),
        ("invalid-openapi-parameter-without-in.arazzo.yaml", "15:19: error: workflow 'openapiWorkflow': step 'getUsers': parameter 'limit' has no 'in' (expected 'path', 'query', 'header', 'cookie' or 'querystring'; only a step that calls a workflow passes parameters without one)"),
        ("invalid-openapi-success-criteria.arazzo.yaml", "14:26: error: workflow 'openapiWorkflow': step 'getUsers': 'successCriteria' is empty; it needs at least one item (or leave it out)"),
        ("invalid-querystring-without-value.arazzo.yaml", "15:13: error: workflow 'testInvalid': step 'search': parameter 'q': no 'value'"),
        ("invalid-selector-object.arazzo.yaml", "16:13: error: workflow 'wf1': step 'step1': output 'brokenOutput': a selector: unknown key 'expression'"),
        ("invalid-self-fragment.arazzo.yaml", "2:8: error: '$self' is 'https://example.com/workflows/minimal-with-self.arazzo.yaml#/workflows/basicWorkflow': the document's URI has no fragment ('#…')"),
        ("invalid-targetSelectorType.arazzo.yaml", "18:35: error: workflow 'wf3': step 'step3': requestBody: replacement: unknown targetSelectorType 'jmespath' (expected 'jsonpointer', 'jsonpath' or 'xpath')"),
        ("invalid-workflow-step-with-operationId.arazzo.yaml", "14:21: error: workflow 'parentWorkflow': step 'invalidStep': both 'operationId' and 'workflowId' are given: a step calls one operation or workflow"),
        ("invalid-workflow-success-criteria.arazzo.yaml", "14:26: error: workflow 'parentWorkflow': step 'nestedWorkflow': 'successCriteria' is empty; it needs at least one item (or leave it out)"),
        ("not-an-object.yaml", "1:1: error: an Arazzo document is a mapping with 'arazzo', 'info', 'sourceDescriptions' and 'workflows', found a list"),
        ("openapi-both-operationId-and-operationPath.arazzo.yaml", "14:24: error: workflow 'openapiWorkflow': step 'getUsers': both 'operationId' and 'operationPath' are given: a step calls one operation or workflow"),
        ("openapi-duplicate-parameters.arazzo.yaml", "18:13: error: workflow 'openapiWorkflow': step 'getUsers': duplicate parameter 'limit' in query (also at line 15)"),
        ("openapi-missing-operation-target.arazzo.yaml", "12:9: error: workflow 'openapiWorkflow': step 'getUsers': no 'operationId', 'operationPath', 'workflowId' or 'channelPath': a step calls one operation or workflow"),
        ("workflow-duplicate-parameters.arazzo.yaml", "17:13: error: workflow 'parentWorkflow': step 'nestedWorkflow': duplicate parameter 'userId' (also at line 15)"),
        ("workflow-missing-workflowId.arazzo.yaml", "12:9: error: workflow 'parentWorkflow': step 'nestedWorkflow': no 'operationId', 'operationPath', 'workflowId' or 'channelPath': a step calls one operation or workflow"),
        ("workflow-step-with-action.arazzo.yaml", "14:17: error: workflow 'parentWorkflow': step 'nestedWorkflow': a step that calls a workflow has no 'action' (AsyncAPI steps have one)"),
        ("workflow-step-with-channelPath.arazzo.yaml", "14:22: error: workflow 'parentWorkflow': step 'nestedWorkflow': both 'workflowId' and 'channelPath' are given: a step calls one operation or workflow"),
    ]

    @Test(arguments: failing)
    func fails(_ file: String, _ expected: String) {
        let path = Self.folder + "/fail/" + file
        #expect(throws: (any Error).self) { try ArazzoDocument.read(path: path) }
        do {
            _ = try ArazzoDocument.read(path: path)
        } catch {
            #expect(error.diagnostic == path + ":" + expected)
        }
    }

    /// A selector with an unknown key, no `context`, and a version XPath does not have: all three said.
    @Test func everyProblemOfADocumentIsSaid() {
        let path = Self.folder + "/fail/invalid-expression-type-object.arazzo.yaml"
        do {
            _ = try ArazzoDocument.read(path: path)
            Issue.record("read")
        } catch {
            let what = "error: workflow 'wf2': step 'step2': output 'brokenSelector': a selector"
            #expect(error.description == """
                \(path):16:13: \(what): unknown key 'expression'
                \(path):16:13: \(what): no 'context'
                \(path):20:24: \(what): 'type': xpath's versions are 'xpath-31', 'xpath-30', 'xpath-20' or 'xpath-10', not 'rfc9535'
                """)
        }
    }

    /// The folders hold exactly the documents listed, so a new upstream test is not skipped unseen.
    @Test func everyDocumentIsListed() throws {
        let listed = Set(Self.passing.map { "pass/" + $0 } + Self.failing.map { "fail/" + $0.0 } + ["fail/invalid-expression-type-object.arazzo.yaml"])
        let found = Set(try ["pass", "fail"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: Self.folder + "/" + folder).map { folder + "/" + $0 }
        })
        #expect(found == listed)
    }
}

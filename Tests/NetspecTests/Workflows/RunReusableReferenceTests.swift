import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// Reusable Objects (Arazzo 1.0.1 and 1.1 § Reusable Object) as a run reads them: a component's
/// key may hold dots (§ Components Object: keys match `^[a-zA-Z0-9\.\-_]+$`), so
/// `$components.parameters.pet.fields` names the component `pet.fields`; and a `reference` among
/// the parameters passed to a workflow — by a `workflowId` step, or by 1.1's `goto` action
/// `parameters` ("If a Reusable Object is provided, it MUST link to a parameter defined in the
/// components/parameters") — passes that component parameter, its `value` replaced by the
/// reference's when given.
@Suite struct RunReusableReferenceTests {
    static let components = """
        components:
          parameters:
            pet.fields: { name: fields, in: query, value: name }
            pet.id: { name: petId, value: 2 }
          failureActions:
            to.fallback: { name: toFallback, type: goto, stepId: fallback }
        """

    static let show = """
          - workflowId: show
            inputs: { type: object, required: [petId], properties: { petId: { type: integer } } }
            steps:
              - stepId: get
                operationId: getPet
                parameters: [{ name: petId, in: path, value: $inputs.petId }]
                outputs: { name: $response.body#/name }
            outputs: { name: $steps.get.outputs.name }
        """

    func run(_ text: String, _ workflow: String) async throws -> (WorkflowRun, [String]) {
        let (flows, _) = try await RunFixtures.load(text)
        let log = Recorder<String>()
        let report = try await withTestServer(RunFixtures.shop(log)) { server in
            await flows.runReport(workflow, provider: RunFixtures.provider(server))
        }
        return (report, log.all)
    }

    /// A parameter and a failure action of the components, each named with a dot: the run
    /// finds them as `netspec validate` does (it looked for the components 'fields' and
    /// 'fallback', the last part, and ended with "no component parameter 'fields'").
    @Test func componentNamesWithDotsAreFoundWhole() async throws {
        let (report, requests) = try await run(RunFixtures.document("""
              - workflowId: look
                steps:
                  - stepId: get
                    operationId: getPet
                    parameters:
                      - { name: petId, in: path, value: 2 }
                      - reference: $components.parameters.pet.fields
                    successCriteria: [{ condition: $statusCode == 200 }]
                    onFailure:
                      - reference: $components.failureActions.to.fallback
                  - stepId: fallback
                    operationId: getPet
                    parameters:
                      - { name: petId, in: path, value: 1 }
                      - reference: $components.parameters.pet.fields
                    outputs: { name: $response.body#/name }
                outputs: { name: $steps.fallback.outputs.name }
            """, components: Self.components), "look")
        #expect(report.error == nil, "\(report.error?.message ?? "")")
        #expect(requests == ["GET /pets/2?fields=name", "GET /pets/1?fields=name"])
        #expect(report.steps.map(\.action) == ["goto step 'fallback'", "next"])
        #expect(report.outputs == ["name": "Rex"])
    }

    /// A `workflowId` step whose required input comes from a component parameter: it loads (the
    /// checker counted only parameters with a `name`, and refused the document: "workflow 'show'
    /// requires the input 'petId', which is not among its parameters"), and the reference's
    /// `value` is sent in place of the component's.
    @Test func aWorkflowStepPassesAComponentParameterAsAnInput() async throws {
        let (report, requests) = try await run(RunFixtures.document(Self.show + """

              - workflowId: outer
                steps:
                  - stepId: call
                    workflowId: show
                    parameters: [{ reference: $components.parameters.pet.id, value: 1 }]
                    outputs: { name: $outputs.name }
                outputs: { name: $steps.call.outputs.name }
            """, components: Self.components), "outer")
        #expect(report.error == nil, "\(report.error?.message ?? "")")
        #expect(requests == ["GET /pets/1"])
        #expect(report.outputs == ["name": "Rex"])
    }

    /// A 1.1 `goto` action's `parameters` holding a `reference`: the workflow it runs gets the
    /// component parameter as its input. The load refused it ("workflow 'show' requires the input
    /// 'petId', which is not among its parameters"), and for an optional input the run dropped it.
    @Test func aGotoActionPassesAComponentParameterAsAnInput() async throws {
        let text = RunFixtures.document(Self.show + """

              - workflowId: start
                steps:
                  - stepId: login
                    operationId: logIn
                    onSuccess:
                      - { name: toShow, type: goto, workflowId: show, parameters: [{ reference: $components.parameters.pet.id, value: 1 }] }
                  - stepId: never
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: 3 }]
            """, components: Self.components).replacingOccurrences(of: "arazzo: 1.0.1", with: "arazzo: 1.1.0")
        let (report, requests) = try await run(text, "start")
        #expect(report.error == nil, "\(report.error?.message ?? "")")
        #expect(requests == ["POST /login {}", "GET /pets/1"])
        #expect(report.steps.map { "\($0.workflowId).\($0.stepId): \($0.action)" } == ["start.login: goto workflow 'show'", "show.get: next"])
    }

    /// `$components.parameters.NAME` (and `.successActions`, `.failureActions`) as a value: the
    /// component as written (§ Runtime Expressions, "Accesses a foo parameter defined within the
    /// Components Object"); a dotted name's rest reads into it. The load refused the rest ("no
    /// parameters component 'pet.id.value'"), and the run, which had only the inputs' components,
    /// ended with "the components have no parameters entry 'pet.fields'".
    @Test func aComponentExpressionIsTheComponentAsWritten() async throws {
        let (report, requests) = try await run(RunFixtures.document("""
              - workflowId: read
                steps:
                  - stepId: get
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: $components.parameters.pet.id.value }]
                    successCriteria: [{ condition: $statusCode == 404 }]
                outputs:
                  parameter: $components.parameters.pet.fields
                  action: $components.failureActions.to.fallback
            """, components: Self.components), "read")
        #expect(report.error == nil, "\(report.error?.message ?? "")")
        #expect(requests == ["GET /pets/2"])
        #expect(report.outputs == [
            "parameter": ["name": "fields", "in": "query", "value": "name"],
            "action": ["name": "toFallback", "type": "goto", "stepId": "fallback"],
        ])
    }

    /// A component parameter passed to a workflow that has no input of its name is refused at
    /// load at the reference's place, as a parameter written out is.
    @Test func aComponentParameterThatIsNoInputIsRefusedAtLoad() async throws {
        let text = RunFixtures.document(Self.show + """

              - workflowId: outer
                steps:
                  - stepId: call
                    workflowId: show
                    parameters:
                      - { reference: $components.parameters.pet.id }
                      - { reference: $components.parameters.pet.fields }
            """, components: Self.components)
        #expect(await RunFixtures.loadErrors(text) == ["20:26: error: workflow 'outer': step 'call': parameter 'fields': workflow 'show' has no input 'fields' (its inputs are: petId)"])
    }
}

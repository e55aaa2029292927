import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecWorkflows
import Testing

/// A workflow's own `parameters` (Arazzo 1.0.1 and 1.1 § Workflow Object: "A list of parameters
/// that are applicable for all steps described under this workflow … Each parameter MUST be
/// passed to an operation or workflow as referenced by operationId, operationPath, or
/// workflowId"): one with an `in` goes to each operation step; one without, to each step that
/// calls a workflow which takes it as an input; a step's own of the same name replaces it.
@Suite struct RunWorkflowParametersTests {
    static let status = """
          - workflowId: status
            inputs: { type: object, required: [petId], properties: { petId: { type: integer } } }
            steps:
              - stepId: get
                operationId: getPet
                parameters: [{ name: petId, in: path, value: $inputs.petId }]
                successCriteria: [{ condition: $statusCode != 500 }]
                outputs: { status: $statusCode }
            outputs: { status: $steps.get.outputs.status }
        """

    /// `petId`, without `in`, is the input of the step that passes none, and is replaced by the
    /// step that passes its own; `fields`, in the query, goes to the operation step only. The
    /// workflow steps' parameters were the step's alone, so the document was refused: "workflow
    /// 'status' requires the input 'petId', which is not among its parameters".
    @Test func aParameterWithoutInIsPassedToTheWorkflowsCalled() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.status + """

              - workflowId: outer
                parameters:
                  - { name: petId, value: 1 }
                  - { name: fields, in: query, value: name }
                steps:
                  - stepId: inherited
                    workflowId: status
                    outputs: { status: $outputs.status }
                  - stepId: overridden
                    workflowId: status
                    parameters: [{ name: petId, value: 2 }]
                    successCriteria: [{ condition: $statusCode == 404 }]
                    outputs: { status: $outputs.status }
                  - stepId: operation
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: 1 }]
                outputs: { first: $steps.inherited.outputs.status, second: $steps.overridden.outputs.status }
            """))
        let log = Recorder<String>()
        let report = try await withTestServer(RunFixtures.shop(log)) { server in
            await flows.runReport("outer", provider: RunFixtures.provider(server))
        }
        #expect(report.error == nil, "\(report.error?.message ?? "")")
        #expect(log.all == ["GET /pets/1", "GET /pets/2", "GET /pets/1?fields=name"])
        #expect(report.outputs == ["first": 200, "second": 404])
    }

    /// A parameter without `in` that no step's workflow takes would go nowhere: refused where it
    /// is written. `petId`, which the called workflow takes, is fine.
    @Test func aParameterWithoutInThatNoStepTakesIsRefused() async throws {
        let text = RunFixtures.document(Self.status + """

              - workflowId: stray
                parameters:
                  - { name: petId, value: 1 }
                  - { name: colour, value: red }
                steps:
                  - { stepId: call, workflowId: status }
            """)
        #expect(await RunFixtures.loadErrors(text) == [
            "18:17: error: workflow 'stray': parameter 'colour' has no 'in', so it goes only to steps that call a workflow, and no step of this workflow calls one that takes an input 'colour' (a parameter for its operations needs an 'in')",
        ])
    }
}

import Netspec
import NetspecModel
import NetspecTestSupport
@testable import NetspecWorkflows
import Testing

/// `$request.path.NAME` and `$request.query.NAME`: a step's path and query parameters as it sent
/// them, kept by a run only when an expression of its documents reads `$request` (the loader's
/// reference checker notes it: ``Workflows/readsRequest``), so that a run that never reads them
/// builds no dictionary per step (issue 54's step cost).
@Suite struct RunRequestValuesTests {
    static let read = """
          - workflowId: read
            steps:
              - stepId: get
                operationId: getPet
                parameters:
                  - { name: petId, in: path, value: 7 }
                  - { name: fields, in: query, value: name }
                outputs: { id: $request.path.petId, fields: $request.query.fields }
            outputs: { id: $steps.get.outputs.id, fields: $steps.get.outputs.fields }
          - workflowId: outer
            steps:
              - stepId: inner
                workflowId: read
                successCriteria: [{ condition: $statusCode == 200 }]
                outputs: { id: $request.path.petId, fields: $outputs.fields }
            outputs: { id: $steps.inner.outputs.id, fields: $steps.inner.outputs.fields }
        """

    @Test func aStepReadsTheRequestsPathAndQueryParameters() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.read))
        #expect(flows.readsRequest)
        let outputs = try await flows.run("read", provider: Provider(options: .init(usesEnvironment: false)), options: RunOptions(usesMock: true))
        #expect(outputs == .object(["id": .int(7), "fields": .string("name")]))
    }

    /// `$request.header.NAME` and `$request.body`: the headers and body the step sent, kept (like
    /// its parameters) only by a run whose documents read `$request`.
    @Test func aStepReadsTheRequestsHeadersAndBody() async throws {
        let workflow = """
              - workflowId: order
                steps:
                  - stepId: place
                    operationId: placeOrder
                    parameters: [{ name: X-Trace, in: header, value: t-1 }]
                    requestBody: { payload: { petId: 7, note: "{$inputs.note}" } }
                    successCriteria: [{ condition: "$request.body#/petId == 7" }]
                    outputs: { trace: $request.header.X-Trace, note: $request.body#/note, body: $request.body }
                outputs: { trace: $steps.place.outputs.trace, note: $steps.place.outputs.note, body: $steps.place.outputs.body }
            """
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(workflow))
        #expect(flows.readsRequest)
        let outputs = try await flows.run("order", inputs: ["note": "soon"], provider: Provider(options: .init(usesEnvironment: false)), options: RunOptions(usesMock: true))
        #expect(outputs == .object(["trace": .string("t-1"), "note": .string("soon"), "body": .object(["petId": .int(7), "note": .string("soon")])]))
    }

    /// A step that runs a workflow reads its last call's status and request (kept only while a
    /// workflow step's workflow runs).
    @Test func aWorkflowStepReadsItsWorkflowsLastCall() async throws {
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(Self.read))
        let outputs = try await flows.run("outer", provider: Provider(options: .init(usesEnvironment: false)), options: RunOptions(usesMock: true))
        #expect(outputs == .object(["id": .int(7), "fields": .string("name")]))
    }

    /// Where `$request` is read, if anywhere: a step's output, a criterion's condition or context,
    /// a component's parameter (its value an expression, or embedding one) or action.
    @Test(arguments: [
        ("outputs: { id: $response.body#/id }", "", false),
        ("outputs: { id: $request.path.petId }", "", true),
        ("successCriteria: [{ condition: \"$request.query.fields == 'name'\" }]", "", true),
        ("successCriteria: [{ context: $request.header.Accept, condition: json, type: regex }]", "", true),
        ("outputs: { id: $response.body#/id }", "components: { parameters: { p: { name: X-Note, in: header, value: \"asked {$request.query.fields}\" } } }", true),
        ("outputs: { id: $response.body#/id }", "components: { parameters: { p: { name: q, in: query, value: $request.path.petId } } }", true),
        (
            "outputs: { id: $response.body#/id }",
            "components: { failureActions: { a: { name: a, type: end, criteria: [{ condition: \"$request.path.petId == 7\" }] } } }", true
        ),
    ])
    func theCheckerNotesWhereTheRequestIsRead(step: String, components: String, reads: Bool) async throws {
        let workflow = """
              - workflowId: read
                steps:
                  - stepId: get
                    operationId: getPet
                    parameters: [{ name: petId, in: path, value: 7 }]
                    \(step)
            """
        let (flows, _) = try await RunFixtures.load(RunFixtures.document(workflow, components: components))
        #expect(flows.readsRequest == reads)
    }
}

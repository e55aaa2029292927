// Running a workflow from Swift: its inputs checked against its `inputs` schema (every problem at
// once), its steps run through the provider as `netspec call` would run them, its outputs
// returned as JSON or decoded; `runReport` keeps every step's report, the error included.

public import Netspec
public import NetspecModel

extension Workflows {
    /// Runs a workflow and returns its outputs, an object by output name.
    ///
    /// ```swift
    /// let flows = try await Workflows.load(path: "pets.arazzo.yaml")
    /// let outputs = try await flows.run("buyPet", inputs: ["petId": 1], provider: Provider(baseURL: "http://127.0.0.1:8080"))
    /// print(outputs["orderId"] ?? nil)
    /// ```
    ///
    /// Each step's request is bound and sent by its source's `Service` over `provider`: its
    /// variables, auth and token store, TLS, validation and mocks apply as they do to a call.
    /// Cancelling the task cancels the step in flight.
    ///
    /// - Parameters:
    ///   - workflowId: The workflow's `workflowId`.
    ///   - inputs: Its inputs, checked against its `inputs` schema.
    ///   - provider: What every step's call goes through.
    ///   - options: The run's bounds, base URLs per source, mocks.
    /// - Throws: ``WorkflowError``, its ``WorkflowError/steps`` the steps that ran.
    public func run(
        _ workflowId: String, inputs: [String: JSONValue] = [:], provider: Provider = Provider(), options: RunOptions = RunOptions()
    ) async throws(WorkflowError) -> JSONValue {
        let report = await runReport(workflowId, inputs: inputs, provider: provider, options: options)
        if let error = report.error { throw error }
        return report.outputs
    }

    /// Runs a workflow and decodes its outputs object as `T`.
    ///
    /// - Throws: ``WorkflowError``; outputs that do not decode as `T` are ``WorkflowError/Reason/expression``.
    public func run<T: Decodable>(
        _ workflowId: String, as type: T.Type = T.self, inputs: [String: JSONValue] = [:], provider: Provider = Provider(), options: RunOptions = RunOptions()
    ) async throws(WorkflowError) -> T {
        let outputs = try await run(workflowId, inputs: inputs, provider: provider, options: options)
        do {
            return try outputs.decode(T.self)
        } catch {
            throw WorkflowError(reason: .expression, message: "workflow '\(workflowId)': its outputs do not decode as \(T.self): \(error)", workflowId: workflowId)
        }
    }

    /// Runs a workflow and reports every step, whether it succeeded or not: what `netspec run
    /// --json` prints.
    public func runReport(
        _ workflowId: String, inputs: [String: JSONValue] = [:], provider: Provider = Provider(), options: RunOptions = RunOptions()
    ) async -> WorkflowRun {
        let runner = WorkflowRunner(root: self, provider: provider, options: options)
        var outputs: [String: JSONValue] = [:]
        var failure: WorkflowError?
        do throws(WorkflowError) {
            outputs = try await start(workflowId, inputs: inputs, runner: runner)
        } catch {
            failure = error
            failure?.steps = runner.reports
        }
        if failure?.reason == .stoppedBeforeSending { failure = nil }
        let object = JSONObject(outputs.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        return WorkflowRun(workflowId: workflowId, outputs: .object(ordered(object, workflowId)), steps: runner.reports, error: failure, firstRequest: runner.firstRequest)
    }

    private func start(_ workflowId: String, inputs: [String: JSONValue], runner: WorkflowRunner) async throws(WorkflowError) -> [String: JSONValue] {
        // Looked up without copying the workflow out of the document (each copy retained and
        // released its dozen fields), and its reason to be unrunnable worked out once per document.
        guard document.workflowIndex(workflowId) != nil else { return try await runner.run(workflowId, in: self, inputs: inputs) }
        if let reason = compiled.unrunnableReason(of: WorkflowRunner.key(self, workflowId), { unrunnableReason(workflow: workflowId) }) {
            throw WorkflowError(reason: .unrunnable, message: reason, workflowId: workflowId)
        }
        let checked = try runner.checkedInputs(inputs, workflow: workflowId, in: self)
        return try await runner.run(workflowId, in: self, inputs: checked)
    }

    /// The outputs in the order the workflow writes them.
    private func ordered(_ object: JSONObject, _ workflowId: String) -> JSONObject {
        guard let index = document.workflowIndex(workflowId) else { return object }
        return JSONObject(document.workflows[index].outputs.compactMap { output in object[output.name.value].map { (key: output.name.value, value: $0) } })
    }
}

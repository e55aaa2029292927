import ArgumentParser
import Netspec
import NetspecModel
import NetspecWorkflows

/// `netspec validate`, `list` and `describe` on an Arazzo document (found by its `arazzo` key):
/// the workflows loaded with their sources and every reference checked, then listed.
enum WorkflowCommands {
    /// Loads a workflow document for a command, printing every problem to standard error and
    /// exiting as for a spec (65, or as a failed fetch for a source by URL). The document and its
    /// sources given by URL are fetched through `proxy` (a command's `--proxy` and `--noproxy`).
    static func load(
        _ path: String, fetching: DocumentFetchOptions, overlaying: OverlayOptions, proxy: Provider.Options.Proxy = .environment
    ) async throws(ExitCode) -> Workflows {
        // An overlay patches an OpenAPI, Swagger or Netspec document; one named beside a workflow
        // document would be ignored, so it is refused instead.
        if let overlay = overlaying.overlays.first {
            Terminal.standardError.write("error: --overlay \(overlay): \(path) is an Arazzo document; overlays apply to OpenAPI, Swagger and Netspec documents\n")
            throw ExitStatus.usage
        }
        var options = fetching.providerOptions(proxy: proxy)
        options.cache = fetching.noCache ? nil : HTTPCache(store: commandLineCacheStore)
        return try await load(path, options: options)
    }

    /// Loads a workflow document with these fetching options (`netspec run`'s, its proxy among
    /// them), printing every problem to standard error and exiting as for a spec.
    static func load(_ path: String, options: Provider.Options) async throws(ExitCode) -> Workflows {
        do {
            let provider = Provider(options: options)
            let flows = isHTTPURL(path)
                ? try await Workflows.load(url: path, provider: provider)
                : try await Workflows.load(path: path, provider: provider)
            for warning in flows.warnings { Terminal.standardError.write(warning.description + "\n") }
            return flows
        } catch {
            Terminal.standardError.write(error.description + "\n")
            throw ExitStatus.of(error)
        }
    }

    /// `FILE: ok (2 workflows, 5 steps; sources: pets (4 endpoints))`.
    static func summary(_ flows: Workflows, path: String) -> String {
        let workflows = flows.document.workflows
        let steps = workflows.reduce(0) { $0 + $1.steps.count }
        let sources = flows.document.sourceDescriptions.map { source in
            let name = source.name.value
            if let spec = flows.sources[name] { return "\(name) (\(pluralized(spec.endpoints.count, "endpoint")))" }
            if let nested = flows.workflowSources[name] { return "\(name) (\(pluralized(nested.document.workflows.count, "workflow")))" }
            if let file = flows.ancestorSources[name] { return "\(name) (\(file == flows.document.file ? "this document" : "the document above"))" }
            return "\(name) (\(source.type.rawValue), not loaded)"
        }
        return "\(path): ok (\(pluralized(workflows.count, "workflow")), \(pluralized(steps, "step")); sources: \(sources.joined(separator: ", ")))\n"
    }

    /// Each workflow: its id and summary, then its inputs (name, type, required), outputs and steps.
    static func list(_ flows: Workflows, only: Workflow? = nil) -> String {
        (only.map { [$0] } ?? flows.document.workflows).map { text(of: $0, in: flows, describing: only != nil) }.joined(separator: "\n")
    }

    private static func text(of workflow: Workflow, in flows: Workflows, describing: Bool) -> String {
        var output = workflow.workflowId.value + (workflow.summary.map { "  \($0)" } ?? "") + "\n"
        if describing, let description = workflow.description { output += "  " + description.trimmingSpaces() + "\n" }
        let inputs = workflow.inputList(components: flows.document.components)
        output += "  inputs:\n" + (inputs.isEmpty ? "    (none)\n" : TextTable.render(inputs.map { input in
            [input.name, input.type, input.isRequired ? "required" : "optional"] + (describing ? [input.description].compactMap { $0 } : [])
        }, indent: "    "))
        output += "  outputs:\n" + (workflow.outputs.isEmpty ? "    (none)\n" : TextTable.render(workflow.outputs.map { output in
            [output.name.value] + (describing ? [output.value.expressions.first?.value ?? output.value.selector?.context.value].compactMap { $0 } : [])
        }, indent: "    "))
        output += "  steps:\n" + TextTable.render(workflow.steps.map { step in
            [step.stepId.value] + target(of: step, in: workflow, flows: flows)
        }, indent: "    ")
        return output
    }

    /// What a step calls: `operation (source)  METHOD /path`, `workflow NAME`, or the AsyncAPI target.
    private static func target(of step: Step, in workflow: Workflow, flows: Workflows) -> [String] {
        if let operation = flows.operation(workflow: workflow.workflowId.value, step: step.stepId.value) {
            return ["\(operation.endpoint.name) (\(operation.source))", "\(operation.endpoint.method.rawValue) \(operation.endpoint.path)"]
        }
        switch step.target {
        case let .workflowId(id): return ["workflow \(id.value)"]
        case let .channelPath(path): return ["channel \(path.value) (AsyncAPI, \(step.action?.value ?? ""))"]
        case let .operationId(id): return ["\(id.value) (AsyncAPI, \(step.action?.value ?? ""))"]
        case let .operationPath(path): return [path.value]
        }
    }

    /// `netspec describe FLOWS WORKFLOW`: the workflow, with its description and each input's and output's.
    static func describe(_ flows: Workflows, workflow id: String) throws -> String {
        guard let workflow = flows.document.workflow(id) else {
            let names = flows.document.workflows.map(\.workflowId.value)
            Terminal.standardError.write("error: no workflow '\(id)' in \(flows.document.file)"
                + Suggestions.unknownName(id, among: names, noun: "workflow", seeAll: "netspec list \(flows.document.file) lists them") + "\n")
            throw ExitStatus.usage
        }
        return list(flows, only: workflow)
    }
}

// An operation step's request: its parameters (the workflow's, then the step's, a `reference`
// to `components.parameters` with its `value` override) and `requestBody` (WorkflowRunner+Body.swift) evaluated, mapped onto the endpoint's own parameters by
// location and name — a path, query, header or cookie parameter the operation declares is its
// argument, checked by the binder as `netspec call` checks it; a query item, header or cookie it
// does not declare is sent as given — and sent through the source's `Service`.

import HTTPTypes
import Netspec
import NetspecModel

extension WorkflowRunner {
    /// The parameters a step sends: the workflow's overridden by the step's of the same name and
    /// location, references resolved; worked out once per step. An operation step inherits the
    /// workflow's parameters with an `in`; a step that calls a workflow, those without one that
    /// the called workflow takes as inputs (Arazzo § Workflow Object `parameters`: "Each parameter
    /// MUST be passed to an operation or workflow as referenced by operationId, operationPath, or
    /// workflowId").
    func parameters(of step: Step, in workflow: Workflow, flows: Workflows) throws(WorkflowError) -> [ArazzoParameter] {
        try compiled.parameters(ofStepAt: .init(file: flows.document.file, line: step.stepId.line, column: step.stepId.column)) { () throws(WorkflowError) in
            try resolvedParameters(of: step, in: workflow, flows: flows)
        }
    }

    private func resolvedParameters(of step: Step, in workflow: Workflow, flows: Workflows) throws(WorkflowError) -> [ArazzoParameter] {
        let id = workflow.workflowId.value
        var written: [ArazzoParameter] = []
        var called: (owner: Workflows, callee: String)?
        if case let .workflowId(reference) = step.target {
            called = try resolveWorkflow(reference, in: flows, from: id)
        }
        for parameter in workflow.parameters {
            let resolved = try resolve(parameter, flows: flows, workflow: id)
            if let (owner, callee) = called {
                guard resolved.location == nil, let name = resolved.name?.value,
                      owner.document.workflow(callee)?.takesInput(name, components: owner.document.components) ?? false else { continue }
            }
            written.append(resolved)
        }
        for parameter in step.parameters {
            written.append(try resolve(parameter, flows: flows, workflow: id))
        }
        var result: [ArazzoParameter] = []
        for resolved in written {
            result.removeAll { $0.name?.value == resolved.name?.value && $0.location?.value == resolved.location?.value }
            result.append(resolved)
        }
        return result
    }

    /// A `reference` to `$components.parameters.NAME` as the parameter it names, its `value`
    /// overriding. `NAME` is the rest of the reference, dots and all: a component's key may hold
    /// dots (§ Components Object: `^[a-zA-Z0-9\.\-_]+$`), as `netspec validate` reads it.
    func resolve(_ parameter: ArazzoParameter, flows: Workflows, workflow: String) throws(WorkflowError) -> ArazzoParameter {
        guard let reference = parameter.reference else { return parameter }
        let prefix = "$components.parameters."
        let name = reference.value.hasPrefix(prefix) ? String(reference.value.dropFirst(prefix.count)) : reference.value
        guard let target = flows.document.components.parameters[name] else {
            throw WorkflowError(reason: .expression, message: "\(flows.document.file):\(reference.line):\(reference.column): workflow '\(workflow)': no component parameter '\(name)'", workflowId: workflow)
        }
        return ArazzoParameter(name: target.name, location: target.location, value: parameter.value ?? target.value, reference: nil, line: target.line, column: target.column)
    }

    /// A written value with its runtime expressions evaluated (a Selector Object's selection made).
    func value(_ written: ArazzoValue, flows: Workflows, context: ExpressionContext, workflow: String, step: String?, what: String) throws(WorkflowError) -> JSONValue {
        try evaluate(written, flows: flows, context: context, workflow: workflow, step: step, what: what, omitting: false) ?? .null
    }

    /// A value to send (a parameter, a payload, an input): as ``value(_:flows:context:workflow:step:what:)``,
    /// except that `$inputs.NAME` of an input not given is left out — the whole value (`nil`), or
    /// the member or element it is — as an optional input is.
    func sentValue(_ written: ArazzoValue, flows: Workflows, context: ExpressionContext, workflow: String, step: String?, what: String) throws(WorkflowError) -> JSONValue? {
        try evaluate(written, flows: flows, context: context, workflow: workflow, step: step, what: what, omitting: true)
    }

    private func evaluate(_ written: ArazzoValue, flows: Workflows, context: ExpressionContext, workflow: String, step: String?, what: String, omitting: Bool) throws(WorkflowError) -> JSONValue? {
        do {
            if let selector = written.selector { return try select(selector, context: context) }
            guard !written.expressions.isEmpty else { return written.json }
            return try evaluated(written.json, context: context, omitting: omitting)
        } catch {
            let place = "\(flows.document.file):\(written.line):\(written.column)"
            let whose = step.map { "step '\($0)': " } ?? ""
            throw WorkflowError(reason: .expression, message: "\(place): workflow '\(workflow)': \(whose)\(what): \(error)", workflowId: workflow, stepId: step)
        }
    }

    private func evaluated(_ json: JSONValue, context: ExpressionContext, omitting: Bool) throws -> JSONValue? {
        switch json {
        case let .string(text) where text.hasPrefix("$") || Self.embedsExpression(text):
            let compiled = try template(text)
            do throws(ExpressionError) {
                return try compiled.evaluate(in: context)
            } catch {
                if omitting, error.isAbsent, case .inputs? = compiled.expression?.reference { return nil }
                throw error
            }
        case let .array(items):
            return .array(try items.compactMap { try evaluated($0, context: context, omitting: omitting) })
        case let .object(object):
            return .object(JSONObject(try object.compactMap { member in
                try evaluated(member.value, context: context, omitting: omitting).map { (key: member.key, value: $0) }
            }))
        default:
            return json
        }
    }

    /// Whether `text` has a `{$` (an embedded expression): a byte scan, where Foundation's
    /// `contains` was 2% of a step.
    static func embedsExpression(_ text: String) -> Bool {
        var afterBrace = false
        for byte in text.utf8 {
            if afterBrace, byte == UInt8(ascii: "$") { return true }
            afterBrace = byte == UInt8(ascii: "{")
        }
        return false
    }

    /// A template compiled once per string.
    func template(_ text: String) throws -> ExpressionTemplate {
        try compiled.template(text)
    }

    /// Arazzo 1.1's Selector Object: a JSON pointer, JSONPath or XPath applied to its context's
    /// value (a JSONPath selecting one node is that node, several an array; XPath: see
    /// ``selectXML(_:in:)``).
    private func select(_ selector: Selector, context: ExpressionContext) throws -> JSONValue {
        let base = try template(selector.context.value).evaluate(in: context)
        switch selector.type {
        case "jsonpointer":
            guard let tokens = JSONPointer.tokens(selector.selector.value), let found = base.at(pointer: tokens) else {
                throw SelectionError(message: "nothing at the JSON pointer '\(selector.selector.value)' in \(selector.context.value)")
            }
            return found
        case "jsonpath":
            let nodes = try JSONPath(selector.selector.value).select(in: base)
            guard !nodes.isEmpty else { throw SelectionError(message: "the JSONPath '\(selector.selector.value)' selects nothing in \(selector.context.value)") }
            return nodes.count == 1 ? nodes[0] : .array(nodes)
        case "xpath":
            return try Self.selectXML(selector, in: base)
        default:
            throw SelectionError(message: "a \(selector.type) selector in a value is not run (Netspec selects values with jsonpointer, jsonpath and xpath)")
        }
    }

    /// A JSONPath node's normalized path as JSON pointer tokens.
    static func tokens(of path: JSONPath.NormalizedPath) -> [String] {
        path.components.map { component in
            switch component {
            case let .index(index): String(index)
            case let .name(name): name
            }
        }
    }

    /// `value` with the member or element at `pointer` set to `new` (a new last member of an
    /// object, `-` appends to an array), or `nil` when its parent does not exist.
    static func replacing(in value: JSONValue, at pointer: ArraySlice<String>, with new: JSONValue) -> JSONValue? {
        guard let token = pointer.first else { return new }
        let rest = pointer.dropFirst()
        switch value {
        case var .object(object):
            let child: JSONValue
            if let existing = object[token] { child = existing } else if rest.isEmpty { child = .null } else { return nil }
            guard let replaced = replacing(in: child, at: rest, with: new) else { return nil }
            _ = object.updateValue(replaced, forKey: token)
            return .object(object)
        case var .array(items):
            if token == "-", rest.isEmpty { items.append(new); return .array(items) }
            guard let index = Int(token), items.indices.contains(index), let replaced = replacing(in: items[index], at: rest, with: new) else { return nil }
            items[index] = replaced
            return .array(items)
        default:
            return nil
        }
    }
}

/// A selection that finds nothing.
struct SelectionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

import NetspecModel

/// Parameters, request bodies, criteria, actions and outputs.
extension ArazzoReader {
    /// The `parameters` of a step or workflow: each distinct by `name` and `in` (or `reference`);
    /// on an operation step each needs `in` (a workflow step's are the workflow's inputs).
    mutating func parameters(_ reader: MappingReader, _ what: String, needLocation: Bool) -> [ArazzoParameter] {
        var parameters: [ArazzoParameter] = []
        var seen: [String: Int] = [:]
        for node in items(reader, "parameters", what) {
            guard let parameter = parameter(node, "\(what): parameter", isItem: true) else { continue }
            if let name = parameter.name, parameter.location == nil, needLocation {
                fail(name.mark, "\(what): parameter '\(name.value)' has no 'in' (expected \(quotedList(locations)); only a step that calls a workflow passes parameters without one)")
            }
            let key = parameter.reference?.value ?? "\(parameter.name?.value ?? "") in \(parameter.location?.value ?? "-")"
            if let line = seen[key] {
                let shown = parameter.reference.map { "reference '\($0.value)'" } ?? "parameter '\(parameter.name?.value ?? "")'" + (parameter.location.map { " in \($0.value)" } ?? "")
                fail(Mark(line: parameter.line, column: parameter.column), "\(what): duplicate \(shown) (also at line \(line))")
            } else {
                seen[key] = parameter.line
            }
            parameters.append(parameter)
        }
        return parameters
    }

    /// The locations a parameter may have in this document's version.
    var locations: [String] { minor == 1 ? ["path", "query", "header", "cookie", "querystring"] : ["path", "query", "header", "cookie"] }

    /// A parameter, or (in a list) a `reference` to a component's with an optional `value`.
    mutating func parameter(_ node: YAMLNode, _ what: String, isItem: Bool = false) -> ArazzoParameter? {
        if isItem, node["reference"] != nil {
            guard let reference = object(node, what, v10: ["reference", "value"]) else { return nil }
            var given: ArazzoValue?
            if let node = reference["value"] { given = value(node) }
            return ArazzoParameter(
                name: nil, location: nil, value: given,
                reference: text(reference, "reference", what), line: node.mark.line, column: node.mark.column
            )
        }
        guard let parameter = object(node, what, v10: ["name", "in", "value"]) else { return nil }
        guard let name = text(parameter, "name", what, required: true) else { return nil }
        let what = isItem ? "\(what) '\(name.value)'" : what
        let location = text(parameter, "in", what)
        if let location, !locations.contains(location.value) {
            fail(location.mark, "\(what): unknown location '\(location.value)' (expected \(quotedList(locations)))")
        }
        var given: ArazzoValue?
        if let node = parameter["value"] { given = value(node) } else { fail(parameter.node.mark, "\(what): no 'value'") }
        return ArazzoParameter(name: name, location: location, value: given, reference: nil, line: node.mark.line, column: node.mark.column)
    }

    mutating func requestBody(_ node: YAMLNode, _ what: String) -> RequestBody {
        let what = "\(what): requestBody"
        guard let body = object(node, what, v10: ["contentType", "payload", "replacements"]) else {
            return RequestBody(contentType: nil, payload: nil, replacements: [])
        }
        var replacements: [RequestBody.Replacement] = []
        for node in items(body, "replacements", what) {
            guard let replacement = object(node, "\(what): replacement", v10: ["target", "value"], v11: ["targetSelectorType"]),
                  let target = text(replacement, "target", "\(what): replacement", required: true) else { continue }
            let selectorType = selectorType(replacement, "targetSelectorType", "\(what): replacement", types: ["jsonpointer", "jsonpath", "xpath"])
            guard let valueNode = replacement["value"] else {
                fail(node.mark, "\(what): replacement '\(target.value)': no 'value'")
                continue
            }
            replacements.append(RequestBody.Replacement(target: target, targetSelectorType: selectorType?.type, value: value(valueNode)))
        }
        return RequestBody(contentType: text(body, "contentType", what)?.value, payload: body["payload"].map { plainValue($0) }, replacements: replacements)
    }

    /// `successCriteria` or an action's `criteria`: a non-empty list when written.
    mutating func criteria(_ reader: MappingReader, _ key: String, _ what: String) -> [ArazzoCriterion] {
        items(reader, key, what, nonEmpty: true).compactMap { criterion($0, what) }
    }

    private mutating func criterion(_ node: YAMLNode, _ what: String) -> ArazzoCriterion? {
        guard let criterion = object(node, "\(what): a criterion", v10: ["context", "condition", "type"]) else { return nil }
        guard let condition = text(criterion, "condition", "\(what): a criterion", required: true) else { return nil }
        let what = "\(what): criterion '\(CriterionResult.quoted(condition.value))'"
        let type = selectorType(criterion, "type", what, types: ["simple", "regex", "jsonpath", "xpath"]) ?? (type: "simple", version: nil)
        let context = text(criterion, "context", what)
        // § Criterion Object: "If type is specified, then the context MUST be provided" (a written `simple` too).
        if context == nil, type.type != "simple" {
            fail(criterion.node.mark, "\(what): a '\(type.type)' criterion needs a 'context' (the runtime expression it applies to)")
        } else if context == nil, criterion["type"] != nil {
            fail(criterion.node.mark, "\(what): its 'type' is written, so it needs a 'context' (the runtime expression it applies to; Arazzo § Criterion Object); a plain condition leaves 'type' out")
        }
        return ArazzoCriterion(context: context, condition: condition, type: type.type, version: type.version)
    }

    /// A criterion's or selector's `type`: one of `types`, or (1.0's ArazzoCriterion Expression Type
    /// Object) `{type: jsonpath|xpath, version}` with a version Arazzo names.
    mutating func selectorType(_ reader: MappingReader, _ key: String, _ what: String, types: [String]) -> (type: String, version: String?)? {
        guard let node = reader[key] else { return nil }
        if node.mapping != nil {
            guard let object = object(node, "\(what): '\(key)'", v10: ["type", "version"]),
                  let type = text(object, "type", "\(what): '\(key)'", required: true),
                  let version = text(object, "version", "\(what): '\(key)'", required: true) else { return nil }
            let versions: [String: [String]] = [
                "jsonpath": minor == 1 ? ["rfc9535", "draft-goessner-dispatch-jsonpath-00"] : ["draft-goessner-dispatch-jsonpath-00"],
                "xpath": minor == 1 ? ["xpath-31", "xpath-30", "xpath-20", "xpath-10"] : ["xpath-30", "xpath-20", "xpath-10"],
                "jsonpointer": ["rfc6901"],
            ]
            guard let known = versions[type.value], types.contains(type.value) else {
                fail(type.mark, "\(what): '\(key)': unknown type '\(type.value)' (expected \(quotedList(types.filter { versions[$0] != nil })))")
                return nil
            }
            guard known.contains(version.value) else {
                fail(version.mark, "\(what): '\(key)': \(type.value)'s versions are \(quotedList(known)), not '\(version.value)'")
                return nil
            }
            return (type.value, version.value)
        }
        guard let type = text(reader, key, what) else { return nil }
        guard types.contains(type.value) else {
            fail(type.mark, "\(what): unknown \(key) '\(type.value)' (expected \(quotedList(types)))")
            return nil
        }
        return (type.value, nil)
    }

    /// An action or (in a list) a `reference` to a component's: `end`, `goto` (to exactly one of a
    /// `workflowId` and a `stepId`) or, on failure, `retry`.
    mutating func action(_ node: YAMLNode, _ what: String, failure: Bool) -> ArazzoAction? {
        if node["reference"] != nil {
            guard let reference = object(node, what, v10: ["reference"]) else { return nil }
            return ArazzoAction(
                name: nil, type: nil, workflowId: nil, stepId: nil, retryAfter: nil, retryLimit: nil, criteria: [], parameters: [],
                reference: text(reference, "reference", what), line: node.mark.line, column: node.mark.column
            )
        }
        let keys = ["name", "type", "workflowId", "stepId", "criteria"] + (failure ? ["retryAfter", "retryLimit"] : [])
        guard let action = object(node, what, v10: keys, v11: ["parameters"]),
              let name = text(action, "name", what, required: true) else { return nil }
        let what = "\(what) '\(name.value)'"
        let types = failure ? ["end", "goto", "retry"] : ["end", "goto"]
        let type = text(action, "type", what, required: true)
        if let type, !types.contains(type.value) {
            fail(type.mark, "\(what): unknown type '\(type.value)' (expected \(quotedList(types)))")
        }
        let workflowId = text(action, "workflowId", what), stepId = text(action, "stepId", what)
        if let workflowId, let stepId {
            fail(stepId.mark, "\(what): both 'workflowId' and 'stepId' are given: an action goes to one of them (line \(workflowId.line))")
        } else if type?.value == "goto", workflowId == nil, stepId == nil {
            fail(action.node.mark, "\(what): a 'goto' action needs a 'workflowId' or a 'stepId'")
        } else if type?.value == "end", let target = workflowId ?? stepId {
            fail(target.mark, "\(what): an 'end' action goes nowhere; 'workflowId' and 'stepId' are for 'goto' and 'retry'")
        }
        return ArazzoAction(
            name: name, type: type, workflowId: workflowId, stepId: stepId,
            retryAfter: number(action, "retryAfter", what, maximum: ArazzoAction.longestRetryAfter), retryLimit: integer(action, "retryLimit", what),
            criteria: criteria(action, "criteria", what),
            parameters: parameters(action, what, needLocation: false),
            reference: nil, line: node.mark.line, column: node.mark.column
        )
    }

    /// `outputs`: names (letters, digits, `.`, `_`, `-`) to runtime expressions or (1.1) Selector Objects.
    mutating func outputs(_ reader: MappingReader, _ what: String) -> [ArazzoOutput] {
        guard let node = reader["outputs"] else { return [] }
        guard let pairs = node.mapping else {
            fail(node.mark, "\(what): 'outputs' is \(node.foundDescription), expected a mapping of names to runtime expressions")
            return []
        }
        var outputs: [ArazzoOutput] = []
        for pair in pairs {
            let name = Located(pair.key.string ?? "", at: pair.key.mark)
            guard checkName(name, "\(what): outputs", pattern: .componentKey) else { continue }
            if pair.value.mapping != nil, minor == 1 {
                outputs.append(ArazzoOutput(name: name, value: value(pair.value, "\(what): output '\(name.value)'", selector: true)))
            } else if pair.value.string != nil, pair.value.scalar?.resolved != .null {
                outputs.append(ArazzoOutput(name: name, value: plainValue(pair.value)))
            } else {
                fail(pair.value.mark, "\(what): output '\(name.value)' is \(pair.value.foundDescription), expected a runtime expression\(minor == 1 ? " or a selector" : "")")
            }
        }
        return outputs
    }
}

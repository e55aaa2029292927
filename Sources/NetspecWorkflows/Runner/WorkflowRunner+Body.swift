// A step's request body: its `payload` (a JSON template read as its JSON) with its expressions
// evaluated, then each `replacement` made in turn — at a JSON pointer (Arazzo 1.0), at every node
// a JSONPath query selects (1.1), or, in an XML payload, in the text of every node an XPath
// selects (1.1; XMLTree+Replacing.swift) — a target without a `targetSelectorType` being an XPath
// when the payload is XML (the `contentType`, else the operation's), a JSON pointer otherwise. A target that finds nothing is an error at its place.
// An XML payload written as a string has its embedded expressions' values escaped for where each
// stands (ExpressionTemplate+XML.swift).

import Netspec
import NetspecModel

extension WorkflowRunner {
    /// The request body: the payload with each replacement made.
    func body(_ requestBody: RequestBody, of endpoint: Endpoint, flows: Workflows, context: ExpressionContext, workflow: String, step: String) throws(WorkflowError) -> JSONValue? {
        guard let written = requestBody.payload else { return nil }
        let payload = Self.templatedJSON(written, contentType: requestBody.contentType) ?? written
        let isXML = (requestBody.contentType ?? endpoint.requestMediaTypes.first).map(MediaType.isXML) ?? false
        var evaluated: JSONValue?
        if isXML { evaluated = try xmlPayload(written, flows: flows, context: context, workflow: workflow, step: step) }
        if evaluated == nil { evaluated = try sentValue(payload, flows: flows, context: context, workflow: workflow, step: step, what: "requestBody payload") }
        guard var body = evaluated else { return nil }
        for replacement in requestBody.replacements {
            let place = "\(flows.document.file):\(replacement.target.line):\(replacement.target.column)"
            func failure(_ message: String) -> WorkflowError {
                WorkflowError(reason: .expression, message: "\(place): workflow '\(workflow)': step '\(step)': \(message)", workflowId: workflow, stepId: step)
            }
            guard let new = try sentValue(replacement.value, flows: flows, context: context, workflow: workflow, step: step, what: "replacement '\(replacement.target.value)'") else { continue }
            // No targetSelectorType: an XPath in an XML payload, else a JSON pointer (1.1 § Payload Replacement Object).
            switch replacement.targetSelectorType ?? (isXML ? "xpath" : "jsonpointer") {
            case "xpath":
                body = try Self.replacingXML(in: body, contentType: requestBody.contentType, target: replacement.target.value, with: new, failure: failure)
            case let kind:
                body = try Self.replacingJSON(in: body, kind: kind, target: replacement.target.value, with: new, failure: failure)
            }
        }
        return body
    }

    /// An XML payload written as a string with embedded expressions, their values escaped for
    /// where each stands; `nil` for any other payload.
    private func xmlPayload(_ written: ArazzoValue, flows: Workflows, context: ExpressionContext, workflow: String, step: String) throws(WorkflowError) -> JSONValue? {
        guard written.selector == nil, case let .string(text) = written.json, text.unicodeScalars.first != "$", Self.embedsExpression(text) else { return nil }
        do {
            return .string(try template(text).renderXML(in: context))
        } catch {
            let place = "\(flows.document.file):\(written.line):\(written.column)"
            throw WorkflowError(reason: .expression, message: "\(place): workflow '\(workflow)': step '\(step)': requestBody payload: \(error)", workflowId: workflow, stepId: step)
        }
    }

    /// The JSON payload with `new` written at the JSON pointer `target` (`kind` `jsonpointer`),
    /// or at every node the JSONPath query `target` selects (`jsonpath`).
    private static func replacingJSON(
        in body: JSONValue, kind: String, target: String, with new: JSONValue, failure: (String) -> WorkflowError
    ) throws(WorkflowError) -> JSONValue {
        let targets: [[String]]
        if kind == "jsonpath" {
            do {
                targets = try JSONPath(target).locate(in: body).map { tokens(of: $0.path) }
            } catch {
                throw failure("the replacement target '\(target)' is not a JSONPath query: \(error)")
            }
            guard !targets.isEmpty else { throw failure("the JSONPath '\(target)' selects nothing in the payload to replace") }
        } else {
            guard let tokens = JSONPointer.tokens(target) else { throw failure("the payload has nothing at '\(target)' to replace (its parent must exist)") }
            targets = [tokens]
        }
        var body = body
        for tokens in targets {
            guard let replaced = replacing(in: body, at: tokens[...], with: new) else {
                throw failure("the payload has nothing at '\(target)' to replace (its parent must exist)")
            }
            body = replaced
        }
        return body
    }

    /// The XML payload (a string) with the text of every node the XPath `target` selects set to
    /// `new` (a string as it is, anything else as its JSON text).
    private static func replacingXML(
        in body: JSONValue, contentType: String?, target: String, with new: JSONValue, failure: (String) -> WorkflowError
    ) throws(WorkflowError) -> JSONValue {
        if let contentType, !MediaType.isXML(contentType) {
            throw failure("an xpath replacement target selects in an XML payload, and the contentType is '\(contentType)' (application/xml, text/xml or a +xml type)")
        }
        guard case let .string(xml) = body else {
            throw failure("an xpath replacement target selects in an XML payload, written as a string; this payload is JSON (\(body.kindName))")
        }
        let xpath: XPath
        do { xpath = try XPath(target) } catch { throw failure("the replacement target '\(target)' is not in the XPath subset Netspec runs: \(error)") }
        do {
            return .string(try XMLTree.replacing(in: xml, target: xpath, with: ExpressionTemplate.embeddedText(new)))
        } catch {
            throw failure(error.message)
        }
    }
}

// Arazzo runtime expressions (1.0.1 and 1.1.0 § Runtime Expressions): what one names, parsed once
// at load by the ABNF (RuntimeExpression+Parsing.swift) and evaluated for every step against an
// ExpressionContext (RuntimeExpression+Evaluation.swift).
//
// The ABNF's `identifier` allows dots (`$inputs.user.name`), and 1.1's conditions de-reference
// properties with `.` (`$response.body.count`): a dotted name is looked up whole first, then as
// its longest defined prefix with the rest as property de-references (see `lookUp`).

/// A parsed runtime expression, such as `$statusCode`, `$response.body#/pets/0/id` or
/// `$steps.login.outputs.token`.
///
/// ```swift
/// let expression = try RuntimeExpression("$steps.login.outputs.token")
/// let token = try expression.evaluate(in: context)   // a JSONValue, of the type it has
/// ```
package struct RuntimeExpression: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written, `$response.body#/id`.
    package let text: String
    /// What it names.
    package let reference: Reference

    /// What a runtime expression names.
    package enum Reference: Sendable, Hashable {
        /// `$url`: the URL of the request the step sent.
        case url
        /// `$method`: its HTTP method.
        case method
        /// `$statusCode`: the status code of its response.
        case statusCode
        /// `$request.…`: a part of the request the step sent.
        case request(MessagePart)
        /// `$response.…`: a part of the response it received.
        case response(MessagePart)
        /// `$inputs.NAME#pointer`: an input of the running workflow.
        case inputs(name: String, pointer: [String]?)
        /// `$outputs.NAME#pointer`: an output of the running workflow, once set.
        case outputs(name: String, pointer: [String]?)
        /// `$steps.ID.outputs.NAME#pointer`: an output of a step that has run.
        case stepOutput(step: String, name: String, pointer: [String]?)
        /// `$workflows.ID.inputs|outputs.NAME#pointer`: an input or output of a workflow that has run.
        case workflow(id: String, field: WorkflowField, name: String, pointer: [String]?)
        /// `$sourceDescriptions.NAME.REFERENCE`: a field (`url`, `type`) or an operation of a source.
        case sourceDescription(name: String, reference: String)
        /// `$components.KIND.NAME`: a reusable object of the document's `components`.
        case component(kind: ComponentKind, name: String)
        /// `$self`: the canonical URI of the Arazzo document (1.1).
        case `self`
    }

    /// A part of a request or a response.
    package enum MessagePart: Sendable, Hashable {
        /// `header.NAME`: a header, its name compared case-insensitively.
        case header(String)
        /// `query.NAME`: a query parameter.
        case query(String)
        /// `path.NAME`: a path parameter.
        case path(String)
        /// `body` or `body#/json/pointer`: the body, or the value at a JSON pointer in it.
        case body(pointer: [String]?)
    }

    /// `inputs` or `outputs` in `$workflows.ID.FIELD.NAME`.
    package enum WorkflowField: String, Sendable, Hashable {
        case inputs, outputs
    }

    /// The kinds of the `components` object's reusable objects an expression can name.
    package enum ComponentKind: String, Sendable, Hashable, CaseIterable {
        case inputs, parameters, successActions, failureActions
    }

    /// Parses `text`, all of it, as one runtime expression.
    ///
    /// - Throws: ``ExpressionParseError`` naming what is wrong and its column.
    package init(_ text: String) throws(ExpressionParseError) {
        let scalars = Array(text.unicodeScalars)
        var parser = RuntimeExpressionParser(scalars, mode: .whole)
        self = try parser.parseExpression()
        if parser.position < scalars.count {
            throw parser.error("unexpected '\(scalars[parser.position])' after the expression '\(self.text)'")
        }
    }

    init(text: String, reference: Reference) {
        self.text = text
        self.reference = reference
    }

    package var description: String { text }
}

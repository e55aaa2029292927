// Evaluating a runtime expression: the value it names in an ExpressionContext, of the type it
// has ("Runtime expressions preserve the type of the referenced value"), or an ExpressionError
// naming the expression and what is missing.

import HTTPTypes
package import NetspecModel

extension RuntimeExpression {
    /// The value this expression names in `context`.
    ///
    /// - Throws: ``ExpressionError``: ``ExpressionError/Reason/absent(_:)`` when nothing has the
    ///   name (a step that has not run, an output it does not have, a header the response lacks, a
    ///   pointer to no member), ``ExpressionError/Reason/notJSON(_:)`` for a pointer into a body
    ///   that is not JSON.
    package func evaluate(in context: ExpressionContext) throws(ExpressionError) -> JSONValue {
        switch reference {
        case .url: return try required(context.url.map(JSONValue.string), "no request has been sent yet")
        case .method: return try required(context.method.map(JSONValue.string), "no request has been sent yet")
        case .statusCode: return try required(context.statusCode.map(JSONValue.int), "no response has been received yet")
        case let .request(part): return try value(of: part, in: context.request, "request")
        case let .response(part):
            guard let response = context.response else { throw absent("no response has been received yet") }
            return try value(of: part, in: response, "response")
        case let .inputs(name, pointer): return try lookUp(name, pointer, in: context.inputs, "the workflow has no input")
        case let .outputs(name, pointer): return try lookUp(name, pointer, in: context.outputs, "the workflow has no output")
        case let .stepOutput(step, name, pointer):
            guard let outputs = context.steps[step] else {
                throw absent(context.unsuccessfulSteps.contains(step) ? "step '\(step)' did not succeed, so it has no outputs" : "step '\(step)' has not run")
            }
            return try lookUp(name, pointer, in: outputs, "step '\(step)' has no output")
        case let .workflow(id, field, name, pointer):
            guard let values = context.workflows[id] else { throw absent("workflow '\(id)' has not run") }
            let members = field == .inputs ? values.inputs : values.outputs
            return try lookUp(name, pointer, in: members, "workflow '\(id)' has no \(field == .inputs ? "input" : "output")")
        case let .sourceDescription(name, reference):
            guard let fields = context.sourceDescriptions[name] else { throw absent("there is no source description '\(name)'") }
            return try lookUp(reference, nil, in: fields, "source description '\(name)' has no operation or field")
        case let .component(kind, name):
            return try lookUp(name, nil, in: context.components[kind] ?? [:], "the components have no \(kind.rawValue) entry")
        case .self: return try required(context.selfURI.map(JSONValue.string), "the document has no '$self' and no URL")
        }
    }

    private func value(of part: MessagePart, in message: ExpressionContext.Message, _ side: String) throws(ExpressionError) -> JSONValue {
        switch part {
        case let .header(name):
            guard let field = HTTPField.Name(name), let value = message.headers[field] else { throw absent("the \(side) has no header '\(name)'") }
            return .string(value)
        case let .query(name):
            guard let value = message.query[name] else { throw absent("the \(side) has no query parameter '\(name)'") }
            return value
        case let .path(name):
            guard let value = message.path[name] else { throw absent("the \(side) has no path parameter '\(name)'") }
            return value
        case let .body(pointer):
            switch message.body {
            case nil: throw absent("the \(side) has no body")
            case let .json(value)?:
                guard let pointer else { return value }
                return try at(pointer, in: value)
            case let .text(text, mediaType)?:
                guard pointer == nil else { throw ExpressionError(expression: self.text, reason: .notJSON("the \(side) body is \(mediaType), not JSON; a JSON pointer cannot read it")) }
                return .string(text)
            case let .bytes(bytes, mediaType)?:
                throw ExpressionError(expression: text, reason: .notJSON("the \(side) body is \(bytes.count) bytes of \(mediaType), not text"))
            }
        }
    }

    /// `name` in `members`: the member of that name; else, for a dotted name, its longest
    /// prefix that is a member with the rest read as property de-references (`user.name` is
    /// `name` in the input `user`); then the JSON pointer.
    private func lookUp(_ name: String, _ pointer: [String]?, in members: [String: JSONValue], _ missing: String) throws(ExpressionError) -> JSONValue {
        var found = members[name]
        if found == nil, name.contains(".") {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            for count in stride(from: parts.count - 1, through: 1, by: -1) {
                guard let base = members[parts[0..<count].joined(separator: ".")] else { continue }
                found = base.at(pointer: Array(parts[count...]))
                if found == nil { throw absent("'\(parts[0..<count].joined(separator: "."))' has no member '\(parts[count...].joined(separator: "."))'") }
                break
            }
        }
        guard let found else {
            let names = members.keys.sorted()
            throw absent("\(missing) '\(name)'" + (names.isEmpty ? "" : " (it has: \(names.joined(separator: ", ")))"))
        }
        guard let pointer else { return found }
        return try at(pointer, in: found)
    }

    private func at(_ pointer: [String], in value: JSONValue) throws(ExpressionError) -> JSONValue {
        guard let found = value.at(pointer: pointer) else {
            throw absent("nothing at the JSON pointer '\(JSONPointer.make(pointer))'")
        }
        return found
    }

    private func required(_ value: JSONValue?, _ message: String) throws(ExpressionError) -> JSONValue {
        guard let value else { throw absent(message) }
        return value
    }

    private func absent(_ message: String) -> ExpressionError {
        ExpressionError(expression: text, reason: .absent(message))
    }
}

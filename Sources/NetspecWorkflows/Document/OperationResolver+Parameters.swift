// A step's parameters against the operation it calls (Arazzo 1.0.1 § 4.6.6 Parameter Object:
// a parameter of an operation step names one of the operation's by `name` and `in`). The text
// makes the name a string and requires `in`, nothing more, so a name the operation does not
// declare leaves the document valid: it is a warning with its place and the names the operation
// has. A query item, header or cookie so named is sent as given (an API may take more than its
// document says); a path parameter has nowhere to go, and the step fails when it runs. The
// headers OpenAPI does not let a document declare as parameters (`Accept`, `Content-Type`,
// `Authorization`: 3.x § Parameter Object, "the parameter definition SHALL be ignored") are
// not warned about.

import NetspecModel

extension OperationResolver {
    /// The headers an OpenAPI document cannot declare as parameters.
    static let undeclarableHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// A warning for each of `step`'s parameters (references resolved) that `operation` does not
    /// declare at its location.
    mutating func checkParameters(of step: Step, calling operation: Workflows.Operation, _ what: String) {
        let endpoint = operation.endpoint
        for written in step.parameters {
            let parameter = written.reference.flatMap { document.components.parameters[String($0.value.split(separator: ".").last ?? "")] } ?? written
            guard let name = parameter.name?.value, let location = parameter.location?.value,
                ["path", "query", "header", "cookie"].contains(location),
                location != "header" || !Self.undeclarableHeaders.contains(name.lowercased()),
                WorkflowRunner.declared(name, in: location, of: endpoint) == nil
            else { continue }
            let names = endpoint.parameters.filter { $0.location.rawValue == location }.map(\.wireName)
            let operationText = "operation '\(endpoint.name)' (\(endpoint.method.rawValue) \(endpoint.path))"
            let consequence = location == "path" ? "the step cannot run" : "it is sent as given"
            let close = Suggestions.closest(to: name, in: names)
            let has = names.isEmpty ? "it has none"
                : close.isEmpty ? "it has " + names.map { "'\($0)'" }.joined(separator: ", ")
                : "did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?"
            let mark = written.name?.mark ?? written.reference?.mark ?? Mark(line: written.line, column: written.column)
            warnings.append(Spec.Warning(
                file: document.file, line: mark.line, column: mark.column,
                message: "\(what): parameter '\(name)': \(operationText) declares no \(location) parameter '\(name)' (\(has)); \(consequence)"
            ))
        }
    }
}

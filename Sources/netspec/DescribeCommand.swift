import ArgumentParser
import Netspec

/// `netspec describe SPEC ENDPOINT`: each parameter with where it goes and why, and the result shape.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Show an endpoint's parameters (where each goes and why) and its result."
    )

    @ArgumentParser.Argument(help: "The spec file.")
    var spec: String

    @ArgumentParser.Argument(help: "The endpoint's name.")
    var endpoint: String

    func run() throws {
        let spec = try loadSpec(self.spec)
        let endpoint = try findEndpoint(self.endpoint, in: spec)
        Terminal.standardOutput.write(EndpointDescription(endpoint: endpoint).text)
    }
}

/// The text `netspec describe` prints for an endpoint.
struct EndpointDescription {
    let endpoint: Endpoint

    var text: String {
        var output = "\(endpoint.name): \(endpoint.method.rawValue) \(endpoint.path.text)\n"
        if let summary = endpoint.summary { output += "  \(summary)\n" }
        output += "\nparameters:\n"
        if endpoint.parameters.isEmpty {
            output += "  (none)\n"
        } else {
            output += TextTable.render(endpoint.parameters.map(row), indent: "  ")
        }
        output += "\nbody: \(body)\n"
        output += "result: \(result)\n"
        if let mock = endpoint.mock { output += "mock: status \(mock.status)\n" }
        return output
    }

    private func row(_ parameter: Parameter) -> [String] {
        let requirement: String
        if let value = parameter.defaultValue {
            requirement = "default \(value)"
        } else {
            requirement = parameter.isRequired ? "required" : "optional"
        }
        var target = "\(parameter.location) '\(parameter.wireName)'"
        switch parameter.location {
        case .path: target = "path {\(parameter.wireName)}"
        case .body: target = "whole body"
        case .query where parameter.expandsDictionary, .header where parameter.expandsDictionary,
             .field where parameter.expandsDictionary, .part where parameter.expandsDictionary:
            target = "\(parameter.location) items, one per entry"
        default: break
        }
        var notes: [String] = []
        if parameter.isEncoded { notes.append("encoded") }
        if parameter.isFlag { notes.append("flag") }
        if parameter.arrayFormat != .repeat { notes.append("format \(parameter.arrayFormat)") }
        if let filename = parameter.filename { notes.append("filename \(filename)") }
        if let mimeType = parameter.mimeType { notes.append(mimeType) }
        if !notes.isEmpty { target += " [" + notes.joined(separator: ", ") + "]" }
        return [parameter.name, parameter.type.description, requirement, target, "(\(reason(parameter)))"]
    }

    private func reason(_ parameter: Parameter) -> String {
        switch parameter.inference {
        case .explicit: "explicit: in: \(parameter.location)"
        case .pathPlaceholder: "path: matches {\(parameter.wireName)}"
        case .unlabelledBody: "body: the unlabelled parameter"
        case let .methodWithoutBody(method): "query: \(method) parameter"
        case let .methodWithBody(method, encoding): "body field: \(method) parameter, \(encoding) encoding"
        }
    }

    private var body: String {
        let locations = Set(endpoint.parameters.map(\.location))
        if locations.contains(.body) { return "the whole body from one parameter (\(endpoint.encoding))" }
        if locations.contains(.part) { return "multipart/form-data, one part per parameter" }
        if locations.contains(.field) {
            return endpoint.encoding == .form ? "application/x-www-form-urlencoded fields" : "a JSON object of fields"
        }
        return "none"
    }

    private var result: String {
        var text = endpoint.returnType.description
        if let stream = endpoint.stream {
            text = "stream of \(stream == .sse ? "Server-Sent Events" : stream == .lines ? "JSON lines" : "bytes")"
            if let until = endpoint.until { text += " until \"\(until)\"" }
        }
        if let keyPath = endpoint.keyPath { text += " at key path '\(keyPath)'" }
        return text
    }
}

import Foundation
import HTTPTypes

/// What a call adds to an endpoint's plan: where variables come from, the base URL, coders and
/// extra headers.
struct BindingContext: Sendable {
    /// A base URL that replaces the spec's (from the provider or the call).
    var baseURL: String?
    /// Variable values.
    var variables: VariableLookup
    /// JSON encoders registered on the provider, by the names specs use.
    var encoders: [String: JSONEncoder]
    /// Headers added last, replacing same-named ones (the CLI's `-H`).
    var extraHeaders: [(name: String, value: String)] = []
    /// The `User-Agent` sent when the spec sets none.
    var userAgent: String = "netspec/\(NetspecInfo.version)"
    /// Whether responses may be compressed (`Accept-Encoding: gzip, deflate`).
    var acceptsCompression = true
}

/// Applies an endpoint's ``RequestPlan`` to one call's arguments (Retrofit's `RequestBuilder`):
/// a flat pass over the parameters in declaration order, with no spec text looked at again.
struct RequestBuilder {
    let endpoint: Endpoint
    let baseURL: Template?
    let context: BindingContext

    /// Builds the request, or throws the first argument problem found.
    func build(arguments: [String: Argument]) throws(ArgumentError) -> PreparedRequest {
        let plan = endpoint.plan
        if let name = endpoint.encoderName, context.encoders[name] == nil {
            throw ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .configuration,
                message: "the spec names encoder '\(name)', but none is registered on the provider"
            )
        }
        if arguments.count > 0 { try checkArgumentNames(arguments) }
        var values = [BoundValue?](repeating: nil, count: endpoint.parameters.count)
        for (index, parameter) in endpoint.parameters.enumerated() {
            values[index] = try value(of: parameter, from: arguments)
        }
        var headers = HTTPFields()
        let url = try makeURL(values)
        try addStaticHeaders(to: &headers)
        for index in plan.headerParameters {
            guard let value = values[index] else { continue }
            try addHeader(value, parameter: endpoint.parameters[index], to: &headers)
        }
        let body = try makeBody(values, headers: &headers)
        try addExtraHeaders(to: &headers)
        addDefaultHeaders(to: &headers, body: body)
        return PreparedRequest(endpointName: endpoint.name, method: endpoint.method, url: url, headerFields: headers, body: body)
    }

    // MARK: - Arguments

    /// Rejects an argument that names no parameter, suggesting the closest names.
    private func checkArgumentNames(_ arguments: [String: Argument]) throws(ArgumentError) {
        // Fast path: every argument names a parameter (sorting only to report the first that does not).
        if arguments.keys.allSatisfy({ endpoint.plan.parameterNames.contains($0) }) { return }
        for name in arguments.keys.sorted() where endpoint.plan.index(ofParameter: name) == nil {
            let names = endpoint.parameters.map(\.name)
            let detail = names.isEmpty ? " (the endpoint takes no parameters)"
                : Suggestions.hint(for: name, in: names).isEmpty ? " (its parameters are: \(names.joined(separator: ", ")))"
                : Suggestions.hint(for: name, in: names)
            throw ArgumentError(endpoint: endpoint.name, parameter: name, reason: .unknown, message: "unknown argument\(detail)")
        }
    }

    /// The value a parameter takes in this call: its argument, else its default, else nothing.
    private func value(of parameter: Parameter, from arguments: [String: Argument]) throws(ArgumentError) -> BoundValue? {
        if let argument = arguments[parameter.name] {
            let bound = try bind(argument, to: parameter.type, parameter: parameter)
            // An explicit nil is null in a JSON body and omitted everywhere else.
            if bound.isNull, parameter.location != .field || endpoint.encoding != .json { return nil }
            return bound
        }
        if let template = parameter.defaultTemplate {
            let text = try context.variables.resolve(template, endpoint: endpoint.name, parameter: parameter.name, usedIn: "its default")
            return .json(parameter.type.unwrapped.value(fromText: text) ?? .string(text))
        }
        if let value = parameter.defaultValue { return value.isNull ? nil : .json(value) }
        if parameter.isRequired {
            throw error(parameter, .missing, "missing required argument (\(parameter.type))")
        }
        return nil
    }

    /// An argument error about a parameter.
    func error(_ parameter: Parameter, _ reason: ArgumentError.Reason, _ message: String) -> ArgumentError {
        ArgumentError(endpoint: endpoint.name, parameter: parameter.name, reason: reason, message: message)
    }
}

/// Facts about the library.
public enum NetspecInfo {
    /// The version of Netspec, as in `netspec --version` and the default `User-Agent`.
    public static let version = "0.1.0"
}

import HTTPTypes
import NetspecModel

// A call answered in process from the spec's mocks (`Provider.Options.Mocks`, `CallOptions(usesMock:)`):
// the mock is chosen by the same rule as the mock server's (`Endpoint.mockAnswer`), a named one
// (`CallOptions(mock:)`, `Provider.Options.Mocks.examples`) as `Prefer: example=NAME` chooses it.

extension Service {
    /// The response a mocked call gets: the mock named, else the success response's example, else
    /// a body made from its schema (drawn, when the provider's mocks are dynamic).
    func mockResponse(for endpoint: Endpoint, named name: String?) throws -> TransportResponse {
        let mock = try chosenMock(for: endpoint, named: name)
        var headers = HTTPFieldsBuilder()
        for header in mock.headers { headers.append(name: header.name, value: header.value) }
        var fields = headers.fields
        // An example that breaks its schema is not the answer (a value made from the schema is):
        // said as the mock server says it, in `Netspec-Violations` (`-v` shows it).
        if !mock.exampleViolations.isEmpty { fields[ResponseViolation.headerField] = ResponseViolation.headerValue(mock.exampleViolations.map(\.json)) }
        return TransportResponse(status: mock.status, headerFields: fields, body: TransportResponse.Body(bytes: mock.body))
    }

    /// The mock a mocked call is answered with; a named one is answered as written, never drawn.
    func chosenMock(for endpoint: Endpoint, named name: String?) throws(CallError.ArgumentError) -> Mock {
        do {
            let seed = name == nil && provider.options.mocks.isDynamic ? provider.mockSeeds.next() : nil
            return try endpoint.mockAnswer(example: name, dynamicSeed: seed)
        } catch {
            let message = switch error {
            case let .schema(reason): "mocks are on, but no answer can be made: \(reason)"
            case .noMock, .noMatch:
                name.map { Self.unknownMockMessage($0, endpoint: endpoint, origin: nil) } ?? "mocks are on, but the endpoint has no 'mock:' in \(spec.file)"
            case let .notAcceptable(types): "mocks are on, but the mock answers only \(types.joined(separator: ", "))"
            }
            throw CallError.ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .configuration, message: message)
        }
    }

    /// Refuses, before anything is sent, a named mock that cannot answer: named on a call whose
    /// `usesMock` is `false`, an endpoint the provider's ``Provider/Options/Mocks/examples`` names
    /// that is not in the spec, or a name the endpoint has no mock of (the message lists those it has).
    func checkMockChoice(_ endpoint: Endpoint, options: CallOptions) throws(CallError) {
        func refuse(_ message: String) -> CallError {
            .configuration(CallError.ConfigurationError(endpoint: endpoint.name, parameter: nil, reason: .setup, message: message))
        }
        if options.usesMock == false, let name = options.mock {
            throw refuse("CallOptions(mock: \"\(name)\") names a mock, but its usesMock is false")
        }
        guard CallSettings.usesMock(call: options, provider: provider) else { return }
        let examples = provider.options.mocks.examples
        if !examples.isEmpty {
            for named in examples.keys.sorted() where spec.endpoint(named: named) == nil {
                let hint = Suggestions.hint(for: named, in: spec.endpoints.lazy.map(\.name))
                throw refuse("Provider.Options.Mocks.examples names endpoint '\(named)', which is not in \(spec.file)\(hint)")
            }
        }
        guard let name = CallSettings.mockName(call: options, endpoint: endpoint, provider: provider), !endpoint.mockNames.contains(name) else { return }
        throw refuse(Self.unknownMockMessage(name, endpoint: endpoint, origin: options.mock == nil ? "Provider.Options.Mocks.examples" : "CallOptions(mock:)"))
    }

    /// `CallOptions(mock:) names mock 'nope', which it does not have; its mocks are named: found, missing`.
    private static func unknownMockMessage(_ name: String, endpoint: Endpoint, origin: String?) -> String {
        let names = endpoint.mockNames
        let known = names.isEmpty
            ? "it has no named mock (name a 'mock:' entry with 'name:', or use the keys of an OpenAPI response's 'examples:')"
            : "its mocks are named: " + names.joined(separator: ", ")
        return (origin.map { "\($0) names mock '\(name)'" } ?? "mock '\(name)' is chosen") + ", which it does not have; " + known
    }
}

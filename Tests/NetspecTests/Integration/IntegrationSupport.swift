import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// A service over an inline spec, sending to `server` (or `baseURL`) through async-http-client.
///
/// Defaults suit tests: no environment variables and a 10 ms SSE reconnect delay.
func makeService(
    _ yaml: String,
    server: TestServer? = nil,
    baseURL: String? = nil,
    variables: [String: String] = [:],
    encoders: [String: JSONEncoder] = [:],
    options: Provider.Options = testOptions(),
    interceptors: [any Interceptor] = [],
    wireInterceptors: [any Interceptor] = []
) throws -> Service {
    let spec = try Spec(yaml: yaml, file: "test.yaml")
    let provider = Provider(
        baseURL: baseURL ?? server?.baseURL, variables: variables, encoders: encoders, options: options,
        interceptors: interceptors, wireInterceptors: wireInterceptors)
    return Service(spec: spec, provider: provider)
}

/// Provider options for tests: fast reconnects, no environment.
///
/// No provider time limit unless given, so that a spec's `timeout:` applies (a provider's would
/// win over it); the default of 60 s is the safety net.
func testOptions(
    usesMock: Bool = false, timeout: Duration? = nil, connectTimeout: Duration = .seconds(10), maxRedirects: Int = 10,
    maxResponseSize: Int = 64 * 1024 * 1024, decompresses: Bool = true,
    reconnectDelay: Duration = .milliseconds(10), maxReconnectAttempts: Int = 5
) -> Provider.Options {
    Provider.Options(
        mocks: .init(isEnabled: usesMock), timeouts: .init(request: timeout, connect: connectTimeout), redirects: .follow(limit: maxRedirects),
        responses: .init(maxBodySize: maxResponseSize, decompresses: decompresses),
        streams: .init(reconnectDelay: reconnectDelay, maxReconnectAttempts: maxReconnectAttempts), usesEnvironment: false)
}

/// Runs a call that must fail and returns its ``CallError`` (recording an issue if it succeeds or
/// throws anything else).
func callError<Result>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () async throws -> Result
) async -> CallError? {
    do {
        let result = try await operation()
        let shown = (result as? Response).map { "status \($0.status): \($0.value)" } ?? "\(result)"
        Issue.record("expected a CallError, got \(shown)", sourceLocation: sourceLocation)
        return nil
    } catch let error as CallError {
        return error
    } catch {
        Issue.record("expected a CallError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Reads a stream to its end and returns the error it ends with, if any.
func streamError<S: AsyncSequence>(_ sequence: S) async -> (elements: [S.Element], error: (any Error)?) {
    var elements: [S.Element] = []
    do {
        for try await element in sequence { elements.append(element) }
        return (elements, nil)
    } catch {
        return (elements, error)
    }
}

extension CallError {
    /// The transport error, if this is one.
    var transport: TransportError? { if case let .transport(error) = self { error } else { nil } }
    /// The status error, if this is one.
    var status: CallError.HTTPStatusError? { if case let .status(error) = self { error } else { nil } }
    /// The argument error, if this is one.
    var argument: CallError.ArgumentError? { if case let .argument(error) = self { error } else { nil } }
    var configuration: CallError.ConfigurationError? { if case let .configuration(error) = self { error } else { nil } }
    /// The decoding error, if this is one.
    var decoding: CallError.ResultDecodingError? { if case let .decoding(error) = self { error } else { nil } }
}

/// What `TestHandlers.echo` answers.
typealias Echo = EchoReport

extension EchoReport {
    /// Decodes a call's response body.
    init(_ response: Response) throws {
        try self.init(json: response.body)
    }
}

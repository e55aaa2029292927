/// A transport that answers from a HAR recording instead of the network, for tests and offline
/// runs: a request gets the recorded response of the entry with its method and URL (and its
/// body, where such entries differ by body), repeated requests the fitting entries in order (the
/// last again past the end), and a request no entry fits a ``TransportError`` that lists the
/// nearest entries. A recorded failure (status 0) fails again with its message and its kind
/// (`_errorKind`; ``TransportError/Kind/other`` where the file has none). A recorded value hidden as `[redacted: NAME]` fits any value; a variable the
/// provider and the environment do not set (a server variable, a credential) is sent as
/// `[unset:NAME]` and fits what the recording shows, so a call replays without them. Any HAR 1.2
/// file replays: Netspec's, a browser's export, mitmproxy's `har_dump`, Schemathesis's.
///
/// ```swift
/// let replay = try HARReplayTransport(file: "Tests/Fixtures/calls.har")
/// let api = try Service(spec: .load(path: "api.yaml"), provider: Provider(transport: replay))
/// let user = try await api.call("getUser", ["id": "7"])   // the recorded answer, no network
/// ```
public final class HARReplayTransport: HTTPTransport, Sendable {
    package let matcher: HARMatcher

    /// Reads a recording.
    ///
    /// - Throws: ``TransportError`` (kind `other`) naming the file, and the entry, when it cannot
    ///   be read or is not HAR.
    public init(file: String) throws(TransportError) {
        do {
            matcher = HARMatcher(recording: try HARRecording(path: file))
        } catch {
            throw TransportError(kind: .other, message: error.description)
        }
    }

    /// The number of entries the recording has.
    public var entryCount: Int { matcher.recording.exchanges.count }

    /// The recorded response for the request: its head and its whole body.
    public func send(_ request: PreparedRequest, options: TransportOptions) async throws -> TransportResponse {
        let body = try await Self.bytes(of: request.body)
        switch matcher.match(method: request.method.rawValue, url: request.url, body: body) {
        case let .failure(error):
            throw TransportError(kind: .other, message: error.description)
        case let .success(exchange):
            if let failure = exchange.failure {
                throw TransportError(kind: exchange.failureKind, message: "\(failure) (as recorded in \(exchange.summary))")
            }
            return TransportResponse(status: exchange.status, reasonPhrase: exchange.statusText, headerFields: exchange.headerFields, body: .init(bytes: exchange.body))
        }
    }

    /// A request body's bytes, to match against recorded ones.
    private static func bytes(of body: PreparedRequest.Body) async throws -> [UInt8] {
        switch body {
        case .empty: return []
        case let .bytes(bytes): return bytes
        default:
            var bytes: [UInt8] = []
            if let chunks = body.streamedChunks { for try await chunk in chunks { bytes += chunk } }
            return bytes
        }
    }
}

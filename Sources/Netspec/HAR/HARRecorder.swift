#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NIOConcurrencyHelpers
public import NetspecModel

/// Records every exchange of the calls it is a wire interceptor of as HAR 1.2 (the format
/// browsers, proxies and API tools share): each attempt and each redirect hop as an entry of its
/// own, the request exactly as sent (URL, the header lines as on the wire, cookies in one
/// `Cookie` line; body, base64 for bytes that are not UTF-8), the response as it arrived (a
/// stream as far as it was read), with timings and sizes, and a failure's kind (`_errorKind`).
///
/// Secrets are hidden by default: every credential the endpoint's security places, the values
/// of its variables and of the token store are written `[redacted: NAME]`, NAME the scheme or
/// variable (docs/har.md lists the rules); `keepingSecrets: true` writes them as sent.
///
/// ```swift
/// let recorder = HARRecorder(file: "calls.har")
/// let provider = Provider(wireInterceptors: [recorder])
/// let api = try Service(spec: .load(path: "api.yaml"), provider: provider)
/// try await api.call("getUser", ["id": "7"])   // calls.har now holds the exchange
/// ```
public final class HARRecorder: Interceptor, Sendable {
    /// The file the archive is written to as it grows, if any: a complete HAR 1.2 document after
    /// each exchange's head and end, each entry written once its text can no longer change
    /// (docs/har.md says when the file is written whole again).
    public let file: String?
    /// Whether secrets are written as sent.
    public let keepsSecrets: Bool

    struct State {
        /// The exchanges, in the order they started.
        var exchanges: [HARExchange] = []
        /// Every secret value seen so far, kept so that a token replaced since (a refresh) is
        /// still hidden in the earlier entries.
        var secrets = HARSecretTable()
        var writeError: String?
    }
    let state = NIOLockedValueBox(State())
    /// The file as written so far; its lock is taken before ``state``'s, never after.
    let archiveFile: NIOLockedValueBox<HARArchiveFile>?

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - file: where to write the archive after each exchange; `nil` keeps it in memory
    ///     (``archive()``, ``write(to:)``).
    ///   - keepingSecrets: write credentials and secret values as sent instead of hiding them.
    public init(file: String? = nil, keepingSecrets: Bool = false) {
        self.file = file
        keepsSecrets = keepingSecrets
        archiveFile = file.map { NIOLockedValueBox(HARArchiveFile(path: $0)) }
    }

    deinit {
        archiveFile?.withLockedValue { $0.release() }
    }

    /// Records one request as sent and its response as it arrives.
    public func intercept(
        _ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse
    ) async throws -> TransportResponse {
        let (body, note) = await Self.bytes(of: request.body)
        let exchange = HARExchange(
            started: Date().timeIntervalSince1970, method: request.method.rawValue, url: request.url,
            requestHeaders: request.http1Fields.map { (name: $0.0, value: $0.1) }, requestBody: body,
            requestBodySize: request.body.contentLength, requestNote: note, service: context.service, endpoint: context.endpoint
        )
        let index = state.withLockedValue { state in
            state.exchanges.append(exchange)
            return state.exchanges.count - 1
        }
        let start = ContinuousClock.now
        let response: TransportResponse
        do {
            response = try await next(request)
        } catch {
            update(index, finished: true) { exchange in
                exchange.failure = "\(error)"
                exchange.failureKind = Self.kind(of: error)
                exchange.wait = Self.milliseconds(since: start)
                exchange.isFinal = true
            }
            throw error
        }
        let head = ContinuousClock.now
        // Written at the head too: a stream never read to its end is on record as far as its head.
        update(index, finished: true) { exchange in
            exchange.status = response.status
            exchange.statusText = response.reasonPhrase
            exchange.responseHeaders = response.headerFields.map { ($0.name.rawName, $0.value) }
            exchange.wait = Self.milliseconds(since: start)
        }
        var recorded = response
        recorded.body = TransportResponse.Body(HARBodyTap(body: response.body) { [self] event in
            switch event {
            case let .chunk(chunk):
                update(index, finished: false) { $0.responseBody += chunk }
            case let .end(error):
                update(index, finished: true) { exchange in
                    exchange.isComplete = error == nil
                    exchange.failure = error.map { "the body broke off: \($0)" }
                    exchange.failureKind = error.flatMap(Self.kind(of:))
                    exchange.receive = Self.milliseconds(since: head)
                    exchange.isFinal = true
                }
            case .abandoned:
                update(index, finished: false) { $0.isFinal = true }
            }
        })
        return recorded
    }

    /// Records a request that is not sent (`netspec call --dry-run`): an entry with the request
    /// as it would go, status 0, `"_dryRun": true`, and `note` as its `comment` (replaying the
    /// entry fails with it).
    package func recordUnsent(_ request: PreparedRequest, service: Service, endpoint: Endpoint, note: String) async {
        let (body, bodyNote) = await Self.bytes(of: request.body)
        var exchange = HARExchange(
            started: Date().timeIntervalSince1970, method: request.method.rawValue, url: request.url,
            requestHeaders: request.http1Fields.map { (name: $0.0, value: $0.1) }, requestBody: body,
            requestBodySize: request.body.contentLength, requestNote: bodyNote, service: service, endpoint: endpoint
        )
        exchange.unsent = note
        exchange.isFinal = true
        let index = state.withLockedValue { state in
            state.exchanges.append(exchange)
            return state.exchanges.count - 1
        }
        update(index, finished: true) { _ in }
    }

    /// The archive as HAR 1.2 JSON, secrets hidden unless the recorder keeps them.
    public func archive() -> JSONValue {
        let entries = state.withLockedValue { state -> [JSONValue] in
            if !keepsSecrets { state.secrets.update(with: state.exchanges) }
            return state.exchanges.map { entry($0, state.secrets) }
        }
        return HARArchiveFile.document(entries)
    }

    /// Writes the archive to `path` (readable by its owner only, as it may hold what was sent).
    ///
    /// - Throws: ``WriteError`` naming the file when it cannot be written.
    public func write(to path: String) throws(WriteError) {
        let bytes = Array(archive().formatted(pretty: true, indent: 2).utf8) + [0x0A]
        guard FileBytes.writeAtomically(bytes, to: path) else {
            throw WriteError(file: path, reason: FileBytes.describe(errno: errno))
        }
    }

    /// Brings ``file``, if the recorder has one, up to date: the entries not yet written for good
    /// (a stream as far as it was read), or the whole archive where the file was removed or
    /// replaced since, or a secret seen since changes an entry written.
    public func write() throws(WriteError) {
        guard let archiveFile else { return }
        let failure = archiveFile.withLockedValue { file -> WriteError? in
            do throws(WriteError) {
                try update(&file)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// The first failure to write ``file`` since the recorder was made (the calls go on).
    public var writeFailure: String? { state.withLockedValue { $0.writeError } }

    /// What has been written to ``file`` so far, and how many times it was written whole.
    package var fileStatistics: (bytesWritten: Int, rewrites: Int) {
        archiveFile?.withLockedValue { ($0.bytesWritten, $0.rewrites) } ?? (0, 0)
    }

    /// An exchange's entry as the recorder writes it.
    func entry(_ exchange: HARExchange, _ secrets: HARSecretTable) -> JSONValue {
        exchange.entry(keepsSecrets ? nil : secrets.redaction(for: exchange))
    }

    private func update(_ index: Int, finished: Bool, _ change: (inout HARExchange) -> Void) {
        state.withLockedValue { change(&$0.exchanges[index]) }
        guard finished, file != nil else { return }
        do { try write() } catch { state.withLockedValue { $0.writeError = $0.writeError ?? error.description } }
    }

    /// The ``TransportError/Kind`` an error says, by name (`timeout`, `connect`, …), for the
    /// entry's `_errorKind`: replay fails with the same kind, so exit statuses and retries are as live.
    private static func kind(of error: any Error) -> String? {
        if let error = error as? TransportError { return error.kind.name }
        if case let .transport(transport)? = error.callError { return transport.kind.name }
        return nil
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// A request body's bytes; a file or multipart body is read again, up to 16 MiB.
    private static func bytes(of body: PreparedRequest.Body) async -> ([UInt8]?, String?) {
        switch body {
        case .empty: return ([], nil)
        case let .bytes(bytes): return (bytes, nil)
        default:
            let limit = 16 * 1024 * 1024
            guard body.contentLength <= limit else { return (nil, "the body (\(body.contentLength) bytes) is over 16 MiB and not recorded") }
            guard let chunks = body.streamedChunks else { return ([], nil) }
            do {
                var bytes: [UInt8] = []
                for try await chunk in chunks { bytes += chunk }
                return (bytes, nil)
            } catch {
                return (nil, "the body could not be read again: \(error)")
            }
        }
    }
}

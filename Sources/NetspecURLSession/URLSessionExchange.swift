import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Netspec
import NIOConcurrencyHelpers

/// One request's task as the delegate reports it: the response head, awaited by
/// ``URLSessionTransport/send(_:options:)``, then the body's chunks as they arrive.
final class URLSessionExchange: Sendable {
    /// The status and header fields of a response.
    struct Head: Sendable {
        var status: Int
        var headerFields: HTTPFields
    }

    let url: String
    let options: TransportOptions
    /// The temporary file the body was staged in (``URLSessionUpload``), removed at the end.
    let stagedFile: URL?
    /// The request body's length, for the progress of its upload.
    let uploadLength: Int
    private let chunkInput: AsyncThrowingStream<[UInt8], any Error>.Continuation
    private let state = NIOLockedValueBox(State())

    private struct State {
        /// `send`, waiting for the head.
        var waiter: CheckedContinuation<Head, any Error>?
        /// The head, or why none came, when it was known before `send` waited.
        var head: Result<Head, TransportError>?
        /// Whether the head, or why none came, is known.
        var headIsKnown = false
        /// Whether the task completed without an error.
        var ended = false
        /// The body's chunks, until ``body(of:)`` hands them over: kept here no longer, so that
        /// when the reader drops them the stream ends and cancels the task.
        var chunks: AsyncThrowingStream<[UInt8], any Error>?
    }

    init(url: String, options: TransportOptions, stagedFile: URL?, uploadLength: Int) {
        self.url = url
        self.uploadLength = uploadLength
        self.options = options
        self.stagedFile = stagedFile
        let (chunks, chunkInput) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        self.chunkInput = chunkInput
        state.withLockedValue { $0.chunks = chunks }
    }

    /// Starts `task` and waits for its response head; cancelling the calling task cancels it.
    func head(startingTask task: URLSessionTask) async throws -> Head {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Head, any Error>) in
                let known = state.withLockedValue { state -> Result<Head, TransportError>? in
                    if let head = state.head { return head }
                    state.waiter = waiter
                    return nil
                }
                if let known { waiter.resume(with: known) } else { task.resume() }
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// The body of `task`: its chunks as they arrive. When the reader is cancelled, or drops the
    /// body before its end, the task is cancelled, which closes its connection.
    func body(of task: URLSessionTask) -> URLSessionBody {
        chunkInput.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        let chunks = state.withLockedValue { state in
            defer { state.chunks = nil }
            return state.chunks ?? AsyncThrowingStream { $0.finish() }
        }
        return URLSessionBody(chunks: chunks, exchange: self)
    }

    /// Whether the task completed without an error.
    var hasEnded: Bool { state.withLockedValue { $0.ended } }

    // MARK: - The delegate's events

    func receivedHead(_ response: URLResponse) {
        guard let response = response as? HTTPURLResponse else {
            let host = TransportErrorMapping.hostAndPort(of: url)
            return deliver(.failure(TransportError(kind: .invalidResponse, message: "\(host) sent a response that is not HTTP")))
        }
        deliver(.success(Head(status: response.statusCode, headerFields: Self.headerFields(of: response))))
    }

    func received(_ data: Data) {
        chunkInput.yield(Array(data))
    }

    /// The body's bytes sent so far, out of the total URLSession expects, or else the body's length.
    func sent(_ bytes: Int, of total: Int?) {
        options.uploadProgress?(bytes, total ?? (uploadLength > 0 ? uploadLength : nil))
    }

    func completed(error: (any Error)?) {
        if let stagedFile { try? FileManager.default.removeItem(at: stagedFile) }
        guard let error else {
            state.withLockedValue { $0.ended = true }
            chunkInput.finish()
            let host = TransportErrorMapping.hostAndPort(of: url)
            return deliver(.failure(TransportError(kind: .invalidResponse, message: "\(host) sent no response head")))
        }
        let (url, options) = (url, options)
        Task {
            let mapped = await URLSessionErrorMapping.explained(error, url: url, options: options)
            deliver(.failure(mapped))
            chunkInput.finish(throwing: mapped)
        }
    }

    /// Gives `send` the head, or why none came; only the first outcome counts.
    private func deliver(_ head: Result<Head, TransportError>) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Head, any Error>? in
            guard !state.headIsKnown else { return nil }
            state.headIsKnown = true
            guard let waiter = state.waiter else {
                state.head = head
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(with: head.mapError { $0 as any Error })
    }

    /// A response's header fields, sorted by name: URLSession keeps neither their order nor
    /// repeated fields apart (it joins them with `, `).
    static func headerFields(of response: HTTPURLResponse) -> HTTPFields {
        var fields = HTTPFields()
        let pairs = response.allHeaderFields.compactMap { name, value -> (String, String)? in
            guard let name = name as? String, let value = value as? String else { return nil }
            return (name, value)
        }
        for (name, value) in pairs.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return fields
    }
}

/// A response body as the delegate receives it.
struct URLSessionBody: AsyncSequence, Sendable {
    typealias Element = [UInt8]

    let chunks: AsyncThrowingStream<[UInt8], any Error>
    let exchange: URLSessionExchange

    func makeAsyncIterator() -> Iterator {
        Iterator(base: chunks.makeAsyncIterator(), exchange: exchange)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<[UInt8], any Error>.Iterator
        let exchange: URLSessionExchange

        /// The next chunk; a reader cancelled before the end gets ``TransportError`` `cancelled`,
        /// as from the default transport, not an early end.
        mutating func next() async throws -> [UInt8]? {
            if let chunk = try await base.next() { return chunk }
            if !exchange.hasEnded, Task.isCancelled { throw TransportError.cancelled }
            return nil
        }
    }
}

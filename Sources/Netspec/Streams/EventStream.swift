public import HTTPTypes

/// The events of a `stream: sse` endpoint, as they arrive.
///
/// ```swift
/// for try await event in try await api.completions.events(model: "m", messages: messages) {
///     print(event.data)
/// }
/// ```
/// The stream ends at the end of the response, or at the spec's `until` value (which is not
/// yielded). When the connection drops in the middle of an event or with an error, it reconnects
/// after the server's `retry` delay with `Last-Event-ID`, a bounded number of times; a clean end
/// of the response between events ends the stream (an API that closes its stream is done, so
/// this does not replay it, unlike a browser's `EventSource`). Cancelling the consuming task
/// closes the connection.
public struct EventStream: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent
    /// The errors the stream throws: ``CallError``.
    public typealias Failure = any Error

    /// The response's status code.
    public let status: Int
    /// The response's headers.
    public let headerFields: HTTPFields
    let stream: ResponseStream
    let endpoint: String

    init(head: TransportResponse, stream: ResponseStream, endpoint: String) {
        status = head.status
        headerFields = head.headerFields
        self.stream = stream
        self.endpoint = endpoint
    }

    /// Creates an iterator; a stream can be read once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: stream, endpoint: endpoint, body: stream.body.makeAsyncIterator())
    }

    /// Reads events.
    public struct Iterator: AsyncIteratorProtocol {
        let stream: ResponseStream
        let endpoint: String
        var body: TransportResponse.Body.Iterator?
        var parser = ServerSentEventParser()
        var failedAttempts = 0
        /// The drop that began the reconnections in a row, and how the last of them failed (and
        /// whether they all failed that way): what the error says when they run out.
        var firstDrop: TransportError?
        var lastFailure: String?
        var failuresDiffer = false
        /// The events this connection has yielded, and those of the connection before it that
        /// yielded any (hashes, the first 1,024): a reconnection that yields only the events
        /// before it again, in order (a server that replays its stream and ignores
        /// `Last-Event-ID`), has delivered nothing new and does not end the reconnections "in a row".
        var thisConnection: [Int] = []
        var previousConnection: [Int] = []
        /// Whether every event since the last reconnection repeats the connection before's.
        var isReplaying = false
        var isDone = false
        /// Events yielded so far (for naming one in a schema violation).
        var count = 0

        init(stream: ResponseStream, endpoint: String, body: TransportResponse.Body.Iterator) {
            self.stream = stream
            self.endpoint = endpoint
            self.body = body
        }

        /// The next event, or `nil` when the stream has ended.
        public mutating func next() async throws -> ServerSentEvent? {
            do {
                return try await nextEvent()
            } catch {
                isDone = true
                body = nil
                // A reconnection is sent from here, outside the call (`Service.run`): a
                // configuration error the transport raises for it (a proxy setting that cannot be
                // used) names the endpoint as the first connection's does.
                throw CallError.wrapping(error).naming(endpoint: endpoint)
            }
        }

        private mutating func nextEvent() async throws -> ServerSentEvent? {
            while !isDone {
                if let event = parser.next() {
                    delivered(event)
                    if let until = stream.until, event.data == until { return finish() }
                    return try checked(event)
                }
                guard var iterator = body else { return finish() }
                let chunk: [UInt8]?
                do {
                    chunk = try await iterator.next()
                    body = iterator
                } catch let error as TransportError where error.kind != .cancelled {
                    guard stream.reconnection != nil else { throw Self.notResumed(error, because: stream.notReconnectedBecause) }
                    _ = parser.finish()
                    try await reconnect(after: error)
                    continue
                }
                if let chunk {
                    do {
                        try parser.append(chunk)
                    } catch {
                        throw CallError.ResultDecodingError(endpoint: endpoint, keyPath: "", message: error.message)
                    }
                    continue
                }
                // The response ended.
                let cutOff = parser.isInsideEvent
                if let event = parser.finish() {
                    delivered(event)
                    if let until = stream.until, event.data == until { return finish() }
                    return try checked(event)
                }
                guard cutOff else { return finish() }
                let cut = TransportError(kind: .connectionClosed, message: "the event stream\(stream.host.map { " from \($0)" } ?? "") was cut off in the middle of an event")
                guard stream.reconnection != nil else { throw Self.notResumed(cut, because: stream.notReconnectedBecause) }
                try await reconnect(after: cut)
            }
            return nil
        }

        /// Counts an event: one that is not the event the connection before yielded at the same
        /// place ends the reconnections "in a row".
        private mutating func delivered(_ event: ServerSentEvent) {
            let place = thisConnection.count, hash = event.hashValue
            if place < Self.remembered { thisConnection.append(hash) }
            guard isReplaying else { return }
            if place >= Self.remembered - 1 || place >= previousConnection.count || previousConnection[place] != hash {
                isReplaying = false
                failedAttempts = 0
            }
        }

        /// A drop that is not reconnected, with why when there is a reason to give.
        static func notResumed(_ error: TransportError, because reason: String?) -> TransportError {
            guard let reason else { return error }
            return TransportError(kind: error.kind, message: error.message + " (\(reason))", closeCode: error.closeCode)
        }

        /// How many events of a connection are remembered to tell a replay.
        static var remembered: Int { 1024 }

        /// Waits, then opens the stream again with `Last-Event-ID`.
        private mutating func reconnect(after error: TransportError) async throws {
            guard let reconnection = stream.reconnection else { throw error }
            // Whether the connection that dropped yielded events, each one the connection before's again.
            let replayed = isReplaying && !thisConnection.isEmpty
            if !thisConnection.isEmpty { (previousConnection, thisConnection) = (thisConnection, []) }
            if failedAttempts == 0 {
                (firstDrop, lastFailure, failuresDiffer) = (error, nil, false)
            } else {
                // The last reconnection connected, then dropped before a new event.
                noteFailure(error.message)
            }
            while true {
                guard failedAttempts < reconnection.maxAttempts else {
                    guard replayed else { throw gaveUp(after: error) }
                    throw TransportError(
                        kind: error.kind,
                        message: error.message + " (after \(failedAttempts) reconnections in a row, the last sent only events it had sent before: the server does not resume from Last-Event-ID)",
                        closeCode: error.closeCode
                    )
                }
                failedAttempts += 1
                let delay = parser.reconnectionTime.map { Duration.milliseconds($0) } ?? reconnection.defaultDelay
                try await Task.sleep(for: delay)
                let lastEventID = parser.lastEventID
                do {
                    guard let newBody = try await reconnection.connect(lastEventID.isEmpty ? nil : lastEventID) else {
                        // 204 No Content: the server asks us to stop.
                        body = nil
                        isDone = true
                        return
                    }
                    body = newBody.makeAsyncIterator()
                    isReplaying = true
                    return
                } catch let failure as TransportError where failure.kind != .cancelled {
                    noteFailure(failure.message)
                    continue
                }
            }
        }

        /// Records how a reconnection failed.
        private mutating func noteFailure(_ message: String) {
            if let lastFailure, lastFailure != message { failuresDiffer = true }
            lastFailure = message
        }

        /// The error when the reconnections in a row have run out: the drop that began them, how
        /// many were tried and how they failed (`…; 5 reconnections were tried, and each failed:
        /// cannot connect to host:port: connection refused`, or `… failed the same way` when each
        /// was cut off as the first was); `error` itself when none was tried.
        private func gaveUp(after error: TransportError) -> TransportError {
            guard failedAttempts > 0, let firstDrop, let lastFailure else { return error }
            let tried = failedAttempts == 1 ? "1 reconnection was tried, and it failed" : "\(failedAttempts) reconnections were tried, and each failed"
            let how = lastFailure == firstDrop.message ? " the same way" : ": " + lastFailure
            return TransportError(
                kind: firstDrop.kind, message: firstDrop.message + "; " + tried + (failuresDiffer ? ", the last" : "") + how,
                closeCode: firstDrop.closeCode
            )
        }

        /// The event, checked against the document's schema when the call validates responses:
        /// the whole event as an object (an `itemSchema`), or its `data` when that is JSON.
        private mutating func checked(_ event: ServerSentEvent) throws -> ServerSentEvent {
            count += 1
            guard let itemCheck = stream.itemCheck else { return event }
            if itemCheck.checksWholeEvents {
                try itemCheck.check(event.itemValue, "event \(count)")
            } else if let value = try? JSONValue(parsing: Array(event.data.utf8)) {
                try itemCheck.check(value, "event \(count)")
            }
            return event
        }

        private mutating func finish() -> ServerSentEvent? {
            isDone = true
            body = nil
            return nil
        }
    }
}

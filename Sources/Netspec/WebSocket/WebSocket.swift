#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import HTTPTypes
import Synchronization
import NetspecModel

/// An open connection to a `stream: websocket` endpoint: send values, text or bytes, read the
/// messages as they come, close.
///
/// ```swift
/// let socket = try await api.chat.connect(room: "a")
/// try await socket.send(["text": "hi"])
/// for try await message in try socket.messages {    // ends when the server closes with 1000
///     print(message.value)
/// }
/// ```
/// Messages are reassembled from fragments, text is validated as UTF-8, and permessage-deflate
/// is offered. A message larger than the provider's ``Provider/Options/Streams/maxWebSocketMessageSize``
/// ends the sequence with an error (the connection closes with 1009). The sequence ends
/// without an error when the server closes with 1000 (or no code), when `until` matches, or
/// after ``close(code:reason:)``; any other close code throws ``CallError/transport(_:)`` with
/// ``TransportError/closeCode``. Cancelling the task that iterates ``messages``
/// closes the connection with 1001.
public final class WebSocket: Sendable {
    /// The endpoint connected to.
    public let endpointName: String
    /// How the endpoint's messages are written and read (`messages:` in the spec).
    package let messageKind: WebSocketSettings.MessageKind
    /// The status of the server's answer to the upgrade: 101 (Switching Protocols).
    public let status: Int
    /// The headers of the server's answer to the upgrade (the subprotocol and extensions it chose).
    public let headerFields: HTTPFields
    let session: WebSocketSession

    init(endpointName: String, messageKind: WebSocketSettings.MessageKind, head: TransportResponse, session: WebSocketSession) {
        self.endpointName = endpointName
        self.messageKind = messageKind
        status = head.status
        headerFields = head.headerFields
        self.session = session
    }

    deinit {
        session.abandon()
    }

    /// Sends a value: compact JSON in a text frame for `messages: json` (checked against the
    /// spec's `send:` type); for `messages: text` a string as it is and anything else as JSON
    /// text; for `messages: binary` a string's UTF-8 bytes.
    ///
    /// - Throws: ``CallError``: a value that does not have the `send:` type (nothing is sent),
    ///   or a closed connection.
    public func send(_ value: JSONValue) async throws(CallError) {
        try await session.send(session.codec.encode(value))
    }

    /// Sends a text frame.
    public func send(text: String) async throws(CallError) {
        try await session.send(.text(text))
    }

    /// Sends a binary frame.
    public func send(binary: [UInt8]) async throws(CallError) {
        try await session.send(.binary(binary))
    }

    /// Sends a message as it is (a text or a binary frame; a value as ``send(_:)`` does).
    public func send(_ message: Message) async throws(CallError) {
        switch message {
        case let .value(value): try await send(value)
        case let .text(text): try await send(text: text)
        case let .binary(bytes): try await send(binary: bytes)
        }
    }

    /// The received messages, in order: JSON values (after the spec's `keyPath`, checked
    /// against `receive:`) for `messages: json`, text or bytes for the others. One iteration.
    ///
    /// - Throws: ``CallError/argument(_:)`` when the messages are already being read.
    public var messages: some AsyncSequence<Message, CallError> & Sendable {
        get throws(CallError) { try session.takeMessages() }
    }

    /// Sends each value of `outgoing` as it comes, while the returned messages are read; after
    /// the last one the connection closes with 1000 once as many messages have arrived as were
    /// sent, or `linger` after the last value if that is sooner (with nothing sent and no
    /// `linger`, it stays open until the server closes it or the reading task ends).
    ///
    /// ```swift
    /// for try await reply in try socket.exchange(questions) { print(reply.value) }
    /// ```
    /// - Throws: ``CallError/argument(_:)`` when the messages are already being read; a value
    ///   that cannot be sent ends the messages with its error.
    public func exchange<Outgoing: AsyncSequence & Sendable>(
        _ outgoing: Outgoing, linger: Duration? = nil
    ) throws(CallError) -> some AsyncSequence<Message, CallError> & Sendable where Outgoing.Element == JSONValue {
        let messages = try session.takeMessages()
        session.startSending(outgoing, linger: linger)
        return messages
    }

    /// Sends each message of `outgoing` as it comes (text, bytes or values), as
    /// ``exchange(_:linger:)-(Outgoing,_)`` does for values.
    public func exchange<Outgoing: AsyncSequence & Sendable>(
        messages outgoing: Outgoing, linger: Duration? = nil
    ) throws(CallError) -> some AsyncSequence<Message, CallError> & Sendable where Outgoing.Element == Message {
        try exchangeFrames(messages: outgoing, linger: linger)
    }

    /// ``exchange(messages:linger:)``, its iterator also giving the frame each message came in
    /// (``Messages/AsyncIterator/lastFrame``): for `netspec call`, which prints a JSON message's
    /// integers with the digits its text had.
    package func exchangeFrames<Outgoing: AsyncSequence & Sendable>(
        messages outgoing: Outgoing, linger: Duration? = nil
    ) throws(CallError) -> Messages where Outgoing.Element == Message {
        let messages = try session.takeMessages()
        session.startSending(outgoing, linger: linger)
        return messages
    }

    /// Closes the connection: sends a close frame and waits for the server's (at most 5 s).
    /// Closing a closed connection does nothing; after ``messages`` ended with an error (the
    /// client has closed with its code) it waits only for that close frame to go out (at most 1 s).
    ///
    /// - Parameters:
    ///   - code: the close code (1000: normal; 1001: going away; 3000–4999 for applications).
    ///   - reason: a short text (at most 123 bytes of UTF-8).
    public func close(code: Int = 1000, reason: String = "") async {
        await session.close(code: code, reason: reason)
    }

    /// The close frame this side sent, once it has.
    public var sentClose: CloseFrame? { session.sentClose }

    /// The close frame the server sent, once it has.
    public var receivedClose: CloseFrame? { session.receivedClose }

    /// The extensions agreed in the upgrade (`permessage-deflate; …`), empty when none.
    public var extensions: String { session.extensions }
}

extension WebSocket {

    /// The received messages of a ``WebSocket``, as an `AsyncSequence`.
    package struct Messages: AsyncSequence, Sendable {
        /// A message.
        package typealias Element = Message
        /// What iterating throws.
        package typealias Failure = CallError
        /// A message and the frame it came in, as it came (a text or bytes; `nil` for a mock's).
        typealias Delivered = (message: Message, frame: Message?)
        let stream: AsyncThrowingStream<Delivered, any Error>

        /// The iterator.
        package struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Delivered, any Error>.AsyncIterator
            /// The frame the last message came in, as it came, until the next call: a JSON
            /// message's text before it was parsed (`nil` for a mock's message).
            package private(set) var lastFrame: Message?

            /// The next message; `nil` once the connection has closed normally.
            ///
            /// - Throws: ``CallError``: an abnormal close (with its code), a message too large, a
            ///   message that does not have the `receive:` type.
            package mutating func next() async throws(CallError) -> Message? {
                do {
                    let delivered = try await base.next()
                    lastFrame = delivered?.frame
                    return delivered?.message
                } catch {
                    throw CallError.wrapping(error)
                }
            }
        }

        /// Makes the iterator.
        package func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: stream.makeAsyncIterator())
        }
    }
}

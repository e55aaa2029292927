import NetspecModel

/// A failure while splitting a byte stream into lines or events.
///
/// The stream parsers throw it when the peer sends more than ``StreamLimits`` allow, which keeps
/// a misbehaving or hostile server from making us buffer an unbounded line or event. After a
/// parser has thrown, it keeps throwing the same error; events completed before the offending
/// bytes are still delivered first.
package struct StreamError: Error, Sendable, Hashable, CustomStringConvertible {

    // MARK: - Public API

    /// A sentence describing the failure, such as `"event larger than the 16 MiB limit"`.
    package var message: String

    /// The same text as ``message``.
    package var description: String { message }

    /// Creates an error with the given sentence.
    package init(message: String) {
        self.message = message
    }

    // MARK: - Factories

    /// A line grew past `limit` bytes before its terminator arrived.
    static func lineTooLong(limit: Int) -> StreamError {
        StreamError(message: "line longer than the \(ByteCount(limit)) limit")
    }

    /// An event's accumulated data grew past `limit` bytes before its blank line arrived.
    static func eventTooLarge(limit: Int) -> StreamError {
        StreamError(message: "event larger than the \(ByteCount(limit)) limit")
    }
}


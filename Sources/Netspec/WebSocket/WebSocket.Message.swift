#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Synchronization

extension WebSocket {
    /// One message: a JSON value (for `messages: json`), a text or bytes.
    public enum Message: Sendable, Hashable, CustomStringConvertible {
        /// A JSON value (after the spec's `keyPath`).
        case value(JSONValue)
        /// A text frame, as it came.
        case text(String)
        /// A binary frame, as it came.
        case binary([UInt8])

        /// The message as a JSON value: the value, a text as a string, bytes as a string of their
        /// base64 (as JSON carries bytes).
        public var value: JSONValue {
            switch self {
            case let .value(value): value
            case let .text(text): .string(text)
            case let .binary(bytes): .string(Data(bytes).base64EncodedString())
            }
        }

        /// The message's text: a text as it came, a value as compact JSON; `nil` for bytes.
        public var text: String? {
            switch self {
            case let .value(value): value.description
            case let .text(text): text
            case .binary: nil
            }
        }

        /// The message's bytes: a binary message's, a text's UTF-8, a value's compact JSON.
        public var bytes: [UInt8] {
            switch self {
            case let .value(value): value.serialized()
            case let .text(text): Array(text.utf8)
            case let .binary(bytes): bytes
            }
        }

        /// The value decoded as `T`.
        ///
        /// - Throws: ``CallError/decoding(_:)`` naming where it does not fit.
        public func decode<T: Decodable>(_ type: T.Type = T.self, endpoint: String = "") throws(CallError) -> T {
            try Response(endpointName: endpoint, status: 101, reasonPhrase: "", headerFields: [:], value: value, body: []).decode(type)
        }

        /// The message as text (JSON for values, base64 for bytes).
        public var description: String { text ?? value.description }
    }
}

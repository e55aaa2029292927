#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Synchronization

extension WebSocket {
    /// A close frame: its code and its reason.
    public struct CloseFrame: Sendable, Hashable, CustomStringConvertible {
        /// The close code (1000 is a normal closure; 1005 stands for a close frame without one).
        public let code: Int
        /// The reason the frame gave, empty when none.
        public let reason: String

        /// A close frame.
        public init(code: Int, reason: String = "") {
            self.code = code
            self.reason = reason
        }

        /// Whether the code says the connection ended as it should (1000, or no code).
        public var isNormal: Bool { code == 1000 || code == 1005 }

        /// `1000`, or `1011 (server overloaded)`.
        public var description: String { reason.isEmpty ? String(code) : "\(code) (\(reason))" }
    }
}

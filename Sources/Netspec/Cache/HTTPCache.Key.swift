internal import Crypto

extension HTTPCache {
    /// Where a response is stored: the request's URL, in the partition of the credentials it was
    /// requested with.
    ///
    /// Responses to requests with credentials are kept apart per credential: a response fetched with
    /// one user's token is never served to a call made with another's, nor to one made without. The
    /// partition is a SHA-256 hash of the credentials (never the credentials themselves), empty for a
    /// request that carries none.
    public struct Key: Sendable, Hashable, CustomStringConvertible {
        /// The absolute URL, percent-encoded, as the request was built.
        public var url: String
        /// The hex SHA-256 of the request's credentials, or empty when it has none.
        public var partition: String

        /// Creates a key.
        public init(url: String, partition: String = "") {
            self.url = url
            self.partition = partition
        }

        /// `url` alone, or `url (credentials 1a2b3c4d…)`.
        public var description: String {
            partition.isEmpty ? url : "\(url) (credentials \(partition.prefix(8))…)"
        }

        /// The partition for a list of credential values (empty for none).
        static func partition(credentials: [String]) -> String {
            guard !credentials.isEmpty else { return "" }
            // NUL cannot appear in a header value, so the joined text is unambiguous.
            return hash(credentials.joined(separator: "\u{0}"))
        }

        /// The hex SHA-256 of `text`, for partitions and file names.
        static func hash(_ text: String) -> String {
            let digits = Array("0123456789abcdef".utf8)
            var hex: [UInt8] = []
            hex.reserveCapacity(64)
            for byte in SHA256.hash(data: Array(text.utf8)) {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
            return String(decoding: hex, as: UTF8.self)
        }
    }
}

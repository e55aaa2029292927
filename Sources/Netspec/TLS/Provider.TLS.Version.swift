import NetspecModel

extension Provider.TLS {
    /// A TLS version.
    public struct Version: Sendable, Hashable, CustomStringConvertible {
        /// `1.2` or `1.3`.
        public let description: String
        /// TLS 1.2.
        public static let v1_2 = Version(description: "1.2")
        /// TLS 1.3.
        public static let v1_3 = Version(description: "1.3")
        /// The version written `1.2` or `1.3`; `nil` for any other text.
        public init?(_ text: String) {
            guard SpecTLS.versions.contains(text) else { return nil }
            description = text
        }
        private init(description: String) { self.description = description }
    }
}

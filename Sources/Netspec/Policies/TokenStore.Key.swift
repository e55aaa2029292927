#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers

extension TokenStore {
    /// What a stored token belongs to: the service, the base URL its calls go to, and the variable
    /// its `refresh:` fills.
    public struct Key: Sendable, Hashable, CustomStringConvertible {
        /// The spec's `service` name.
        public var service: String
        /// The base URL of the calls (the call's, the provider's or the spec's).
        public var baseURL: String
        /// The `${NAME}` variable the token is the value of.
        public var variable: String
        /// The profile the calls use (``Provider/Options/profile``): a token never crosses from
        /// one profile to another.
        public var profile: String?

        /// Creates a key.
        public init(service: String, baseURL: String, variable: String, profile: String? = nil) {
            self.service = service
            self.baseURL = baseURL
            self.variable = variable
            self.profile = profile
        }

        /// `service baseURL variable` (and ` profile=NAME` with a profile), as the file store writes it.
        public var description: String { service + " " + baseURL + " " + variable + (profile.map { " profile=" + $0 } ?? "") }
    }
}

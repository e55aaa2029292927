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
    /// its `refresh:` fills. A store sees its ``description``, the text a token is kept under.
    struct Key: Sendable, Hashable, CustomStringConvertible {
        /// The spec's `service` name.
        var service: String
        /// The base URL of the calls (the call's, the provider's or the spec's).
        var baseURL: String
        /// The `${NAME}` variable the token is the value of.
        var variable: String
        /// The profile the calls use (``Provider/Options/profile``): a token never crosses from
        /// one profile to another.
        var profile: String?

        /// Creates a key.
        init(service: String, baseURL: String, variable: String, profile: String? = nil) {
            self.service = service
            self.baseURL = baseURL
            self.variable = variable
            self.profile = profile
        }

        /// `service baseURL variable` (and ` profile=NAME` with a profile), as the file store writes it.
        var description: String { service + " " + baseURL + " " + variable + (profile.map { " profile=" + $0 } ?? "") }
    }
}

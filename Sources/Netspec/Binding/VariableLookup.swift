import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NetspecModel

/// Where `${NAME}` variables get their values: the provider's variables first, then the
/// process environment. Only names written in the spec are ever looked up. A run resolves an
/// OpenAPI link's server with it too (`netspec check`, ``Provider/variableLookup(keepingUnset:)``).
package struct VariableLookup: Sendable {
    /// The provider's variables, which come first (read when a variable is needed, so a call
    /// that uses none takes no lock). Only these are held, not a copy of the whole provider.
    let variables: NIOLockedValueBox<[String: String]>
    /// Whether the environment is consulted for names the provider does not set.
    var usesEnvironment: Bool
    /// Whether a variable that is set nowhere is written as its reference (`${NAME}`) instead of
    /// failing: for mocks and previews, which must work without secrets.
    var keepsUnsetReferences = false
    /// Whether a variable that is set nowhere — one with a default too — is written as
    /// ``unsetMarker(_:)``, which fits any value of a recording: for `--replay`, which answers from
    /// what was sent without the variables it was sent with (``HARReplayTransport``).
    var replaysUnset = false

    /// What a variable set nowhere is written as when replaying: `[unset:NAME]`.
    static func unsetMarker(_ name: String) -> String { unsetPrefix + name + "]" }
    static let unsetPrefix = "[unset:"

    /// A lookup in which no variable is set and each is written as its reference (`${NAME}`):
    /// for showing where a value goes without its value.
    static var references: VariableLookup {
        VariableLookup(variables: NIOLockedValueBox([:]), usesEnvironment: false, keepsUnsetReferences: true)
    }

    /// The value of a variable, or `nil` when it is set nowhere.
    package func value(_ name: String) -> String? {
        if let value = variables.withLockedValue({ $0[name] }) { return value }
        guard usesEnvironment, let pointer = getenv(name) else { return nil }
        return String(cString: pointer)
    }

    /// Resolves a template, turning an unset variable into an argument error that says where it
    /// is used, and a value outside what a variable allows (a server variable's `enum`,
    /// ``Template/allowedValues``) into one that says what it allows and where it is written.
    package func resolve(_ template: Template, endpoint: String, parameter: String? = nil, usedIn place: String) throws(CallError.ArgumentError) -> String {
        let text: String
        do {
            if replaysUnset, !keepsUnsetReferences {
                text = try template.resolve({ value($0) ?? Self.unsetMarker($0) })
            } else {
                text = try template.resolve(value, keepingUnset: keepsUnsetReferences)
            }
        } catch {
            var problem = CallError.ArgumentError(
                endpoint: endpoint, parameter: parameter, reason: .unresolvedVariable,
                message: "variable '\(error.name)' is not set (used in \(place)); \(CallError.ConfigurationError.unsetVariableAdvice)"
            )
            problem.variable = error.name
            throw problem
        }
        if let disallowed = template.disallowedValue(value) {
            var problem = CallError.ArgumentError(
                endpoint: endpoint, parameter: parameter, reason: .invalidValue,
                message: "\(disallowed) (used in \(place)); \(BaseURL.anyURLAdvice)"
            )
            problem.variable = disallowed.name
            throw problem
        }
        return text
    }
}

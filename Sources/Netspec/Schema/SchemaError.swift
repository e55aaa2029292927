// Why a schema could not be compiled, with where the problem is.

/// A schema that cannot be compiled: an unresolvable `$ref`, a keyword whose value has the wrong
/// shape, a `pattern` that is not a regular expression. Never a crash.
package struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in lower case: `cannot resolve $ref '#/components/schemas/Pett'`.
    package var message: String
    /// Where: `file:line:column` when the schema was read from a file, else `uri#/pointer`.
    package var location: String

    /// An error with its message and location.
    package init(message: String, location: String) {
        self.message = message
        self.location = location
    }

    /// `location: message`.
    package var description: String { "\(location): \(message)" }
}

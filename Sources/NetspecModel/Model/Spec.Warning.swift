extension Spec {
    /// Something in a spec that loads and works but is likely not what its author meant, or that
    /// a front end could not use, reported compiler-style:
    ///
    /// ```
    /// specs/api.yaml:9:3: warning: endpoint 'send': 'api.send(…)' is Service's own method; call it as api[endpoint: "send"](…) or api.call("send", …)
    /// ```
    /// `netspec validate` and `netspec list` print them on standard error; they never stop a spec
    /// from loading.
    public struct Warning: Sendable, Hashable, CustomStringConvertible {
        /// The spec's file name as given to the loader.
        public var file: String
        /// The 1-based line.
        public var line: Int
        /// The 1-based column.
        public var column: Int
        /// What the warning is about, with the endpoint it concerns.
        public var message: String

        /// Creates a warning.
        public init(file: String, line: Int, column: Int, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }

        /// `file:line:column: warning: message`.
        public var description: String { "\(file):\(line):\(column): warning: \(message)" }
    }

    /// The names of ``Service``'s own public members. `api.send(…)` calls the member, so an
    /// endpoint with one of these names is called as `api[endpoint: "send"](…)` or
    /// `api.call("send", …)`, and the loader warns about it. (A test checks this list against
    /// `Service`'s declarations.)
    public static let serviceMemberNames: Set<String> = ["call", "prepare", "send", "spec", "provider", "allPages", "allItems", "events", "lines", "bytes", "connect", "logIn", "logOut", "auth"]

    /// The warning for an endpoint named like one of ``serviceMemberNames``, or `nil`; every front end uses it.
    static func shadowingWarning(endpoint name: String) -> String? {
        guard serviceMemberNames.contains(name) else { return nil }
        return "endpoint '\(name)': 'api.\(name)' is Service's own member, not this endpoint; "
            + "call it as api[endpoint: \"\(name)\"](…) or api.call(\"\(name)\", …)"
    }
}

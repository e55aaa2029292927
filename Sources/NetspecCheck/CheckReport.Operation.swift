extension CheckReport {
    /// One operation of a run: what was sent to it and which checks it failed.
    public struct Operation: Sendable, Hashable {
        /// The operation's name (its `operationId`, or the name Netspec gives it).
        public var name: String
        /// `GET`, `POST`…
        public var method: String
        /// The path template, as the document writes it (``Checker/documentPath(of:)``).
        public var path: String
        /// The requests sent.
        public var requests: Int
        /// The checks it failed, in report order.
        public var failedChecks: [CheckName]

        /// Creates an operation's line.
        public init(name: String, method: String, path: String, requests: Int, failedChecks: [CheckName]) {
            self.name = name
            self.method = method
            self.path = path
            self.requests = requests
            self.failedChecks = failedChecks
        }
    }
}

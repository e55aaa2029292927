extension CheckReport {
    /// One check an operation failed: the smallest request found that fails it, its answer, why,
    /// and how to send the request again.
    public struct Failure: Sendable, Hashable {
        /// The check.
        public var check: CheckName
        /// The operation's name.
        public var operation: String
        /// The phase whose case found it.
        public var phase: CheckPhase
        /// What is wrong, in one sentence.
        public var message: String
        /// Each violation of the document, `pointer: expectation (at schema position)`.
        public var violations: [String]
        /// The request as sent (`POST http://…/pets` and its body), credentials hidden.
        public var request: String
        /// The answer's status.
        public var status: Int
        /// The answer's header fields, `Name: value` each.
        public var responseHeaders: [String]
        /// The start of the answer's body, as text.
        public var responseBody: String
        /// A `netspec call …` command that sends the request again.
        public var reproduceWithNetspec: String
        /// A `curl …` command that sends the request again.
        public var reproduceWithCurl: String
        /// Whether the time limit (`--time-limit`) stopped shrinking the request: a smaller one
        /// may fail too.
        public var shrinkingCutShort = false

        /// Creates a failure.
        public init(
            check: CheckName, operation: String, phase: CheckPhase, message: String, violations: [String], request: String, status: Int,
            responseHeaders: [String], responseBody: String, reproduceWithNetspec: String, reproduceWithCurl: String
        ) {
            self.check = check
            self.operation = operation
            self.phase = phase
            self.message = message
            self.violations = violations
            self.request = request
            self.status = status
            self.responseHeaders = responseHeaders
            self.responseBody = responseBody
            self.reproduceWithNetspec = reproduceWithNetspec
            self.reproduceWithCurl = reproduceWithCurl
        }
    }
}

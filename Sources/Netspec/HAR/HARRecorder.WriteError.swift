extension HARRecorder {
    /// A recording that could not be written: `cannot write the recording calls.har: Permission denied`.
    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file.
        public let file: String
        /// Why, as the system says it.
        public let reason: String

        /// The sentence.
        public var description: String { "cannot write the recording \(file): \(reason)" }
    }
}

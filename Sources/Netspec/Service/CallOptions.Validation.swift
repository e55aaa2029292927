extension CallOptions {
    /// What a call does with the document's schemas: for requests, before anything is sent
    /// (``CallOptions/requestValidation``); for responses, once the body is read
    /// (``CallOptions/responseValidation``, ``Provider/Options/Validation``).
    public enum Validation: Sendable, Hashable {
        /// No check.
        case off
        /// Check, log each violation (``Provider/Options/Logging/logger``, level `warning`), keep them on
        /// the ``Response/violations``, and go on.
        case warn
        /// Check and throw: a ``CallError/argument(_:)`` naming every problem with the
        /// arguments before anything is sent; a ``CallError/decoding(_:)`` carrying every
        /// violation of a response.
        case strict
    }
}

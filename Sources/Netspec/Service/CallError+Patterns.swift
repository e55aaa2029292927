// The catch clauses people write, compiling as written (docs/swift.md, "Catch clauses that
// compile"). A TransportError's kind and an error's reason are open structs, not enums (a
// transport or a later version can add one without breaking a `switch`), so a pattern such as
// `.transport(.timeout)` is an expression pattern and needs a `~=` that compares the kind: these
// operators are that, one per error whose cases have a kind, a reason or a status. And
// cancellation reaches a `do` block two ways — `CallError.transport(.cancelled)` from a call,
// `CancellationError` from `Task.sleep` or any other `try` — so one pattern matches both:
// `catch CallError.cancellation`, the kind `.cancelled` matched against any error.

extension TransportError {
    /// Whether a transport error is of a kind: `catch CallError.transport(.timeout)`,
    /// `catch .transport(.cancelled)` in a `do throws(CallError)` block.
    public static func ~= (kind: Kind, error: TransportError) -> Bool {
        error.kind == kind
    }
}

extension CallError.HTTPStatusError {
    /// Whether the server answered with a status: `catch CallError.status(404)`.
    public static func ~= (status: Int, error: CallError.HTTPStatusError) -> Bool {
        error.status == status
    }

    /// Whether the server answered with a status in a range: `catch CallError.status(500...)`,
    /// `catch CallError.status(400..<500)`.
    public static func ~= <Statuses: RangeExpression<Int>>(statuses: Statuses, error: CallError.HTTPStatusError) -> Bool {
        statuses.contains(error.status)
    }
}

extension CallError.ArgumentError {
    /// Whether the arguments failed for a reason: `catch CallError.argument(.missing)`.
    public static func ~= (reason: Reason, error: CallError.ArgumentError) -> Bool {
        error.reason == reason
    }
}

extension CallError.ConfigurationError {
    /// Whether the setup failed for a reason: `catch CallError.configuration(.unsetVariable)`,
    /// `catch .configuration(.spec)` for a spec that did not load (``Service/init(loading:provider:)``).
    public static func ~= (reason: Reason, error: CallError.ConfigurationError) -> Bool {
        error.reason == reason
    }
}

extension TransportError.Kind {
    /// Whether any error says a call ended with this kind, a `CancellationError` being
    /// `.cancelled` (``Swift/Error/callError``): what ``CallError/cancellation`` and
    /// ``CallError/timeout`` match with.
    public static func ~= (kind: TransportError.Kind, error: any Error) -> Bool {
        if case let .transport(transport)? = error.callError { transport.kind == kind } else { false }
    }
}

extension CallError {
    /// Matches a cancelled task however the cancellation arrived — a call's
    /// `CallError.transport(.cancelled)` or a `CancellationError` from `Task.sleep` or any other
    /// `try` — in one clause: `catch CallError.cancellation { return }`.
    public static let cancellation = TransportError.Kind.cancelled

    /// Matches a call that timed out: `catch CallError.timeout`, the same as
    /// `catch CallError.transport(.timeout)`.
    public static let timeout = TransportError.Kind.timeout
}

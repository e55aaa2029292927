#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// What an app shows: `error.localizedDescription` is the error's own message (not "The operation
// could not be completed. (Netspec.CallError error 2.)"), in a SwiftUI alert as in a log, and a
// remedy worded for Swift where there is one. And the questions an app asks of any error a call
// threw, without a cast: the `CallError` inside it, its HTTP status, whether it was a timeout or a
// cancellation (a `CancellationError` too, whichever way the task was stopped).

extension CallError: LocalizedError {
    /// The error's message, as ``description`` says it.
    public var errorDescription: String? { description }

    /// What a Swift program can do about it, where there is something: set a variable with
    /// `Provider(variables:)`, give the call more time, trust the server's certificate authority.
    public var recoverySuggestion: String? {
        switch self {
        case let .configuration(error):
            guard error.reason == .unsetVariable, let variable = error.variable else { return nil }
            return "Set \(variable) with Provider(variables: [\"\(variable)\": …]) or in the environment."
        case let .status(error) where error.status == 401 || error.status == 403:
            return "Check the credentials the spec's auth sends (the variables it names, set with Provider(variables:))."
        case let .transport(error):
            return error.recoverySuggestion
        default:
            return nil
        }
    }
}

extension TransportError: LocalizedError {
    /// The error's message, as ``description`` says it.
    public var errorDescription: String? { message }

    /// What a Swift program can do about it, where there is something.
    public var recoverySuggestion: String? {
        switch kind {
        case .timeout: "Give the call more time with CallOptions(timeout:), or the provider's timeouts.request."
        case .unknownIssuer, .selfSignedCertificate: "Trust the server's certificate authority with Provider.Options(tls: TLSSettings(caFile:))."
        case .clientCertificateRequired: "Give a client certificate with Provider.Options(tls: TLSSettings(clientCertificate:))."
        default: nil
        }
    }
}

extension SpecError: LocalizedError {
    /// The error's diagnostic, `file:line:column: error: message`, as ``description`` says it.
    public var errorDescription: String? { description }
}

extension Error {
    /// The ``CallError`` this error is, or says (a ``TransportError`` as `.transport`, a
    /// `CancellationError` as `.transport(.cancelled)`); `nil` for other errors.
    public var callError: CallError? {
        switch self {
        // The mapping a call's own errors take (CallError.wrapping), for the kinds that are a call's.
        case is CallError, is TransportError, is CancellationError: CallError.wrapping(self)
        default: nil
        }
    }

    /// The HTTP status of a call the server answered with a status that is not 2xx.
    public var httpStatus: Int? {
        if case let .status(error)? = callError { error.status } else { nil }
    }

    /// Whether the call timed out.
    public var isTimeout: Bool {
        if case let .transport(error)? = callError { error.kind == .timeout } else { false }
    }

    /// Whether the call was cancelled: a `CancellationError` from wherever the task was, or a
    /// ``TransportError`` of kind `.cancelled` — one check for both.
    public var isCancellation: Bool {
        if case let .transport(error)? = callError { error.kind == .cancelled } else { false }
    }
}

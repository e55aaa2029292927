#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import NetspecModel

/// A value that can be passed as an argument of a call, by label: `api.getUser(id: userID)`.
///
/// Strings, integers, floating-point numbers, Booleans, `Data`, `URL` (a file URL becomes a file
/// upload, any other URL its text), ``JSONValue``, ``Argument``, and arrays, dictionaries and
/// optionals of these conform. Make your own `Encodable` types conform with an empty extension to
/// pass them directly; they are encoded at call time with the encoder the spec names:
/// ```swift
/// extension User: ArgumentConvertible {}
/// try await api.createUser(user)
/// ```
public protocol ArgumentConvertible: Sendable {
    /// The argument this value stands for.
    func makeArgument() throws -> Argument
}

extension ArgumentConvertible where Self: Encodable {
    /// Encodes the value to JSON when the call is made.
    public func makeArgument() throws -> Argument { .encodable(self) }
}

extension Argument: ArgumentConvertible {
    /// The argument itself.
    public func makeArgument() -> Argument { self }
}

extension JSONValue: ArgumentConvertible {
    /// The value as a JSON argument.
    public func makeArgument() -> Argument { .value(self) }
}

extension String: ArgumentConvertible {
    /// A string argument.
    public func makeArgument() -> Argument { .value(.string(self)) }
}

extension Substring: ArgumentConvertible {
    /// A string argument.
    public func makeArgument() -> Argument { .value(.string(String(self))) }
}

extension Bool: ArgumentConvertible {
    /// A Boolean argument.
    public func makeArgument() -> Argument { .value(.bool(self)) }
}

extension Int: ArgumentConvertible {
    /// An integer argument.
    public func makeArgument() -> Argument { .value(.int(self)) }
}

extension Int64: ArgumentConvertible {
    /// An integer argument.
    public func makeArgument() -> Argument { .value(.int(Int(self))) }
}

extension Int32: ArgumentConvertible {
    /// An integer argument.
    public func makeArgument() -> Argument { .value(.int(Int(self))) }
}

extension UInt: ArgumentConvertible {
    /// An integer argument; values above `Int.max` become a `Double`.
    public func makeArgument() -> Argument { Int(exactly: self).map { .value(.int($0)) } ?? .value(.double(Double(self))) }
}

extension Double: ArgumentConvertible {
    /// A number argument.
    public func makeArgument() -> Argument { .value(.double(self)) }
}

extension Float: ArgumentConvertible {
    /// A number argument.
    public func makeArgument() -> Argument { .value(.double(Double(self))) }
}

extension Data: ArgumentConvertible {
    /// A bytes argument.
    public func makeArgument() -> Argument { .data(self) }
}

extension URL: ArgumentConvertible {
    /// A file to upload for a file URL; the URL's text otherwise.
    public func makeArgument() -> Argument { isFileURL ? .file(self) : .value(.string(absoluteString)) }
}

extension Date: ArgumentConvertible {
    /// ISO 8601 text in UTC, `2026-11-22T10:00:00Z` (with milliseconds when the date has them),
    /// as the spec's `Date` type expects.
    public func makeArgument() -> Argument { .value(.string(ISO8601.text(secondsSince1970: timeIntervalSince1970))) }
}

extension Optional: ArgumentConvertible where Wrapped: ArgumentConvertible {
    /// The wrapped value's argument, or null.
    public func makeArgument() throws -> Argument {
        switch self {
        case let .some(value): try value.makeArgument()
        case .none: .value(.null)
        }
    }
}

extension Array: ArgumentConvertible where Element: ArgumentConvertible {
    /// An array argument.
    public func makeArgument() throws -> Argument {
        Argument.makeArray(try map { try $0.makeArgument() })
    }
}

extension Dictionary: ArgumentConvertible where Key == String, Value: ArgumentConvertible {
    /// A dictionary argument, with keys sorted (a Swift dictionary has no order).
    public func makeArgument() throws -> Argument {
        Argument.makeDictionary(try sorted { $0.key < $1.key }.map { (key: $0.key, value: try $0.value.makeArgument()) })
    }
}

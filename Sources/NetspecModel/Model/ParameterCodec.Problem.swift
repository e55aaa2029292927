/// Why a value cannot be written by its parameter's codec (or read back), and the text a codec
/// writes a value as: what the model's form bodies (`MediaRendering`) and the binding stage's
/// writers and readers (`ParameterCodec+Write.swift`, `+Read.swift` in Netspec) share.
extension ParameterCodec {
    /// Why a value cannot be written (or read), without the endpoint and parameter, which the
    /// caller names (the binding stage makes it a `CallError.ArgumentError` of the same reason).
    package struct Problem: Error, Sendable, Hashable {
        /// The kinds of problem a codec finds: the two `CallError.ArgumentError.Reason`s it can give.
        package enum Reason: Sendable, Hashable {
            /// The value cannot be written where the parameter goes (a `..` path segment, a
            /// delimiter inside a joined item, …).
            case invalidValue
            /// The text read back is not of the parameter's type.
            case wrongType
        }

        package let reason: Reason
        package let message: String
        /// For text that is not of its type (``ParameterCodec/convert(_:to:)``): the text and the
        /// type, so that the message can name the type in the parameter's words.
        package var wrongText: WrongText?

        package struct WrongText: Sendable, Hashable {
            package let text: String
            package let type: ValueType

            package init(text: String, type: ValueType) {
                self.text = text
                self.type = type
            }
        }

        package init(_ reason: Reason, _ message: String) {
            self.reason = reason
            self.message = message
        }
    }
}

extension JSONValue {
    /// The value as text in a URL, a header or a form: strings as they are, numbers and Booleans
    /// as JSON writes them, arrays and objects as compact JSON.
    package var text: String {
        switch self {
        case let .string(value): value
        case let .int(value): String(value)
        case let .bool(value): value ? "true" : "false"
        case .null: ""
        default: description
        }
    }

    /// The scalars a style writes, in order: an array's elements, an object's names and values in
    /// turn, or the value itself; nulls left out.
    package var styledItems: [JSONValue] {
        switch self {
        case let .array(items): items.filter { !$0.isNull }
        case let .object(object): object.filter { !$0.value.isNull }.flatMap { [JSONValue.string($0.key), $0.value] }
        default: [self]
        }
    }
}

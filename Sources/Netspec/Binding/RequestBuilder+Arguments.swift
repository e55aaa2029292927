#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// Checking an argument against its parameter's type and turning it into a ``BoundValue``.
extension RequestBuilder {
    /// `argument` checked against `type`, as a bound value; `Encodable` values are encoded with
    /// `encoder`, or the built-in encoder when it is `nil`. The argument is taken over: its value
    /// moves into the bound value without a copy.
    func bind(_ argument: consuming Argument, to type: ValueType, parameter: Parameter, encoder: JSONEncoder?) throws(CallError.ArgumentError) -> BoundValue {
        switch consume argument {
        case let .value(value):
            return try bind(value, to: type, parameter: parameter)
        case let .data(data):
            // A `URL` to upload may also be given as its bytes (a mock server reads a file part back so).
            let uploads = type.unwrapped == .url && (parameter.location == .body || parameter.location == .part)
            guard [.data, .json].contains(type.unwrapped) || uploads else {
                throw error(parameter, .wrongType, "expected \(parameter.typeName(type)), got Data (\(data.count) bytes)")
            }
            return .bytes([UInt8](data))
        case let .file(url):
            return try bindFile(url, to: type, parameter: parameter)
        case let .fileRange(url, range):
            return try bindFile(url, range: range, to: type, parameter: parameter)
        case let .array(items):
            guard case let .array(element) = type.unwrapped else {
                throw error(parameter, .wrongType, "expected \(parameter.typeName(type)), got an array")
            }
            var bound: [BoundValue] = []
            for item in items { bound.append(try bind(item, to: element, parameter: parameter, encoder: encoder)) }
            return .array(bound)
        case let .dictionary(entries):
            let element: ValueType
            switch type.unwrapped {
            case let .dictionary(value): element = value
            case .json, .model: element = .json
            default: throw error(parameter, .wrongType, "expected \(parameter.typeName(type)), got a dictionary")
            }
            var bound: [(key: String, value: BoundValue)] = []
            for entry in entries { bound.append((entry.key, try bind(entry.value, to: element, parameter: parameter, encoder: encoder))) }
            return .object(bound)
        case let .encodable(value):
            return try bind(encode(value, parameter: parameter, encoder: encoder), to: type, parameter: parameter)
        case .reserved:
            // A top-level one is taken apart before (RequestBuilder.value(of:argument:encoder:)).
            throw error(parameter, .wrongType, "text with reserved characters kept (.reserved) is a whole path or query value, not an element of an array or a dictionary")
        }
    }

    private func bind(_ value: consuming JSONValue, to type: ValueType, parameter: Parameter) throws(CallError.ArgumentError) -> BoundValue {
        // Without checking the document (`--no-validate`), its declared type is not checked either:
        // the value is sent as given, JSON as JSON (a document may say `string` where the server
        // takes an object). A Netspec spec's type is the client's own, and still holds.
        let checksType = parameter.documentSchema == nil || context.requestValidation != .off
        if value.isNull {
            guard type.isOptional || type == .json || parameter.isNullable || !checksType else {
                throw error(parameter, .nilForNonOptional, "nil given, but the parameter is not optional (\(parameter.typeName(type)))")
            }
            return .json(.null)
        }
        if let problem = type.conformanceError(of: value) {
            if !checksType { return .json(value) }
            let message = type.unwrapped == .date && value.string != nil
                ? "\(ValueType.dateExpectation), got \(value.argumentDescription)"
                : problem.hasPrefix("expected ")
                ? "expected \(parameter.typeName(type)), got \(value.argumentDescription)"
                : "the value does not fit \(parameter.typeName(type)): \(problem)"
            throw error(parameter, .wrongType, message)
        }
        switch type.unwrapped {
        case .int:
            // -2^63 as a `Double` is a literal below `Int.min` (`-9223372036854775809`; `Int.min`
            // itself reads as an `Int`): kept, so that `format: int64` refuses it.
            if case let .double(number) = value, number != -0x1p63, let int = Int(exactly: number) { return .json(.int(int)) }
        case .data:
            if case let .string(text) = value { return .bytes(Array(text.utf8)) }
        case .url:
            if case let .string(text) = value, parameter.location == .body || parameter.location == .part {
                throw error(parameter, .wrongType, "expected a file URL to upload, got the string \(JSONValue.string(text)) (pass .file(URL(fileURLWithPath: …)))")
            }
        default:
            break
        }
        return .json(value)
    }

    /// A range of a file, for a whole body or a part: checked to lie within the file.
    private func bindFile(_ url: URL, range: Range<Int>, to type: ValueType, parameter: Parameter) throws(CallError.ArgumentError) -> BoundValue {
        let uploads = parameter.location == .body || parameter.location == .part
        guard [.url, .data].contains(type.unwrapped), url.isFileURL, uploads else {
            throw error(parameter, .wrongType, "a range of a file can only be sent as a whole body or a multipart part (\(parameter.name) is \(type) in \(parameter.location))")
        }
        let size: Int
        do {
            size = try FileBytes.regularFileSize(path: url.path)
        } catch {
            throw self.error(parameter, .unreadableFile, "cannot read '\(url.path)': \(error.message)")
        }
        guard range.lowerBound >= 0, !range.isEmpty else {
            throw error(parameter, .invalidValue, "the range \(range.lowerBound)..<\(range.upperBound) of '\(url.path)' is empty")
        }
        guard range.upperBound <= size else {
            throw error(parameter, .invalidValue, "the range \(range.lowerBound)..<\(range.upperBound) is past the end of '\(url.path)' (\(size) bytes)")
        }
        return .fileRange(path: url.path, offset: range.lowerBound, length: range.count)
    }

    private func bindFile(_ url: URL, to type: ValueType, parameter: Parameter) throws(CallError.ArgumentError) -> BoundValue {
        let base = type.unwrapped
        guard base == .url || base == .data else {
            throw error(parameter, .wrongType, "expected \(parameter.typeName(type)), got the file \(url.path)")
        }
        guard url.isFileURL else {
            if base == .url { return .json(.string(url.absoluteString)) }
            throw error(parameter, .wrongType, "expected a file URL, got \(url.absoluteString)")
        }
        let uploads = parameter.location == .body || parameter.location == .part
        if base == .url, !uploads { return .json(.string(url.absoluteString)) }
        let size: Int
        do {
            size = try FileBytes.regularFileSize(path: url.path)
        } catch {
            throw self.error(parameter, .unreadableFile, "cannot read '\(url.path)': \(error.message)")
        }
        if uploads { return .file(path: url.path, size: size) }
        // A Data field in JSON or form: the file's bytes are needed in memory.
        do {
            return .bytes(try FileBytes.contents(ofFile: url.path, limit: 64 * 1024 * 1024))
        } catch {
            throw self.error(parameter, .unreadableFile, "cannot read '\(url.path)': \(error.message)")
        }
    }

    /// Encodes an `Encodable` argument with the endpoint's named encoder, or the built-in one when
    /// `encoder` is `nil` and the spec names none. An encoder the spec names (`encoder:`) that is
    /// not registered on the provider is an error here, where it would be used: a call whose
    /// arguments are all plain values (the command line's always are) does not need it.
    private func encode(_ value: any Encodable & Sendable, parameter: Parameter, encoder: JSONEncoder?) throws(CallError.ArgumentError) -> JSONValue {
        if encoder == nil, let name = endpoint.encoderName {
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .configuration,
                message: "the spec names encoder '\(name)', but none is registered on the provider (Provider(encoders: [\"\(name)\": …]))"
            )
        }
        do {
            if let encoder { return try JSONValue(encoding: value, using: encoder) }
            return try JSONValue(encoding: value)
        } catch {
            throw self.error(parameter, .wrongType, "cannot encode \(type(of: value)): \(error)")
        }
    }
}

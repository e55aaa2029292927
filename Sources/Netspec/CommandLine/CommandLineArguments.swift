#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// Turns command-line items (and piped standard input) into the arguments of a call, converting
/// text to each parameter's declared type.
package enum CommandLineArguments {
    /// The most bytes read from one `@file` item, and what a command line should read from piped
    /// standard input: 64 MiB. Bigger uploads go through `Data` parameters, which stream.
    package static let inputSizeLimit = 64 * 1024 * 1024

    /// Whether ``make(items:endpoint:standardInput:)`` would use piped standard input: the endpoint
    /// has an unlabelled parameter `_`, or a JSON or form (`application/x-www-form-urlencoded`)
    /// body of fields (the whole body may be piped in; named items merge over its members), and no
    /// item gives `_`. A command line reads its standard input only then — and for a multipart body
    /// of parts, which takes no whole body: `make` refuses piped input there rather than drop it.
    package static func usesStandardInput(items: [CommandLineItem], endpoint: Endpoint) -> Bool {
        (takesWholeBody(endpoint) || takesPartsOnly(endpoint)) && !items.contains { $0.name == "_" && $0.isArgument }
    }

    /// Whether piped standard input is the endpoint's `_`, or the whole body of its JSON or form fields.
    private static func takesWholeBody(_ endpoint: Endpoint) -> Bool {
        endpoint.parameter(named: "_") != nil
            || (endpoint.encoding == .json || endpoint.encoding == .form) && endpoint.parameters.contains { $0.location == .field }
    }

    /// Whether the endpoint's body is multipart parts given one by one, with no `_` to pipe into.
    private static func takesPartsOnly(_ endpoint: Endpoint) -> Bool {
        endpoint.parameter(named: "_") == nil && endpoint.parameters.contains { $0.location == .part }
    }

    /// Piped input for a multipart body of parts: refused, saying what to give instead.
    private static func refusingPipedParts(_ endpoint: Endpoint) -> CallError.ArgumentError {
        let parts = endpoint.parameters.filter { $0.location == .part }.map(\.name).joined(separator: ", ")
        return CallError.ArgumentError(
            endpoint: endpoint.name, parameter: nil, reason: .invalidValue,
            message: "standard input is piped in, but a multipart/form-data body is not taken whole: give its parts"
                + " as items (NAME=VALUE, NAME@FILE for a file; its parts: \(parts)), or pass --ignore-stdin to leave standard input unread"
        )
    }

    /// The undeclared query items (`name==value`) and headers (`Name:value`) among the items, in
    /// order, as HTTPie and Snowdrop's `_queryItems` allow.
    ///
    /// - Throws: ``CallError/CallError.ArgumentError`` when such an item names a declared parameter (it must be given as
    ///   `name=value`, so that its type and location apply), or a header name is invalid.
    package static func extras(
        items: [CommandLineItem], endpoint: Endpoint
    ) throws(CallError.ArgumentError) -> (queryItems: [(name: String, value: String)], headers: [(name: String, value: String)]) {
        var queryItems: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)] = []
        for item in items where !item.isArgument {
            let isHeader = item.kind == .header
            let declared = endpoint.parameters.first { parameter in
                parameter.name == item.name || parameter.location == (isHeader ? .header : .query)
                    && (isHeader ? parameter.wireName.lowercased() == item.name.lowercased() : parameter.wireName == item.name)
            }
            if let declared {
                throw CallError.ArgumentError(
                    endpoint: endpoint.name, parameter: declared.name, reason: .invalidValue,
                    message: "'\(item)' names a parameter the spec declares; write \(declared.name)=\(item.value)"
                        + " (\(isHeader ? "Name:value" : "name==value") is for \(isHeader ? "headers" : "query items") the spec does not declare)"
                )
            }
            if isHeader { headers.append((item.name, item.value)) } else { queryItems.append((item.name, item.value)) }
        }
        return (queryItems, headers)
    }

    /// The arguments for an endpoint.
    ///
    /// - Parameters:
    ///   - items: the parsed items, in order; repeating a name builds an array for an array parameter.
    ///   - endpoint: the endpoint called.
    ///   - standardInput: piped bytes for the unlabelled parameter `_`, used when no `_` item is given
    ///     (``usesStandardInput(items:endpoint:)``); refused for a multipart body of parts.
    ///   - requestValidation: `.off` (`--no-validate`): text that does not fit the type a document
    ///     declares is sent as the text, and such a parameter given twice as an array of them.
    ///   - reserved: the parameters whose values keep reserved characters (`--allow-reserved NAME`):
    ///     their arguments are ``Argument/reserved(_:)``.
    /// - Throws: ``CallError/CallError.ArgumentError`` naming the parameter: text that does not fit its type, invalid
    ///   JSON, an unreadable file, or a non-array parameter given twice (a name no parameter has is
    ///   passed on, for the call to report as unknown); piped input for a multipart body of parts.
    package static func make(
        items: [CommandLineItem], endpoint: Endpoint, standardInput: [UInt8]? = nil, requestValidation: CallOptions.Validation = .strict,
        reserved: [String] = []
    ) throws(CallError.ArgumentError) -> [String: Argument] {
        var order: [String] = []
        var grouped: [String: [CommandLineItem]] = [:]
        for item in items where item.isArgument {
            if grouped[item.name] == nil { order.append(item.name) }
            grouped[item.name, default: []].append(item)
        }
        var arguments: [String: Argument] = [:]
        var problems: [CallError.ArgumentError] = []
        for name in order {
            let group = grouped[name]!
            let parameter = endpoint.parameter(named: name)
            let converter = Converter(
                endpoint: endpoint, parameter: parameter, name: name,
                checksType: parameter?.documentSchema == nil || requestValidation != .off
            )
            do {
                arguments[name] = try converter.argument(for: group)
            } catch {
                problems.append(error)
                // What else the text breaks (an enum it is not in): a type error does not hide it.
                if error.reason == .wrongType, group.count == 1, group[0].kind == .text, let parameter = converter.parameter {
                    problems += RequestBuilder.schemaProblems(ofText: group[0].value, parameter: parameter, endpoint: endpoint)
                }
            }
        }
        // Every item that cannot be converted, at once; a schema the call is checked against that
        // cannot be compiled first, as the builder, not reached, would say it (the document is invalid).
        if !problems.isEmpty {
            if requestValidation != .off {
                let reported = Set(problems.filter { $0.reason == .invalidSchema }.compactMap(\.parameter))
                let compile = RequestBuilder.compileProblems(of: endpoint, given: Set(order), besides: reported)
                problems = compile + problems.filter { $0.reason == .invalidSchema } + problems.filter { $0.reason != .invalidSchema }
            }
            throw CallError.ArgumentError.combining(problems, endpoint: endpoint.name)
        }
        if let standardInput, arguments["_"] == nil, usesStandardInput(items: items, endpoint: endpoint) {
            guard takesWholeBody(endpoint) else { throw refusingPipedParts(endpoint) }
            // Without a `_` parameter, the JSON body of the endpoint's fields (see RequestBuilder+WholeBody).
            arguments["_"] = try Converter(endpoint: endpoint, parameter: endpoint.parameter(named: "_"), name: "_", checksType: true).standardInput(standardInput)
        }
        for name in reserved { try reserve(name, in: &arguments, endpoint: endpoint) }
        return arguments
    }

    /// `--allow-reserved NAME`: the text item of `NAME` as ``Argument/reserved(_:)``.
    private static func reserve(_ name: String, in arguments: inout [String: Argument], endpoint: Endpoint) throws(CallError.ArgumentError) {
        func error(_ message: String) -> CallError.ArgumentError {
            CallError.ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .invalidValue, message: "--allow-reserved \(name): " + message)
        }
        guard let parameter = endpoint.parameter(named: name) else {
            let hint = Suggestions.hint(for: name, in: endpoint.parameters.filter { $0.location == .path || $0.location == .query }.map(\.name))
            throw error("the endpoint has no such parameter\(hint)")
        }
        guard let key = [parameter.name, parameter.alias].compactMap({ $0 }).first(where: { arguments[$0] != nil }), let argument = arguments[key] else {
            throw error("no item gives it (write \(name)=VALUE too)")
        }
        guard case let .value(value) = argument, !value.isContainer, !value.isNull else {
            throw error("its value must be text, got \(argument)")
        }
        arguments[key] = .reserved(value.text)
    }

    /// Converts the items of one name.
    private struct Converter {
        let endpoint: Endpoint
        let parameter: Parameter?
        let name: String
        /// Whether text must fit the declared type (not for a document's parameter under `--no-validate`).
        let checksType: Bool

        /// The declared type; unknown names are passed on as text (the call reports them).
        var type: ValueType { parameter?.type ?? .json }

        /// The argument the items give; made of text items only, it is typed by the document's
        /// schema as the mock server types what it reads (``Parameter/typingText(_:)``).
        func argument(for items: [CommandLineItem]) throws(CallError.ArgumentError) -> Argument {
            let argument = try untypedArgument(for: items)
            guard let parameter, items.allSatisfy({ $0.kind == .text }), case let .value(value) = argument else { return argument }
            let typed = parameter.typingText(value)
            if typed != value { try refuseLostDigits(items, typedAs: typed, from: value) }
            return .value(typed)
        }

        /// Text the document's schema types as a number (`integer` where a string is not allowed):
        /// an item whose text became a number a Double changes is refused as ``convert(_:as:)`` refuses it.
        private func refuseLostDigits(_ items: [CommandLineItem], typedAs typed: JSONValue, from value: JSONValue) throws(CallError.ArgumentError) {
            switch (value, typed) {
            case (.string, _) where items.count == 1:
                try refuseLostDigits(items[0], becoming: typed)
            case let (.array(texts), .array(values)) where texts.count == items.count && values.count == items.count:
                for index in items.indices where texts[index].string != nil {
                    try refuseLostDigits(items[index], becoming: values[index])
                }
            default:
                break
            }
        }

        private func untypedArgument(for items: [CommandLineItem]) throws(CallError.ArgumentError) -> Argument {
            if case let .array(element) = type.unwrapped {
                // One item holding a whole JSON array sets the array; otherwise each item is an element.
                if items.count == 1, items[0].kind == .json, case let .value(value) = try convert(items[0], as: .json), case .array = value {
                    return .value(value)
                }
                var elements: [Argument] = []
                for item in items { elements.append(try convert(item, as: element)) }
                return Argument.makeArray(elements)
            }
            guard items.count == 1 else {
                // A name no parameter has (a misspelling) is the builder's to report, as unknown,
                // however often it is given; `_` is the whole body, one value.
                let isUnknown = parameter == nil && name != "_"
                guard !checksType || isUnknown else { throw error(.invalidValue, "given \(items.count) times, but it is not an array (\(typeName(type)))") }
                var elements: [Argument] = []
                for item in items { elements.append(try convert(item, as: type)) }
                return Argument.makeArray(elements)
            }
            return try convert(items[0], as: type)
        }

        /// An integer literal wider than 64 bits that a Double does not keep exactly would be sent as
        /// another number: refused, saying which (JSONValue+BigIntegers.swift). Only where the item's
        /// text becomes a number (`value`, what it is sent as, holds one): text a `String` parameter
        /// takes is sent as it is, digits and all (`iccid=89014103211118510720`). A raw JSON item's
        /// literal, or that of text read as JSON (a model), may be anywhere in it
        /// (`body:={"n": 123456789012345678901234567890}`).
        private func refuseLostDigits(_ item: CommandLineItem, becoming value: JSONValue) throws(CallError.ArgumentError) {
            guard value.holdsNumber else { return }
            let text = item.value.trimmingSpacesAndNewlines
            let loss = item.kind == .json || value.isContainer
                ? JSONValue.firstIntegerLiteralLoss(inJSON: text)
                : JSONValue.integerLiteralLoss(text).map { (literal: text, sent: $0) }
            guard let (literal, sent) = loss else { return }
            throw error(.invalidValue, "\(literal) has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as \(sent) (\(item))")
        }

        /// An integer literal that fits `Int` but not a Double exactly (past 2^53), which a
        /// number parameter sends as its digits: as a Double, `9007199254740993` went out as
        /// `9007199254740992.0` (JSON's numbers are not floats; the document's `number` takes it).
        static func integerPastDouble(_ text: String) -> Int? {
            guard JSONValue.isIntegerLiteral(text), let value = Int(text), value.magnitude > 1 << 53 else { return nil }
            return value
        }

        func standardInput(_ bytes: [UInt8]) throws(CallError.ArgumentError) -> Argument {
            switch type.unwrapped {
            case .data, .url:
                return .data(Data(bytes))
            case .string:
                guard let text = String(validating: bytes, as: UTF8.self) else { throw error(.wrongType, "standard input is not UTF-8 text") }
                return .value(.string(text))
            default:
                do {
                    return .value(try JSONValue(parsing: bytes))
                } catch {
                    throw self.error(.wrongType, "standard input is not valid JSON (\(error))")
                }
            }
        }

        private func convert(_ item: CommandLineItem, as type: ValueType) throws(CallError.ArgumentError) -> Argument {
            try refuseTextForFile(item, as: type)
            switch item.kind {
            case .text:
                // `null` is nil here; a mock server reading a request (where nil is never sent) keeps it as text.
                if item.value == "null", type.isOptional { return .value(.null) }
                if case .double = type.unwrapped, let exact = Self.integerPastDouble(item.value.trimmingSpacesAndNewlines) { return .value(.int(exact)) }
                guard let argument = type.argument(fromText: item.value) else {
                    guard checksType else { return .value(.string(item.value)) }
                    throw error(.wrongType, "'\(item.value)' is not \(expectedText(type.unwrapped)) (\(item))")
                }
                // Digits are refused only where the text became a number (Int, Double, a model's JSON).
                if case let .value(value) = argument { try refuseLostDigits(item, becoming: value) }
                return argument
            case .json:
                let value: JSONValue
                do {
                    value = try JSONValue(parsing: item.value)
                } catch {
                    throw self.error(.wrongType, "invalid JSON in '\(item)': \(error)")
                }
                try refuseLostDigits(item, becoming: value)
                return .value(value)
            case .file:
                let url = URL(fileURLWithPath: item.value)
                switch type.unwrapped {
                case .data, .url:
                    if let (path, range) = try fileRange(item.value) { return .fileRange(URL(fileURLWithPath: path), range) }
                    return .file(url)
                case .string:
                    let bytes = try read(item.value)
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        throw error(.unreadableFile, "'\(item.value)' is not UTF-8 text")
                    }
                    return .value(.string(text))
                case .int, .double, .bool, .date:
                    let bytes = try read(item.value)
                    let text = String(decoding: bytes, as: UTF8.self).trimmingSpacesAndNewlines
                    guard let value = type.unwrapped.value(fromText: text) else {
                        guard checksType else { return .value(.string(text)) }
                        throw error(.wrongType, "the content of '\(item.value)' is not \(expectedText(type.unwrapped))")
                    }
                    return .value(value)
                default:
                    let bytes = try read(item.value)
                    do {
                        return .value(try JSONValue(parsing: bytes))
                    } catch {
                        throw self.error(.wrongType, "'\(item.value)' is not valid JSON (\(error))")
                    }
                }
            case .query, .header:
                // Taken apart by `extras(items:endpoint:)` before arguments are made.
                throw error(.invalidValue, "'\(item)' is not an argument")
            }
        }

        /// `type` as messages name it (the document's words for a parameter a document declares).
        private func typeName(_ type: ValueType) -> String {
            parameter?.typeName(type) ?? type.description
        }

        private func expectedText(_ type: ValueType) -> String {
            parameter?.expectedText(type) ?? type.expectedText
        }

        /// `data.bin#0-1048575`: a file and an inclusive byte range (as HTTP's `Range` writes it);
        /// `nil` for a plain path, or when the whole text names an existing file.
        private func fileRange(_ text: String) throws(CallError.ArgumentError) -> (String, Range<Int>)? {
            guard let hash = text.lastIndex(of: "#"), hash > text.startIndex else { return nil }
            let bounds = text[text.index(after: hash)...].split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), bounds.allSatisfy({ $0.allSatisfy(\.isASCII) }),
                  !FileBytes.isRegularFile(text) else { return nil }
            guard first <= last else {
                throw error(.invalidValue, "the byte range \(first)-\(last) in '\(text)' ends before it starts")
            }
            return (String(text[..<hash]), first..<(last + 1))
        }

        private func read(_ path: String) throws(CallError.ArgumentError) -> [UInt8] {
            do {
                return try FileBytes.contents(ofFile: path, limit: CommandLineArguments.inputSizeLimit)
            } catch {
                throw self.error(.unreadableFile, "cannot read '\(path)': \(error.message)")
            }
        }

        /// A `URL` body or part is a file to upload: text (`doc=/path`, or a JSON string) is not one,
        /// and is refused in the command line's words, the item that reads the file (`doc@/path`),
        /// where a Swift call is told to pass `.file(URL(fileURLWithPath: …))`.
        private func refuseTextForFile(_ item: CommandLineItem, as type: ValueType) throws(CallError.ArgumentError) {
            guard type.unwrapped == .url, let parameter, parameter.location == .body || parameter.location == .part else { return }
            let text: String
            switch item.kind {
            case .text where !(item.value == "null" && type.isOptional): text = item.value
            case .json:
                guard case let .string(string)? = try? JSONValue(parsing: item.value) else { return }
                text = string
            default: return
            }
            let fileItem = CommandLineItem(name: item.name, kind: .file, value: text)
            throw error(.wrongType, "expected a file to upload, got the text \(JSONValue.string(text)) in '\(item)' (give the file as \(fileItem))")
        }

        private func error(_ reason: CallError.ArgumentError.Reason, _ message: String) -> CallError.ArgumentError {
            CallError.ArgumentError(endpoint: endpoint.name, parameter: name, reason: reason, message: message)
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpacesAndNewlines: String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

extension JSONValue {
    /// Whether the value is a number or holds one at any depth.
    fileprivate var holdsNumber: Bool {
        switch self {
        case .int, .double: true
        case .null, .bool, .string: false
        case let .array(items): items.contains { $0.holdsNumber }
        case let .object(object): object.contains { $0.value.holdsNumber }
        }
    }
}

extension CommandLineItem {
    /// Whether the item is an argument of a parameter (`=`, `:=`, `@`), not an undeclared query
    /// item or header.
    var isArgument: Bool { kind != .query && kind != .header }
}

import HTTPTypes
import Logging
import NetspecModel

/// Responses checked against the document's schema for their status and media type, when the
/// call asks (``CallOptions/responseValidation``, else ``Provider/Options/Validation/responses``).
extension Service {
    /// The schema a response is to be checked against, compiled, and how (from the call's
    /// options); `nil` when validation is off or the document declares no schema for the
    /// response's status and media type. A schema that cannot be compiled is an invalid
    /// document, thrown whether the call warns or is strict (``compiled(_:what:endpoint:)``).
    func responseCheck(for response: TransportResponse, endpoint: Endpoint, options: CallOptions) throws -> ResponseCheck? {
        let validation = CallSettings.responseValidation(call: options, provider: provider)
        guard validation != .off,
              let entry = endpoint.responses.schema(status: response.status, mediaType: response.headerFields[.contentType]), let reference = entry.schema else { return nil }
        let what = "the response (\(response.status), \(entry.mediaType))"
        let schema = try compiled(reference, what: what, endpoint: endpoint)
        return ResponseCheck(schema: schema, what: what, validation: validation)
    }

    /// The violations of a response's document (see ``responseCheck(for:endpoint:options:)``),
    /// logged (`.warn`) or thrown (`.strict`).
    ///
    /// - Parameter isValid: The yes-or-no answer when it is known already (the document was
    ///   checked while it was parsed).
    func validateResponse(_ document: JSONValue, isValid: Bool?, check: ResponseCheck, endpoint: Endpoint) throws -> [JSONSchema.Violation] {
        try report(document, against: check.schema, isValid: isValid, what: check.what, endpoint: endpoint, validation: check.validation)
    }

    /// The check of a stream's items (each JSON line, each event's JSON `data`), when the call
    /// validates responses and the document declares a schema for the status and media type: its
    /// `itemSchema`, else its `schema` (unless that only says the stream is a string). An event
    /// stream's `itemSchema` is checked against each whole event (``ServerSentEvent/itemValue``),
    /// as OpenAPI 3.2 says; its `schema` against each event's JSON `data`.
    func itemCheck(for response: TransportResponse, endpoint: Endpoint, options: CallOptions) -> StreamItemCheck? {
        let validation = CallSettings.responseValidation(call: options, provider: provider)
        guard validation != .off,
              let entry = endpoint.responses.schema(status: response.status, mediaType: response.headerFields[.contentType]),
              let reference = entry.itemSchema ?? entry.schema else { return nil }
        if entry.itemSchema == nil, reference.json == ["type": "string"] { return nil }
        let what = "the response (\(response.status), \(entry.mediaType))"
        var check = StreamItemCheck { value, item in
            _ = try self.check(value, against: reference, what: "\(item) of \(what)", endpoint: endpoint, validation: validation)
        }
        // OpenAPI 3.2's itemSchema of an event stream describes the whole event, not its data.
        check.checksWholeEvents = entry.itemSchema != nil && entry.mediaType == "text/event-stream"
        return check
    }

    /// The violations of one value (a response, or a stream's item) against `reference`, logged
    /// (`.warn`) or thrown (`.strict`).
    func check(
        _ value: JSONValue, against reference: ModelSchema, what: String, endpoint: Endpoint, validation: CallOptions.Validation
    ) throws -> [JSONSchema.Violation] {
        let schema = try compiled(reference, what: what, endpoint: endpoint)
        return try report(value, against: schema, isValid: nil, what: what, endpoint: endpoint, validation: validation)
    }

    /// `reference` compiled. One that cannot be is an invalid document, in either mode: the
    /// answer cannot be checked as asked, and is not passed as if it had been (a
    /// ``CallError/ConfigurationError`` of the reason `spec` naming the schema's problem and its
    /// place; the command line exits 65).
    private func compiled(_ reference: ModelSchema, what: String, endpoint: Endpoint) throws(CallError) -> JSONSchema {
        do {
            return try reference.compiled()
        } catch {
            throw .configuration(CallError.ConfigurationError(
                endpoint: endpoint.name, parameter: nil, reason: .spec,
                message: "\(what): its schema cannot be compiled, so it cannot be checked: \(error); read it unchecked without --validate (CallOptions(responseValidation: .off))"
            ))
        }
    }

    /// The value a response's check reads when parsing the body did not give it (`parsed`, the
    /// result read): a text answer's text, as a JSON string (as the validating proxy checks a
    /// `text/plain` answer); a JSON result read whole; `nil` for bytes, or a result a key path
    /// selected from.
    static func responseDocument(_ parsed: JSONValue, reading: ResultShaper.Reading, keyPath: JSONValue.KeyPath?, type: ValueType) -> JSONValue? {
        if reading.isBinary { return nil }
        if reading.isText { return parsed }
        return keyPath == nil && type == .json ? parsed : nil
    }

    /// The violations of `value` against `schema`, logged (`.warn`) or thrown (`.strict`).
    private func report(
        _ value: JSONValue, against schema: JSONSchema, isValid: Bool?, what: String, endpoint: Endpoint, validation: CallOptions.Validation
    ) throws -> [JSONSchema.Violation] {
        // The yes-or-no pass first: it stops at the first failure and records nothing, so a valid
        // answer (the usual one) costs that alone; the violations are collected only for one that is not.
        if isValid ?? schema.isValid(value, direction: .response) { return [] }
        let violations = schema.validate(value, direction: .response)
        guard !violations.isEmpty else { return [] }
        if validation == .warn {
            for violation in violations {
                provider.options.logging.logger?.warning("endpoint '\(endpoint.name)': \(what): \(violation.description)")
            }
            return violations
        }
        let lines = violations.map { "\n  " + $0.description }.joined()
        var error = CallError.ResultDecodingError(
            endpoint: endpoint.name, keyPath: "",
            message: "\(what) breaks the document's schema (\(pluralized(violations.count, "violation"))):" + lines
        )
        error.violations = violations
        throw error
    }
}

/// How a response is to be checked: its schema, compiled, what to call it in messages, and
/// whether to warn or throw.
struct ResponseCheck {
    let schema: JSONSchema
    let what: String
    let validation: CallOptions.Validation
}

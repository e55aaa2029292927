import HTTPTypes
import Logging

/// Responses checked against the document's schema for their status and media type, when the
/// call asks (``CallOptions/responseValidation``, else ``Provider/Options/responseValidation``).
extension Service {
    /// The violations of a response read whole: empty when validation is off, the document
    /// declares no schema for the status and media type, or the body holds. `.warn` logs each;
    /// `.strict` throws them in a ``CallError/ResultDecodingError``.
    ///
    /// - Parameter parsed: The body already parsed as JSON, when it was; else it is parsed here
    ///   (when its media type is JSON).
    func validateResponse(
        _ response: TransportResponse, body: [UInt8], parsed: JSONValue?, endpoint: Endpoint, options: CallOptions
    ) throws -> [JSONSchema.Violation] {
        let validation = options.responseValidation ?? provider.options.responseValidation
        guard validation != .off, !endpoint.responseSchemas.isEmpty else { return [] }
        let contentType = response.headerFields[.contentType]
        guard let entry = endpoint.responseSchemas.matching(status: response.status, mediaType: contentType), let reference = entry.schema else { return [] }
        let value: JSONValue
        if let parsed {
            value = parsed
        } else if let json = try? JSONValue(parsing: body) {
            value = json
        } else {
            return []
        }
        return try check(value, against: reference, what: "the response (\(response.status), \(entry.mediaType))", endpoint: endpoint, validation: validation)
    }

    /// The violations of a response body read whole against the endpoint's schema for its status
    /// and media type, and where that schema is (`file:line:column`); empty when the document
    /// declares none for them or the body is not JSON. For a server checking what another sends
    /// (the mock's proxy): nothing is logged or thrown.
    package func responseViolations(
        status: Int, contentType: String?, body: [UInt8], endpoint: Endpoint
    ) -> (violations: [JSONSchema.Violation], schema: String?) {
        guard let entry = endpoint.responseSchemas.matching(status: status, mediaType: contentType), let reference = entry.schema,
              let schema = try? reference.compiled(), let value = try? JSONValue(parsing: body) else { return ([], nil) }
        if schema.isValid(value, direction: .response) { return ([], reference.description) }
        return (schema.validate(value, direction: .response), reference.description)
    }

    /// The check of a stream's items (each JSON line, each event's JSON `data`), when the call
    /// validates responses and the document declares a schema for the status and media type: its
    /// `itemSchema`, else its `schema` (unless that only says the stream is a string).
    func itemCheck(for response: TransportResponse, endpoint: Endpoint, options: CallOptions) -> StreamItemCheck? {
        let validation = options.responseValidation ?? provider.options.responseValidation
        guard validation != .off, !endpoint.responseSchemas.isEmpty,
              let entry = endpoint.responseSchemas.matching(status: response.status, mediaType: response.headerFields[.contentType]),
              let reference = entry.itemSchema ?? entry.schema else { return nil }
        if entry.itemSchema == nil, reference.json == ["type": "string"] { return nil }
        let what = "the response (\(response.status), \(entry.mediaType))"
        return StreamItemCheck { value, item in
            _ = try self.check(value, against: reference, what: "\(item) of \(what)", endpoint: endpoint, validation: validation)
        }
    }

    /// The violations of one value (a response, or a stream's item) against `reference`, logged
    /// (`.warn`) or thrown (`.strict`).
    func check(
        _ value: JSONValue, against reference: ModelSchema, what: String, endpoint: Endpoint, validation: CallOptions.Validation
    ) throws -> [JSONSchema.Violation] {
        let schema: JSONSchema
        do {
            schema = try reference.compiled()
        } catch {
            let message = "\(what): its schema cannot be compiled: \(error)"
            if validation == .warn {
                provider.options.logger?.warning("endpoint '\(endpoint.name)': \(message)")
                return []
            }
            throw CallError.ResultDecodingError(endpoint: endpoint.name, keyPath: "", message: message)
        }
        // The yes-or-no pass first: it stops at the first failure and records nothing, so a valid
        // answer (the usual one) costs that alone; the violations are collected only for one that is not.
        if schema.isValid(value, direction: .response) { return [] }
        let violations = schema.validate(value, direction: .response)
        guard !violations.isEmpty else { return [] }
        if validation == .warn {
            for violation in violations {
                provider.options.logger?.warning("endpoint '\(endpoint.name)': \(what): \(violation.description)")
            }
            return violations
        }
        let lines = violations.map { "\n  " + $0.description }.joined()
        var error = CallError.ResultDecodingError(
            endpoint: endpoint.name, keyPath: "",
            message: "\(what) breaks the document's schema (\(Self.count(violations.count))):" + lines
        )
        error.violations = violations
        throw error
    }

    private static func count(_ number: Int) -> String {
        number == 1 ? "1 violation" : "\(number) violations"
    }
}

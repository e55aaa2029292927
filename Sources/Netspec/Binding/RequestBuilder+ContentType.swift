import HTTPTypes
import NetspecModel

/// The `Content-Type` of a JSON body: one the operation accepts. A document lists the types a
/// body may be sent as (Swagger's `consumes`, an OpenAPI `requestBody`'s `content`): Kubernetes'
/// PATCH operations take `application/json-patch+json`, `application/merge-patch+json`,
/// `application/strategic-merge-patch+json` and `application/apply-patch+yaml`, not
/// `application/json`. The body picks one (an array is a JSON Patch, RFC 6902); the call may
/// choose another the operation lists (`Content-Type:` on the command line, ``CallOptions/headers``).
extension Endpoint {
    /// The type a JSON body goes out under when the call chooses none: with no JSON type listed
    /// (a Netspec spec, `*/*`), `application/json`; an array, `application/json-patch+json` where
    /// it is listed; anything else, the first JSON type listed that is not JSON Patch (Kubernetes'
    /// PATCH: `application/merge-patch+json`), else the first JSON type listed.
    package func jsonContentType(isArray: Bool) -> String {
        let listed = requestMediaTypes.filter(MediaType.isJSON)
        if isArray, let patch = listed.first(where: MediaType.isJSONPatch) { return patch }
        return listed.first { !MediaType.isJSONPatch($0) } ?? listed.first ?? Endpoint.BodyEncoding.json.mediaType
    }

    /// The listed types a JSON body may go as: JSON ones, and YAML ones (JSON text is YAML too:
    /// Kubernetes' `application/apply-patch+yaml`), in the document's order.
    package var jsonBodyMediaTypes: [String] {
        requestMediaTypes.filter { MediaType.isJSON($0) || MediaType.isYAML($0) }
    }

    /// Whether the body is written as JSON by the binder, under ``jsonContentType(isArray:)``: JSON
    /// fields, or a whole body by the JSON encoding without a media type of its own.
    package var writesJSONBody: Bool {
        for parameter in parameters {
            switch (parameter.location, parameter.codec) {
            case (.field, _): return encoding == .json
            case let (.body, .body(body)): return body.encoding == .json && body.mediaType == nil
            case (.body, _): return encoding == .json
            default: continue
            }
        }
        return false
    }
}

extension MediaType {
    /// Whether a type is JSON Patch (RFC 6902), which is an array of operations.
    static func isJSONPatch(_ type: String) -> Bool {
        base(of: type) == "application/json-patch+json"
    }

    /// Whether a type is YAML (`application/yaml`, `text/yaml`, a `+yaml` type), of which JSON text is a part.
    package static func isYAML(_ type: String) -> Bool {
        let base = base(of: type)
        return ["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"].contains(base) || base.hasSuffix("+yaml")
    }
}

extension RequestBuilder {
    /// The `Content-Type` the call sets itself (`-H`, a `Content-Type:` item, ``CallOptions/headers``), if any.
    var chosenContentType: String? {
        context.extraHeaders.last { $0.name.lowercased() == "content-type" }?.value
    }

    /// The type a JSON body `value` goes out under: the call's choice, else the endpoint's for the value.
    func jsonContentType(for value: JSONValue) -> String {
        if let chosen = chosenContentType { return chosen }
        if case .array = value { return endpoint.jsonContentType(isArray: true) }
        return endpoint.jsonContentType(isArray: false)
    }

    /// Refuses a `Content-Type` the call sets that the operation does not list (unless the call
    /// sends without checking the document, `--no-validate`), and, for a body written as JSON,
    /// one that is not JSON or YAML (JSON text is YAML too: Kubernetes' `application/apply-patch+yaml`).
    /// For a multipart body, one that is not `multipart/…` (unless `--no-validate`), and, always,
    /// one naming a boundary other than the body's (``checkChosenBoundary(_:of:)``).
    /// A `Content-Type` header parameter the document declares is its own say, not checked here.
    func checkChosenContentType(body: PreparedRequest.Body) throws(CallError.ArgumentError) {
        guard let chosen = chosenContentType, !body.isEmpty else { return }
        let anyway = "; send it anyway with --no-validate (CallOptions(requestValidation: .off))"
        if case let .multipart(multipart) = body {
            try checkChosenBoundary(chosen, of: multipart)
            if context.requestValidation != .off, !MediaType.base(of: chosen).hasPrefix("multipart/") {
                throw CallError.ArgumentError(
                    endpoint: endpoint.name, parameter: nil, reason: .invalidValue,
                    message: "Content-Type '\(chosen)': the body is written as multipart/form-data parts, so it goes as a multipart type\(anyway)"
                )
            }
        }
        guard !endpoint.requestMediaTypes.isEmpty, context.requestValidation != .off else { return }
        let type = MediaType.base(of: chosen)
        let listed = endpoint.requestMediaTypes.joined(separator: ", ")
        guard endpoint.requestMediaTypes.contains(where: { MediaType.covers(MediaType.base(of: $0), type) }) else {
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .invalidValue,
                message: "Content-Type '\(chosen)' is not one the operation accepts (\(listed))\(anyway)"
            )
        }
        if endpoint.writesJSONBody, !MediaType.isJSON(type), !MediaType.isYAML(type) {
            let choices = endpoint.jsonBodyMediaTypes.isEmpty ? "" : ": " + endpoint.jsonBodyMediaTypes.joined(separator: ", ")
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .invalidValue,
                message: "Content-Type '\(chosen)': the body is written as JSON, so it goes as a JSON or YAML type the operation accepts\(choices)\(anyway)"
            )
        }
    }

    /// A multipart body is delimited by the boundary Netspec draws for it (random, so that no
    /// part's content holds it: RFC 2046 §5.1.1), which its `Content-Type` must name (RFC 7578
    /// §4.1): a `Content-Type` the call sets without a boundary gets the body's
    /// (``withBodyBoundary(_:current:)``, as curl does), and one naming another boundary is
    /// refused, even with `--no-validate` — the server could not find the parts.
    func checkChosenBoundary(_ chosen: String, of body: PreparedRequest.Multipart) throws(CallError.ArgumentError) {
        guard let given = MediaType.parameter("boundary", in: chosen), given != body.boundary else { return }
        throw CallError.ArgumentError(
            endpoint: endpoint.name, parameter: nil, reason: .invalidValue,
            message: "Content-Type '\(chosen)': the boundary '\(given)' is not the one the parts are delimited by;"
                + " leave boundary= out, and Netspec adds the body's own"
        )
    }

    /// The call's `Content-Type` `chosen` for a body whose `Content-Type` (`current`) names a
    /// boundary: a `multipart/…` type that names none gets that boundary after its own parameters
    /// (`multipart/form-data; charset=utf-8; boundary=netspec-…`); any other is as given.
    func withBodyBoundary(_ chosen: String, current: String?) -> String {
        guard let current, let boundary = MediaType.parameter("boundary", in: current),
              MediaType.base(of: chosen).hasPrefix("multipart/"), MediaType.parameter("boundary", in: chosen) == nil else { return chosen }
        var type = chosen.trimmingSpaces()
        while type.hasSuffix(";") { type = String(type.dropLast()).trimmingSpaces() }
        return type + "; boundary=" + PreparedRequest.Multipart.parameterValue(boundary)
    }
}

extension RequestBuilder {
    /// Whether a whole JSON body goes out as a JSON Patch (RFC 6902): it is then checked as one,
    /// not against the document's body schema, which describes the patched object where the
    /// document has one schema for every type (Swagger 2.0; Kubernetes' `Patch` is `type: object`).
    /// A body a mock server received is one when its `Content-Type` says so, whatever its shape
    /// (an array sent as `application/merge-patch+json` is a merge patch, checked by the schema).
    func isJSONPatch(_ value: JSONValue) -> Bool {
        if chosenContentType == nil, let received = context.receivedContentType { return MediaType.isJSONPatch(received) }
        return MediaType.isJSONPatch(jsonContentType(for: value))
    }

    /// This builder checking a request received with the body's `Content-Type` `contentType`
    /// (``BindingContext/receivedContentType``).
    func receiving(contentType: String) -> RequestBuilder {
        var context = context
        context.receivedContentType = contentType
        var builder = RequestBuilder(endpoint: endpoint, baseURL: baseURL, context: context)
        builder.previewing = previewing
        return builder
    }

    /// How a JSON Patch body breaks RFC 6902: an array of operations, each an object with `op`
    /// (`add`, `remove`, `replace`, `move`, `copy` or `test`) and `path`, `value` for `add`,
    /// `replace` and `test`, `from` for `move` and `copy`.
    func jsonPatchProblems(_ value: JSONValue) -> [CallError.ArgumentError] {
        guard let schema = Self.jsonPatchSchema else { return [] }
        return schema.validate(value, direction: .request).map { violation in
            let subject = violation.instancePath.isEmpty ? "the body " : "the body's \(violation.instancePath) "
            let got = JSONPointer.tokens(violation.instancePath).flatMap { value.at(pointer: $0) }.flatMap(Self.shortDescription)
            var error = CallError.ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .schemaViolation,
                message: subject + violation.message + (got.map { ", got \($0)" } ?? "") + " (a JSON Patch, RFC 6902, as its Content-Type application/json-patch+json says)"
            )
            error.violation = violation
            return error
        }
    }

    /// RFC 6902 §4's operations as a JSON Schema.
    private static let jsonPatchSchema: JSONSchema? = try? JSONSchema([
        "type": "array",
        "items": [
            "type": "object",
            "required": ["op", "path"],
            "properties": [
                "op": ["enum": ["add", "remove", "replace", "move", "copy", "test"]],
                "path": ["type": "string"],
                "from": ["type": "string"],
            ],
            "allOf": [
                ["if": ["properties": ["op": ["enum": ["add", "replace", "test"]]]], "then": ["required": ["value"]]],
                ["if": ["properties": ["op": ["enum": ["move", "copy"]]]], "then": ["required": ["from"]]],
            ],
        ],
    ])
}

package import HTTPTypes
package import NetspecModel

// What in a server's answer breaks the operation's document: a status it does not declare, a
// media type it does not list, a required header missing or a header's value its schema refuses,
// a body that is not the JSON its schema describes. For a server that checks another's answers
// (the mock's validating proxy) and for the mock's own answers (its conformance test): nothing
// is logged or thrown, the violations are returned. A call's response validation
// (`Service+Validation.swift`) checks the body only, as a client needs.

/// One way an answer breaks its operation's document.
package struct ResponseViolation: Sendable, Hashable, CustomStringConvertible {
    /// The header it is about, when it is about one.
    package var header: String?
    /// The line of a JSON-lines body it is about (from 1), when it is about one.
    package var line: Int?
    /// The JSON pointer into the body (or the header's value) it is about; `nil` when it is
    /// about the status or the media type.
    package var pointer: String?
    /// What the document expects, in plain words.
    package var message: String
    /// Where the document says it: the failing schema keyword's `file:line:column`, or the
    /// declared response's or header's.
    package var position: String

    /// The header that says what an answer breaks of the document: the mock server's and the
    /// validating proxy's, and an in-process mock's answer whose example breaks its schema.
    package static let headerField = HTTPField.Name("Netspec-Violations")!

    /// How many violations the header lists: a header of a few KiB at most, which every client
    /// reads (curl refuses a header line over 100 KiB; an answer with an error in each of 10,000
    /// items would make one of megabytes). The log line counts them all, a 502 lists them all.
    package static let headerLimit = 50

    /// The violation as the header lists it.
    package var json: JSONValue {
        var object: JSONObject = ["location": "response"]
        if let header { object["header"] = .string(header) }
        if let pointer { object["pointer"] = .string(pointer) }
        object["message"] = .string(message)
        object["schema"] = .string(position)
        return .object(object)
    }

    /// The ``headerField`` value: the violations as JSON, the first ``headerLimit`` and then
    /// one entry saying how many more there are.
    package static func headerValue(_ violations: [JSONValue]) -> String {
        guard violations.count > headerLimit else { return JSONValue.array(violations).asciiSerialized }
        let rest = violations.count - headerLimit
        let more: JSONValue = .object(["location": "response", "message": .string("and \(pluralized(rest, "more violation")) of the document, not listed here")])
        return JSONValue.array(Array(violations.prefix(headerLimit)) + [more]).asciiSerialized
    }

    /// `header X-Rate-Limit: must be an integer (at api.yaml:12:9)`, `/name must be a string (at …)`,
    /// `line 2 /id: must be an integer (at …)`.
    package var description: String {
        let subject = [header.map { "header \($0)" }, line.map { "line \($0)" }, pointer.flatMap { $0.isEmpty ? nil : $0 }].compactMap { $0 }.joined(separator: " ")
        return (subject.isEmpty ? "" : subject + ": ") + message + " (at \(position))"
    }
}

extension Endpoint {
    /// What the answer's head breaks: its status (when the document declares responses, one of
    /// them must cover it), its `Content-Type` (one of the matched response's media types, when
    /// it declares any; a missing one only when `bodyLength` says there is a body) and its
    /// headers (present when required; valid for their schemas).
    ///
    /// - Parameter bodyLength: the body's length when known (read, or `Content-Length`).
    package func headViolations(status: Int, headers: HTTPFields, bodyLength: Int?) -> [ResponseViolation] {
        guard responses.areDeclared, let first = responses.declared.first else { return [] }
        guard let declared = responses.matching(status: status) else {
            let statuses = responses.declared.map(\.status.description).joined(separator: ", ")
            return [ResponseViolation(message: "the status \(status) is not one the document declares (it declares \(statuses))", position: first.position)]
        }
        var violations: [ResponseViolation] = []
        if !declared.mediaTypes.isEmpty {
            let listed = declared.mediaTypes.joined(separator: ", ")
            if let contentType = headers[.contentType] {
                let base = MediaType.base(of: contentType)
                if !declared.mediaTypes.contains(where: { MediaType.covers($0, base) }) {
                    violations.append(ResponseViolation(
                        message: "the Content-Type '\(base)' is not one the document declares for \(declared.status) (\(listed))", position: declared.position
                    ))
                }
            } else if let bodyLength, bodyLength > 0 {
                violations.append(ResponseViolation(message: "the body has no Content-Type; the document declares \(listed) for \(declared.status)", position: declared.position))
            }
        }
        for header in declared.headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            let values = headers[values: name]
            guard !values.isEmpty else {
                if header.required {
                    violations.append(ResponseViolation(header: header.name, message: "is missing; the document requires it", position: header.position))
                }
                continue
            }
            guard let schema = try? header.schema?.compiled() else { continue }
            let value = Self.headerValue(values.joined(separator: header.listSeparator), of: header, schema: schema)
            for violation in schema.validate(value, direction: .response) {
                violations.append(ResponseViolation(
                    header: header.name, pointer: violation.instancePath, message: violation.message,
                    position: violation.schemaLocation.isEmpty ? header.position : violation.schemaLocation
                ))
            }
        }
        return violations
    }

    /// The schema a body with this status and `Content-Type` is checked against, when it is
    /// checked: a JSON body, or `text/plain` read as a string, whose response declares a schema
    /// for it; never a stream (its items are not one value). `nil`: the body is not checked.
    package func bodySchema(status: Int, contentType: String?) -> ModelSchema? {
        guard let contentType else { return nil }
        let base = MediaType.base(of: contentType)
        guard MediaType.isJSON(base) || base == "text/plain",
              let entry = responses.schema(status: status, mediaType: base), let schema = entry.schema,
              entry.itemSchema == nil else { return nil }
        return schema
    }

    /// What the body breaks of `schema` (from ``bodySchema(status:contentType:)``): a JSON body
    /// that is not JSON, or its violations; a `text/plain` body as a string.
    package func bodyViolations(_ body: [UInt8], contentType: String?, schema reference: ModelSchema) -> [ResponseViolation] {
        guard let schema = try? reference.compiled() else { return [] }
        let violations: [JSONSchema.Violation]
        if MediaType.isJSON(MediaType.base(of: contentType ?? "")) {
            let value: JSONValue
            do {
                let (parsed, isValid) = try schema.parseChecking(body, direction: .response)
                if isValid { return [] }
                value = parsed
            } catch {
                return [ResponseViolation(pointer: "", message: "is not JSON: \(error)", position: reference.description)]
            }
            violations = schema.validate(value, direction: .response)
        } else {
            violations = schema.validate(.string(String(decoding: body, as: UTF8.self)), direction: .response)
        }
        return violations.map { violation in
            ResponseViolation(
                pointer: violation.instancePath, message: violation.message,
                position: violation.schemaLocation.isEmpty ? reference.description : violation.schemaLocation
            )
        }
    }

    /// The schema each line of a JSON-lines answer (`application/jsonl`, `application/x-ndjson`,
    /// `application/json-seq`, `application/x-jsonlines`) with this status is checked against,
    /// where the whole answer is read (`netspec check`; the validating proxy passes a stream on
    /// as it arrives, unchecked): its response's `itemSchema` (OpenAPI 3.2), else its `schema`
    /// unless that only says the stream is a string — as `netspec call --validate` checks a
    /// stream's items. `nil`: the lines are not checked.
    package func lineSchema(status: Int, contentType: String?) -> ModelSchema? {
        guard let contentType, MediaType.streamKind(contentType) == .lines,
              let entry = responses.schema(status: status, mediaType: MediaType.base(of: contentType)),
              let reference = entry.itemSchema ?? entry.schema else { return nil }
        if entry.itemSchema == nil, reference.json == ["type": "string"] { return nil }
        return reference
    }

    /// What each line of a JSON-lines body breaks of `schema` (from ``lineSchema(status:contentType:)``):
    /// a line that is not JSON, or its violations, each with its line (from 1). Blank lines, a
    /// line's CR and `json-seq`'s record separators are not items.
    package func lineViolations(_ body: [UInt8], schema reference: ModelSchema) -> [ResponseViolation] {
        guard let schema = try? reference.compiled() else { return [] }
        var violations: [ResponseViolation] = []
        for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var item = line[...]
            while let first = item.first, first == 0x1E || first == 0x20 || first == 0x09 { item = item.dropFirst() }
            while let last = item.last, last == 0x0D || last == 0x20 || last == 0x09 { item = item.dropLast() }
            guard !item.isEmpty else { continue }
            let value: JSONValue
            do {
                value = try JSONValue(parsing: Array(item))
            } catch {
                violations.append(ResponseViolation(line: index + 1, pointer: "", message: "is not JSON: \(error)", position: reference.description))
                continue
            }
            for violation in schema.validate(value, direction: .response) {
                violations.append(ResponseViolation(
                    line: index + 1, pointer: violation.instancePath, message: violation.message,
                    position: violation.schemaLocation.isEmpty ? reference.description : violation.schemaLocation
                ))
            }
        }
        return violations
    }

    /// A header's text as the value `header`'s schema describes: for a header described by a
    /// JSON media type (``DeclaredResponse/Header/isJSON``), the JSON it is (`{"limit":100}` an
    /// object), else, and for text that is not JSON, as the `simple` style writes it
    /// (``headerValue(_:schema:separator:)``). The mock's check of its own headers and the
    /// check of a server's (``headViolations(status:headers:bodyLength:)``) both read so.
    static func headerValue(_ text: String, of header: DeclaredResponse.Header, schema: JSONSchema) -> JSONValue {
        if header.isJSON, let value = try? JSONValue(parsing: Array(text.utf8)) { return value }
        return headerValue(text, schema: schema, separator: header.listSeparator)
    }

    /// A header's text as the value its schema describes (the `simple` style): the text itself,
    /// else the number, Boolean or null it spells, else its items split at `separator` (each
    /// typed alike); the first that is valid, else an object (``headerObjects(_:)``) that is,
    /// else the one of the others that breaks the fewest `type` keywords (so that `0` for an
    /// integer of minimum 1 is the integer 0, which is too small), then the fewest keywords.
    private static func headerValue(_ text: String, schema: JSONSchema, separator: String) -> JSONValue {
        let items = text.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        let candidates: [JSONValue] = [.string(text)] + (JSONValue.scalar(spelledBy: text).map { [$0] } ?? [])
            + [.array(items.map { .string($0) }), .array(items.map { JSONValue.scalar(spelledBy: $0) ?? .string($0) })]
        var best: (value: JSONValue, types: Int, count: Int)?
        for candidate in candidates {
            let violations = schema.validate(candidate, direction: .response)
            if violations.isEmpty { return candidate }
            let types = violations.count { $0.keyword == "type" }
            if best.map({ (types, violations.count) < ($0.types, $0.count) }) ?? true { best = (candidate, types, violations.count) }
        }
        if separator == ",", let object = headerObjects(items).first(where: { schema.validate($0, direction: .response).isEmpty }) {
            return object
        }
        return best!.value
    }

    /// The objects a `simple` header's items (split at `,`) may spell, as a header parameter's
    /// are written (``ParameterCodec/writeStyled(_:style:explode:name:to:encode:)``): names and
    /// values in turn (`R,100,G,200`), or `name=value` items (`R=100,G=200`, exploded); each with
    /// its values as text, then as the numbers or Booleans they spell.
    private static func headerObjects(_ items: [String]) -> [JSONValue] {
        var forms: [[(key: String, value: String)]] = []
        if items.count.isMultiple(of: 2) {
            forms.append(stride(from: 0, to: items.count, by: 2).map { (key: items[$0], value: items[$0 + 1]) })
        }
        if items.allSatisfy({ $0.contains("=") }) {
            forms.append(items.map { item in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (key: String(parts[0]), value: String(parts[1]))
            })
        }
        return forms.flatMap { members in
            [
                JSONValue.object(JSONObject(members.map { (key: $0.key, value: JSONValue.string($0.value)) })),
                JSONValue.object(JSONObject(members.map { (key: $0.key, value: JSONValue.scalar(spelledBy: $0.value) ?? .string($0.value)) })),
            ]
        }
    }
}

extension JSONValue {
    /// JSON text with every character outside ASCII escaped (`\u00e9`), so that it is a header value.
    package var asciiSerialized: String {
        var text = ""
        for scalar in String(decoding: serialized(), as: UTF8.self).unicodeScalars {
            if scalar.isASCII {
                text.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 { text += "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16) }
            }
        }
        return text
    }
}

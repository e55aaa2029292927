// Which mock answers a mocked request: the document's example for the status, else a body made
// from the document's schema for it (deterministic), or with a seed a drawn one (Prism's dynamic
// mode). One rule for both places that answer from mocks: `netspec call --mock` (Service+Call)
// and the mock server (NetspecMock).

/// Why an endpoint has no mock answer for what was asked.
package enum MockUnavailable: Error, Sendable, Hashable {
    /// No example and no JSON schema for the response.
    case noMock
    /// No mock has the status or the example name asked for, and no schema covers the status.
    case noMatch
    /// The response has a schema but no body could be made from it: why, with the schema's
    /// `file:line:column` (`the schema of the 200 response (application/json) at a.yaml:24:15
    /// cannot be compiled: …`).
    case schema(String)
    /// The response can be sent only in these media types, none of which the request's `Accept` takes.
    case notAcceptable([String])
}

extension Endpoint {
    /// The mock a mocked request is answered with.
    ///
    /// - `example` names an example (`Prefer: example=NAME`): that example as written (with
    ///   `status`, the one of that status), never a generated body.
    /// - An example that breaks the document's schema for its response is not answered: the
    ///   schema's value is, as for a response without an example.
    /// - Otherwise the response is the success one (`status` `nil`) or the one with `status`
    ///   (`Prefer: code=404`). Without `dynamicSeed`, its example answers; when it has none but the
    ///   document declares a JSON schema for it, the schema's deterministic value
    ///   (``JSONSchema/example()``: `example`, `examples`, `default`, `const`, the first `enum`,
    ///   then a value by type and format) serialized as JSON, with the schema's media type as
    ///   `Content-Type`. A status with no mock is answered from the schema that covers it (`4XX`,
    ///   `default`).
    /// - With `dynamicSeed`, a value drawn from the schema with that seed
    ///   (``JSONSchema/example(seed:)``) answers even when there is an example; a response
    ///   without a schema answers its example.
    ///
    /// Generated values leave out `writeOnly` properties and validate against the schema as a
    /// response (``SchemaDirection/response``).
    ///
    /// - Throws: ``MockUnavailable``: nothing to answer with, nothing that fits the preference,
    ///   or a schema that cannot be compiled or gives no value (saying which and where).
    /// - `accept` (a request's `Accept`) chooses among the media types the chosen response has
    ///   examples in (RFC 9110 §12.5.1); none acceptable is ``MockUnavailable/notAcceptable(_:)``.
    package func mockAnswer(
        status code: Int? = nil, example name: String? = nil, dynamicSeed seed: UInt64? = nil, accept: AcceptHeader? = nil
    ) throws(MockUnavailable) -> Mock {
        if let name {
            guard var chosen = mocks.first(where: { candidate in candidate.name == name && (code.map { candidate.covers($0) } ?? true) }) else {
                throw .noMatch
            }
            chosen = try negotiated(chosen, accept: accept, sameName: true)
            if let code { chosen.status = code }
            return chosen
        }
        // The status asked for: its own response, else the range that covers it (`4XX`), else
        // `default`; a range's or `default`'s answer carries the status asked for.
        var written = mock
        if let code {
            written = mocks.first { $0.statusPattern == nil && $0.status == code }
                ?? mocks.first { $0.statusPattern != nil && $0.statusPattern != "DEFAULT" && $0.covers(code) }
                ?? mocks.first { $0.statusPattern == "DEFAULT" }
        }
        if let chosen = written { written = try negotiated(chosen, accept: accept, sameName: false) }
        if let code { written?.status = code }
        // An example has a body, a `Content-Type` or messages; a declared status may have only
        // the response's headers, which a body made from the schema is sent with.
        let hasExample = written.map { mock in
            !mock.body.isEmpty || mock.messages != nil || mock.headers.contains { $0.name.lowercased() == "content-type" }
                || (mock.statusPattern == nil && !mock.headers.isEmpty && !responseSchemas.contains { $0.status == String(mock.status) })
        } ?? false
        // An example answers as written unless it breaks the document's own schema for it (the
        // document's mistake): then the schema's value answers, so every answer conforms.
        if seed == nil, hasExample, let written, !breaksSchema(written) { return written }

        // The response's JSON schema: of the mock's own status as written, else of what covers
        // the status asked for, else of the success response (the first 2xx, else `default`).
        let status: Int
        let entry: ResponseSchema?
        if let written {
            status = written.status
            let key = written.statusPattern ?? String(status)
            entry = responseSchemas.first { $0.status.uppercased() == key && Self.isGeneratable($0) }
        } else if let code {
            status = code
            entry = responseSchemas.matching(status: code, mediaType: "application/json").flatMap { Self.isGeneratable($0) ? $0 : nil }
        } else {
            let success = responseSchemas.first { $0.status.hasPrefix("2") }?.status ?? (responseSchemas.contains { $0.status == "default" } ? "default" : nil)
            entry = success.flatMap { success in responseSchemas.first { $0.status == success && Self.isGeneratable($0) } }
            status = success.flatMap { Int($0) ?? $0.first?.wholeNumberValue.map { $0 * 100 } } ?? 200
        }
        guard let entry, let reference = entry.schema else {
            // No schema: the example, or a status without a body, as written.
            if let written { return written }
            throw code == nil ? .noMock : .noMatch
        }
        let what = "the schema of the \(status) response (\(entry.mediaType))"
        let schema: JSONSchema
        do {
            schema = try reference.compiled()
        } catch {
            throw .schema("\(what) cannot be compiled: \(error)")
        }
        guard let value = schema.example(direction: .response, seed: seed) else {
            throw .schema("no value could be made from \(what) at \(reference.description)")
        }
        let contentType = Self.isJSON(entry.mediaType) ? entry.mediaType : "application/json"
        if let accept, accept.quality(of: contentType) == 0 { throw .notAcceptable([contentType]) }
        // The example's other headers go with the body made in its place; its `Content-Type` does not.
        let headers = (written?.headers ?? []).filter { $0.name.lowercased() != "content-type" }
        return Mock(
            status: status, headers: [Mock.MockHeader(name: "Content-Type", value: contentType)] + headers,
            body: Array(value.serialized()), mark: written?.mark ?? mark
        )
    }

    /// Whether an example's JSON body breaks the schema the document declares for its status and
    /// media type (one that cannot be compiled, or a body that is not JSON, does not count).
    private func breaksSchema(_ example: Mock) -> Bool {
        guard !responseSchemas.isEmpty, !example.body.isEmpty, let contentType = example.contentType, Self.isJSON(contentType),
              let entry = responseSchemas.matching(status: example.status, mediaType: contentType), let reference = entry.schema,
              let schema = try? reference.compiled(), let value = try? JSONValue(parsing: example.body) else { return false }
        return !schema.isValid(value, direction: .response)
    }

    /// Of the examples of `chosen`'s response (its status, and its name when `sameName`), the
    /// one in the media type `accept` takes most; a response without a body suits any `Accept`.
    private func negotiated(_ chosen: Mock, accept: AcceptHeader?, sameName: Bool) throws(MockUnavailable) -> Mock {
        guard let accept, let own = chosen.contentType else { return chosen }
        if accept.quality(of: own) > 0, !mocks.contains(where: { Self.isAlternative($0, of: chosen, sameName: sameName) && accept.quality(of: $0.contentType!) > accept.quality(of: own) }) {
            return chosen
        }
        let candidates = mocks.filter { $0 == chosen || Self.isAlternative($0, of: chosen, sameName: sameName) }
        guard let index = accept.best(of: candidates.map { $0.contentType! }) else {
            var types: [String] = []
            for type in candidates.compactMap(\.contentType) where !types.contains(type) { types.append(type) }
            throw .notAcceptable(types)
        }
        return candidates[index]
    }

    /// Whether `mock` is `chosen`'s response in another media type.
    private static func isAlternative(_ mock: Mock, of chosen: Mock, sameName: Bool) -> Bool {
        mock.status == chosen.status && mock.statusPattern == chosen.statusPattern && mock.contentType != nil
            && mock.contentType != chosen.contentType && (!sameName || mock.name == chosen.name)
    }

    /// Whether a response's body can be made from its schema: a JSON media type (or a
    /// wildcard, answered as `application/json`) with a `schema`.
    private static func isGeneratable(_ entry: ResponseSchema) -> Bool {
        entry.schema != nil && (isJSON(entry.mediaType) || entry.mediaType == "*/*" || entry.mediaType == "application/*")
    }

    private static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json")
    }
}

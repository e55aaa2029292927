// Which mock answers a mocked request: the document's example for the status, else a body made
// from the document's schema for it (deterministic), or with a seed a drawn one (Prism's dynamic
// mode). One rule for both places that answer from mocks: `netspec call --mock` (Service+Call)
// and the mock server (NetspecMock).

/// Why an endpoint has no mock answer for what was asked.
package enum MockUnavailable: Error, Sendable, Hashable {
    /// No example and no schema a body can be made from for the response.
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
    ///   document declares a schema for it, the schema's deterministic value
    ///   (``JSONSchema/example()``: `example`, `examples`, `default`, `const`, the first `enum`,
    ///   then a value by type and format) written in the schema's media type (JSON, a form, XML,
    ///   `text/plain`: ``MediaRendering``), which is its `Content-Type` (`application/json` for a
    ///   wildcard). A status with no mock is answered from the schema that covers it (`4XX`,
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
    ///   examples in, and those its schemas can make a body in (RFC 9110 §12.5.1; the example's
    ///   type, else JSON, else the document's first, among equals); none acceptable is
    ///   ``MockUnavailable/notAcceptable(_:)``. A type the schema's value cannot be written in
    ///   (an array as a form) is left out.
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
        // An example has a body, a `Content-Type` or messages; a declared status may have only
        // the response's headers, which a body made from the schema is sent with.
        let hasExample = written.map { mock in
            !mock.body.isEmpty || mock.messages != nil || mock.contentType != nil
                || (mock.statusPattern == nil && !mock.headers.isEmpty && !responseSchemas.contains { $0.status == String(code ?? mock.status) })
        } ?? false

        // The response's schemas a body can be made from: of the mock's own status as written,
        // else of what covers the status asked for, else of the success response (the first
        // 2xx, else `default`). JSON (and the wildcards, answered as JSON) first, then the other
        // types in the document's order.
        let status: Int
        var schemas: [ResponseSchema]
        if let written {
            status = code ?? written.status
            let key = written.statusPattern ?? String(written.status)
            schemas = responseSchemas.filter { $0.status.uppercased() == key && Self.isGeneratable($0) }
        } else if let code {
            status = code
            schemas = responseSchemas.mostSpecific(covering: code).filter(Self.isGeneratable)
            if let json = responseSchemas.matching(status: code, mediaType: "application/json"), let index = schemas.firstIndex(of: json) {
                schemas.insert(schemas.remove(at: index), at: 0)
            }
        } else {
            let success = responseSchemas.first { $0.status.hasPrefix("2") }?.status ?? (responseSchemas.contains { $0.status == "default" } ? "default" : nil)
            schemas = success.map { success in responseSchemas.filter { $0.status == success && Self.isGeneratable($0) } } ?? []
            status = success.flatMap { Int($0) ?? $0.first?.wholeNumberValue.map { $0 * 100 } } ?? 200
        }
        schemas = schemas.filter { MediaRendering.answersAsJSON($0.mediaType) } + schemas.filter { !MediaRendering.answersAsJSON($0.mediaType) }

        // What the response can be sent in: its examples by media type, the first one first
        // (the document's preferred type), then the types only its schema gives a body in.
        var offers: [Offer] = []
        if hasExample, let written, written.contentType != nil {
            for example in [written] + mocks.filter({ Self.isAlternative($0, of: written, sameName: false) }) {
                let type = example.contentType!
                guard !offers.contains(where: { $0.type == type }) else { continue }
                // Its schema: the same type's, or for JSON any JSON type's (`application/problem+json`, `*/*`).
                let entry = schemas.first { $0.mediaType == type }
                    ?? (MediaRendering.answersAsJSON(type) ? schemas.first { MediaRendering.answersAsJSON($0.mediaType) } : nil)
                offers.append(Offer(type: type, example: example, entry: entry))
            }
        }
        for entry in schemas {
            let type = MediaRendering(mediaType: entry.mediaType).contentType
            if !offers.contains(where: { $0.type == type || $0.entry == entry }) { offers.append(Offer(type: type, example: nil, entry: entry)) }
        }

        // The type `accept` takes most (the preferred one among equals). Its example answers as
        // written unless it breaks the document's own schema for it (the document's mistake):
        // then the schema's value answers, so every answer conforms. A type the schema's value
        // cannot be written in is not offered after all.
        while !offers.isEmpty {
            let index: Int
            if let accept {
                guard let best = accept.best(of: offers.map(\.type)) else { throw .notAcceptable(offers.map(\.type)) }
                index = best
            } else {
                index = 0
            }
            let offer = offers[index]
            var example = offer.example
            example?.status = status
            if seed == nil, let example, !breaksSchema(example) { return example }
            guard let entry = offer.entry, let reference = entry.schema else {
                // No schema for the type: the example as written.
                if let example { return example }
                offers.remove(at: index)
                continue
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
            let rendering = entry.writing
            guard let body = rendering.body(for: value) else {
                if let example { return example }
                offers.remove(at: index)
                continue
            }
            // Labelled with the schema's type (`application/json` for a wildcard), unless only
            // the example's is acceptable (a JSON type for another).
            let contentType = accept.map { $0.quality(of: rendering.contentType) == 0 } == true ? offer.type : rendering.contentType
            let declared = (written?.headers ?? []).filter { $0.name.lowercased() != "content-type" }
            return Mock(
                status: status, headers: [Mock.MockHeader(name: "Content-Type", value: contentType)] + declared,
                body: body, mark: written?.mark ?? mark, value: rendering.checkedValue(of: value)
            )
        }
        // Nothing a body can be made from: the example without a media type, or the status
        // without a body, as written.
        if var written {
            written.status = status
            return written
        }
        throw code == nil ? .noMock : .noMatch
    }

    /// A media type a response can be sent in: its example in that type, if any, and the schema
    /// a body can be made from in it, if any.
    private struct Offer {
        var type: String
        var example: Mock?
        var entry: ResponseSchema?
    }

    /// Whether an example's body breaks the schema the document declares for its status and
    /// media type: a JSON body, or the value a form or XML body was written from (a schema that
    /// cannot be compiled, or a body that is not JSON, does not count).
    private func breaksSchema(_ example: Mock) -> Bool {
        let hasValue = if case .some = example.value { true } else { false }
        guard !responseSchemas.isEmpty, !example.body.isEmpty, let contentType = example.contentType, hasValue || MediaType.isJSON(contentType),
              let entry = responseSchemas.matching(status: example.status, mediaType: contentType), let reference = entry.schema,
              let schema = try? reference.compiled(), let value = example.value ?? (try? JSONValue(parsing: example.body)) else { return false }
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

    /// Whether a response's body can be made from its schema: a `schema` in a media type a
    /// value can be written in (``MediaRendering/makesBodiesFromSchemas``: JSON, a wildcard
    /// answered as JSON, a form, XML, `text/plain`).
    private static func isGeneratable(_ entry: ResponseSchema) -> Bool {
        entry.schema != nil && entry.writing.makesBodiesFromSchemas
    }

}

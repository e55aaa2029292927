// Which mock answers a mocked request: the document's example for the status, else a body made
// from the document's schema for it (deterministic), or with a seed a drawn one (Prism's dynamic
// mode). One rule for both places that answer from mocks: `netspec call --mock` (Service+Call)
// and the mock server (NetspecMock).

import NetspecModel

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
    ///   `status`, the one of that status), never a generated body; what it breaks of its
    ///   schema in ``Mock/exampleViolations``.
    /// - An example that breaks the document's schema for its response is not answered: the
    ///   schema's value is, as for a response without an example, with what the example breaks
    ///   in ``Mock/exampleViolations``.
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
        let (mocks, successCount) = mocksAndSuccessCount
        if let name {
            guard var chosen = mocks.first(where: { candidate in candidate.name == name && (code.map { candidate.covers($0) } ?? true) }) else {
                throw .noMatch
            }
            chosen = try Self.negotiated(chosen, among: mocks, accept: accept, sameName: true)
            chosen.exampleViolations = MockAnswerRequest.violations(of: chosen, schemas: responses.schemas)
            if let code { chosen.status = code }
            return chosen
        }
        // The status asked for: the mock of the most specific status that covers it (its own
        // response, else the range that covers it, `4XX`, else `default`); a range's or
        // `default`'s answer carries the status asked for. Without one, the success response's.
        let written: Mock? = if let code { mocks.mostSpecific(covering: code).first } else { successCount > 0 ? mocks.first : nil }
        let schemas = responses.schemas
        let (status, generatable) = Self.answerSchemas(written: written, status: code, schemas: schemas)
        let offers = Self.offers(written: written, mocks: mocks, schemas: generatable)
        let request = MockAnswerRequest(status: status, seed: seed, accept: accept, written: written, mark: mark, schemas: schemas)
        if let answer = try request.answer(from: offers) { return answer }
        // Nothing a body can be made from: the example without a media type, or the status
        // without a body, as written.
        if var written {
            written.status = status
            written.exampleViolations = written.headerViolations
            return written
        }
        throw code == nil ? .noMock : .noMatch
    }

    /// The status an answer carries and the response's schemas a body can be made from: of the
    /// written mock's own status, else of what covers the status asked for, else of the success
    /// response (the first 2xx with a schema, else `default`). JSON (and the wildcards, answered
    /// as JSON) first, then the other types in the document's order.
    private static func answerSchemas(written: Mock?, status code: Int?, schemas all: [ResponseSchema]) -> (Int, [ResponseSchema]) {
        let status: Int
        var schemas: [ResponseSchema]
        if let written {
            status = code ?? written.status
            schemas = all.filter { $0.status == written.declaredStatus && isGeneratable($0) }
        } else if let code {
            status = code
            schemas = all.mostSpecific(covering: code).filter(isGeneratable)
            if let json = all.matching(status: code, mediaType: "application/json"), let index = schemas.firstIndex(of: json) {
                schemas.insert(schemas.remove(at: index), at: 0)
            }
        } else {
            let success = all.first { $0.status.isSuccess }?.status ?? (all.contains { $0.status == .default } ? .default : nil)
            schemas = success.map { success in all.filter { $0.status == success && isGeneratable($0) } } ?? []
            status = success.map { $0 == .default ? 200 : $0.representativeCode } ?? 200
        }
        return (status, schemas.filter { MediaRendering.answersAsJSON($0.mediaType) } + schemas.filter { !MediaRendering.answersAsJSON($0.mediaType) })
    }

    /// What the response can be sent in: its examples by media type, the first one first (the
    /// document's preferred type), then the types only its schema gives a body in.
    private static func offers(written: Mock?, mocks: [Mock], schemas: [ResponseSchema]) -> [MockOffer] {
        var offers: [MockOffer] = []
        // The written mock's examples, when it has a media type (a declared status without one
        // may have only the response's headers, which a body made from the schema is sent with).
        if let written, written.contentType != nil {
            for example in [written] + mocks.filter({ isAlternative($0, of: written, sameName: false) }) {
                guard let type = example.contentType, !offers.contains(where: { $0.type == type }) else { continue }
                // Its schema: the same type's, or for JSON any JSON type's (`application/problem+json`, `*/*`).
                let entry = schemas.first { $0.mediaType == type }
                    ?? (MediaRendering.answersAsJSON(type) ? schemas.first { MediaRendering.answersAsJSON($0.mediaType) } : nil)
                offers.append(MockOffer(type: type, example: example, entry: entry))
            }
        }
        for entry in schemas {
            let type = rendering(of: entry).contentType
            if !offers.contains(where: { $0.type == type || $0.entry == entry }) { offers.append(MockOffer(type: type, example: nil, entry: entry)) }
        }
        return offers
    }

    /// Of the examples of `chosen`'s response (its status, and its name when `sameName`), the
    /// one in the media type `accept` takes most; a response without a body suits any `Accept`.
    private static func negotiated(_ chosen: Mock, among mocks: [Mock], accept: AcceptHeader?, sameName: Bool) throws(MockUnavailable) -> Mock {
        guard let accept, let own = chosen.contentType else { return chosen }
        if accept.quality(of: own) > 0, !mocks.contains(where: { isAlternative($0, of: chosen, sameName: sameName) && accept.quality(of: $0.contentType!) > accept.quality(of: own) }) {
            return chosen
        }
        let candidates = mocks.filter { $0 == chosen || isAlternative($0, of: chosen, sameName: sameName) }
        guard let index = accept.best(of: candidates.map { $0.contentType! }) else {
            var types: [String] = []
            for type in candidates.compactMap(\.contentType) where !types.contains(type) { types.append(type) }
            throw .notAcceptable(types)
        }
        return candidates[index]
    }

    /// Whether `mock` is `chosen`'s response in another media type.
    static func isAlternative(_ mock: Mock, of chosen: Mock, sameName: Bool) -> Bool {
        mock.status == chosen.status && mock.pattern == chosen.pattern && mock.contentType != nil
            && mock.contentType != chosen.contentType && (!sameName || mock.name == chosen.name)
    }

    /// Whether a response's body can be made from its schema: a `schema` in a media type a
    /// value can be written in (``MediaRendering/makesBodiesFromSchemas``: JSON, a wildcard
    /// answered as JSON, a form, XML, a `text/*` type).
    private static func isGeneratable(_ entry: ResponseSchema) -> Bool {
        (entry.schema != nil && rendering(of: entry).makesBodiesFromSchemas) || MockStream.itemSchema(of: entry) != nil
    }

    /// How a value made from a response's schema is written in its media type.
    static func rendering(of entry: ResponseSchema) -> MediaRendering {
        MediaRendering(mediaType: entry.mediaType, layout: entry.content.layout)
    }
}

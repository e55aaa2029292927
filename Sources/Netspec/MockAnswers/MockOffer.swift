// The last step of answering a mocked request: of the media types the chosen response can be
// sent in (its examples', its schemas'), the one the request's Accept takes most, answered with
// its example, or with a value made from its schema when there is none, when the example breaks
// the schema, or when the answer is drawn (--dynamic).

import NetspecModel

/// A media type a response can be sent in: its example in that type, if any, and the schema a
/// body can be made from in it, if any.
struct MockOffer {
    /// The `Content-Type` it is answered with.
    var type: String
    /// Its example, if any.
    var example: Mock?
    /// The schema a body can be made from in it, if any.
    var entry: ResponseSchema?
}

/// What a mocked request asks of the answer, once the response is chosen.
struct MockAnswerRequest {
    /// The status the answer carries.
    var status: Int
    /// The seed of a drawn value (`nil`: examples answer, else the schema's deterministic value).
    var seed: UInt64?
    /// The request's `Accept`.
    var accept: AcceptHeader?
    /// The mock of the status asked for, whose headers a value made from a schema is sent with.
    var written: Mock?
    /// Where the endpoint is declared, for an answer without a mock of its own.
    var mark: Mark
    /// Every response schema of the endpoint.
    var schemas: [ResponseSchema]

    /// The answer from the offer `accept` takes most (the preferred one among equals). Its
    /// example answers as written unless it breaks the document's own schema for it (the
    /// document's mistake): then the schema's value answers, so every answer conforms. A type the
    /// schema's value cannot be written in is not offered after all. `nil` when no offer is left.
    ///
    /// - Throws: ``MockUnavailable/notAcceptable(_:)`` when `accept` takes none; a schema that
    ///   cannot be compiled or gives no value.
    func answer(from offers: [MockOffer]) throws(MockUnavailable) -> Mock? {
        var offers = offers
        while !offers.isEmpty {
            let index: Int
            if let accept {
                guard let best = accept.best(of: offers.map(\.type)) else { throw .notAcceptable(offers.map(\.type)) }
                index = best
            } else {
                index = 0
            }
            if let answer = try answer(from: offers[index]) { return answer }
            offers.remove(at: index)
        }
        return nil
    }

    /// The answer from one offer; `nil` when it has no example and its schema gives no body.
    private func answer(from offer: MockOffer) throws(MockUnavailable) -> Mock? {
        var example = offer.example
        example?.status = status
        if seed == nil, let written = example {
            let broken = Self.bodyViolations(of: written, schemas: schemas)
            example?.exampleViolations = written.headerViolations + broken
            if broken.isEmpty { return example }
        }
        // A sequential media type: a stream of items made from the schema of each.
        if let entry = offer.entry, let item = MockStream.itemSchema(of: entry) { return try stream(of: entry, item: item) }
        // No schema for the type: the example as written.
        guard let entry = offer.entry, let reference = entry.schema else { return example }
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
        let rendering = Endpoint.rendering(of: entry)
        guard let body = rendering.body(for: value) else { return example }
        // Labelled with the schema's type (`application/json` for a wildcard), unless only the
        // example's is acceptable (a JSON type for another).
        let contentType = accept.map { $0.quality(of: rendering.contentType) == 0 } == true ? offer.type : rendering.contentType
        let declared = (written?.headers ?? []).filter { $0.name.lowercased() != "content-type" }
        var made = Mock(
            status: status, headers: [Mock.MockHeader(name: "Content-Type", value: contentType)] + declared,
            body: body, mark: written?.mark ?? mark, value: rendering.checkedValue(of: value)
        )
        let exampleViolations = example?.exampleViolations ?? []
        made.exampleViolations = exampleViolations.isEmpty ? written?.headerViolations ?? [] : exampleViolations
        return made
    }

    /// A stream of ``MockStream/itemCount`` items made from the item schema of `entry`, framed as
    /// its media type frames them, with the headers the response declares.
    private func stream(of entry: ResponseSchema, item: (schema: ModelSchema, wholeEvents: Bool)) throws(MockUnavailable) -> Mock {
        let what = "the item schema of the \(status) response (\(entry.mediaType))"
        let schema: JSONSchema
        do {
            schema = try item.schema.compiled()
        } catch {
            throw .schema("\(what) cannot be compiled: \(error)")
        }
        guard let items = MockStream.items(of: schema, seed: seed) else {
            throw .schema("no value could be made from \(what) at \(item.schema.description)")
        }
        let declared = (written?.headers ?? []).filter { $0.name.lowercased() != "content-type" }
        var made = Mock(
            status: status, headers: [Mock.MockHeader(name: "Content-Type", value: entry.mediaType)] + declared,
            body: MockStream.body(of: items, mediaType: entry.mediaType, wholeEvents: item.wholeEvents), mark: written?.mark ?? mark
        )
        made.exampleViolations = written?.headerViolations ?? []
        return made
    }

    /// What an example breaks of the document: its response's header examples (found once,
    /// ``Mock/headerViolations``), then its body (``bodyViolations(of:schemas:)``).
    static func violations(of example: Mock, schemas: [ResponseSchema]) -> [ResponseViolation] {
        example.headerViolations + bodyViolations(of: example, schemas: schemas)
    }

    /// What an example's body breaks of the schema the document declares for its status and
    /// media type: a JSON body, or the value a form or XML body was written from (a schema that
    /// cannot be compiled, or a body that is not JSON, does not count). Checked with `isValid`
    /// first, so a conforming example costs no list.
    static func bodyViolations(of example: Mock, schemas: [ResponseSchema]) -> [ResponseViolation] {
        let hasValue = if case .some = example.value { true } else { false }
        guard !schemas.isEmpty, !example.body.isEmpty, let contentType = example.contentType, hasValue || MediaType.isJSON(contentType),
              let entry = schemas.matching(status: example.status, mediaType: contentType), let reference = entry.schema,
              let schema = try? reference.compiled(), let value = example.value ?? (try? JSONValue(parsing: example.body)),
              !schema.isValid(value, direction: .response) else { return [] }
        return schema.validate(value, direction: .response).map { violation in
            ResponseViolation(
                pointer: violation.instancePath, message: violation.message,
                position: violation.schemaLocation.isEmpty ? reference.description : violation.schemaLocation
            )
        }
    }
}

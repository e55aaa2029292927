// A value a mock answers from what it keeps (a stateful mock's stored item, its list), written in
// the media type the document declares for the answer's status, chosen by the request's Accept as
// every other mock answer's is (MockAnswerRequest.answer(from:)).

import NetspecModel

extension Endpoint {
    /// The media types the response of `status` (the most specific one covering it) is declared
    /// in, as the mock labels them (`application/json` for a wildcard), JSON ones first, then the
    /// others in the document's order, each once; empty when it declares none (a Netspec spec's
    /// endpoint, a response without content).
    private func answerRenderings(status: Int) -> [MediaRendering] {
        let content = responses.matching(status: status)?.content ?? []
        let ordered = content.filter { MediaRendering.answersAsJSON($0.mediaType) } + content.filter { !MediaRendering.answersAsJSON($0.mediaType) }
        var renderings: [MediaRendering] = []
        for entry in ordered {
            let rendering = MediaRendering(mediaType: entry.mediaType, layout: entry.layout)
            if !renderings.contains(where: { $0.contentType == rendering.contentType }) { renderings.append(rendering) }
        }
        return renderings
    }

    /// The media types the response of `status` is declared in when `accept` takes none of them
    /// (a stateful mock refuses the request so before it changes anything for it); `nil` when it
    /// takes one, or the response is declared in none (which suits any `Accept`).
    package func unacceptableTypes(status: Int, accept: AcceptHeader?) -> [String]? {
        guard let accept else { return nil }
        let types = answerRenderings(status: status).map(\.contentType)
        return !types.isEmpty && accept.best(of: types) == nil ? types : nil
    }

    /// `value` as the answer of `status`: in the media type of that response the request's
    /// `Accept` takes most, the document's preferred one (JSON, else the first) among equals, as
    /// ``mockAnswer(status:example:dynamicSeed:accept:)`` chooses; a type the value cannot be
    /// written in is passed over (``MediaRendering``). `nil` when the response declares no media
    /// type, or none the value can be written in (the caller answers JSON).
    ///
    /// - Throws: ``MockUnavailable/notAcceptable(_:)`` when `accept` takes none of the types.
    package func stateAnswer(_ value: JSONValue, status: Int, accept: AcceptHeader?) throws(MockUnavailable) -> Mock? {
        let renderings = answerRenderings(status: status)
        // Only the types `accept` takes are written (a type it refuses is never chosen).
        let offers: [MockOffer] = renderings.compactMap { rendering in
            guard accept.map({ $0.quality(of: rendering.contentType) > 0 }) ?? true, let body = rendering.body(for: value) else { return nil }
            let answer = Mock(
                status: status, headers: [Mock.MockHeader(name: "Content-Type", value: rendering.contentType)], body: body, mark: mark,
                value: rendering.checkedValue(of: value)
            )
            return MockOffer(type: rendering.contentType, example: answer, entry: nil)
        }
        guard !offers.isEmpty else {
            let types = renderings.map(\.contentType)
            if let accept, !types.isEmpty, accept.best(of: types) == nil { throw .notAcceptable(types) }
            return nil
        }
        return try MockAnswerRequest(status: status, seed: nil, accept: accept, written: nil, mark: mark, schemas: []).answer(from: offers)
    }
}

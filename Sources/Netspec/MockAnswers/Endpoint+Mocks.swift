// The mocks of an endpoint: its responses' examples written in their media types, and the
// statuses it declares without one, made from the model (Endpoint.responses) when a mock answers.

import NetspecModel

extension Endpoint {
    /// Every mock, the success response's first (the first of them is what calls use), then each
    /// other response's in the document's order: its examples that can be written in their media
    /// types (``MediaRendering``), each with the response's headers that give a value; a status
    /// without one is a mock without a body (a mock server's `Prefer: code=404`).
    package var mocks: [Mock] { mocksAndSuccessCount.mocks }

    /// The mock a call with mocks on answers: the success response's first example (or the
    /// success status with its headers); `nil` when it has none.
    package var mock: Mock? {
        let written = writtenMocks
        return written.successCount > 0 ? written.mocks.first : nil
    }

    /// The names its mocks are chosen by (a mock server's `Prefer: example=NAME`, a call's
    /// `CallOptions(mock:)`), each once, in the order of ``mocks``.
    package var mockNames: [String] {
        var names: [String] = []
        for name in mocks.compactMap(\.name) where !names.contains(name) { names.append(name) }
        return names
    }

    /// ``mocks``, and how many of them are the success response's.
    var mocksAndSuccessCount: (mocks: [Mock], successCount: Int) {
        let written = writtenMocks
        return (written.mocks, written.successCount)
    }

    /// The endpoint's mocks, written once: the model is immutable, so its examples are turned
    /// into bytes on the first mocked call (or the first answer of a mock server) and kept with
    /// the endpoint (``Endpoint/derived(_:)``), not on every call.
    private var writtenMocks: WrittenMocks { derived(WrittenMocks.init) }

    /// An endpoint's mocks as written from its examples, and how many are the success response's.
    private final class WrittenMocks: Sendable {
        let mocks: [Mock]
        let successCount: Int

        init(_ endpoint: Endpoint) {
            let responses = endpoint.responses
            var mocks = responses.success.map { Endpoint.mocks(of: $0, isSuccess: true) } ?? []
            successCount = mocks.count
            for (index, response) in responses.declared.enumerated() where index != responses.successIndex {
                mocks += Endpoint.mocks(of: response, isSuccess: false)
            }
            self.mocks = mocks
        }
    }

    /// One response's mocks. The success response's answer its own code (`200` for `2XX` or
    /// `default`); another's answer a range's first code (`404` for `4XX`: 400) or `500` for
    /// `default`. A range's or `default`'s cover every code of their status, the success
    /// response's too (`Prefer: code=201` for `2XX`, `code=401` for a `default` with no 2xx).
    fileprivate static func mocks(of response: DeclaredResponse, isSuccess: Bool) -> [Mock] {
        let pattern: ResponseStatus?
        let status: Int
        switch response.status {
        case let .code(code):
            (status, pattern) = (code, nil)
        case .range, .default:
            (status, pattern) = (isSuccess ? 200 : response.status.representativeCode, response.status)
        }
        let (headers, headerViolations) = conformingHeaders(of: response)
        var mocks: [Mock] = []
        var firstTypeCount = 0
        for example in response.examples {
            guard var mock = mock(of: example, status: status, headers: headers) else { continue }
            mock.pattern = pattern
            mock.headerViolations = headerViolations
            mocks.append(mock)
            if example.isOfFirstType { firstTypeCount += 1 }
        }
        if firstTypeCount == 0, response.answersWithoutExample {
            var bare = Mock(status: status, headers: headers, body: [], mark: response.mark, pattern: pattern)
            bare.headerViolations = headerViolations
            mocks.append(bare)
        }
        return mocks
    }

    /// The headers of a response that give a value, each checked once against its schema as the
    /// validating proxy checks a server's (``headViolations(status:headers:bodyLength:)``): one
    /// whose example its schema refuses (`X-Count: many` for an integer) is sent with the
    /// schema's value instead (left out when none can be written as a header and it is not
    /// required), and what the example broke is returned, to be said with every answer of the
    /// response (``Mock/headerViolations``).
    fileprivate static func conformingHeaders(of response: DeclaredResponse) -> ([Mock.MockHeader], [ResponseViolation]) {
        var headers: [Mock.MockHeader] = []
        var violations: [ResponseViolation] = []
        for header in response.headers {
            guard let text = header.example else { continue }
            guard let schema = try? header.schema?.compiled(),
                  case let broken = schema.validate(headerValue(text, of: header, schema: schema), direction: .response),
                  !broken.isEmpty else {
                headers.append(Mock.MockHeader(name: header.name, value: text))
                continue
            }
            for violation in broken {
                violations.append(ResponseViolation(
                    header: header.name, pointer: violation.instancePath, message: violation.message,
                    position: violation.schemaLocation.isEmpty ? header.position : violation.schemaLocation
                ))
            }
            if let made = schema.example(direction: .response, seed: nil).flatMap({ Self.headerText($0, of: header) }) {
                headers.append(Mock.MockHeader(name: header.name, value: made))
            } else if header.required {
                headers.append(Mock.MockHeader(name: header.name, value: text))
            }
        }
        return (headers, violations)
    }

    /// A value as `header`'s text: its JSON text for a header described by a JSON media type
    /// (``DeclaredResponse/Header/isJSON``), else as the `simple` style writes it.
    private static func headerText(_ value: JSONValue, of header: DeclaredResponse.Header) -> String? {
        header.isJSON ? String(decoding: value.serialized(), as: UTF8.self) : headerText(value, separator: header.listSeparator)
    }

    /// A value as a header's text in the `simple` style: a string as it is, a number or a
    /// Boolean as JSON writes it, an array's scalars joined by `separator`; `nil` for anything else.
    private static func headerText(_ value: JSONValue, separator: String) -> String? {
        switch value {
        case let .string(text): text
        case .int, .double, .bool: String(decoding: value.serialized(), as: UTF8.self)
        case let .array(items):
            items.allSatisfy { !$0.isContainer && !$0.isNull }
                ? items.compactMap { headerText($0, separator: separator) }.joined(separator: separator) : nil
        default: nil
        }
    }

    /// An example as a mock: a value written in its media type (`nil` when it cannot be: an
    /// object as `text/plain`, an array as a form), or a prepared one as it is.
    private static func mock(of example: ResponseExample, status: Int, headers: [Mock.MockHeader]) -> Mock? {
        switch example.payload {
        case let .value(value, mediaType, contentType, layout):
            let rendering = MediaRendering(mediaType: mediaType, layout: layout)
            guard let body = rendering.body(for: value) else { return nil }
            return Mock(
                status: status, headers: [Mock.MockHeader(name: "Content-Type", value: contentType)] + headers, body: body,
                mark: example.mark, name: example.name, value: rendering.checkedValue(of: value)
            )
        case let .prepared(body, own, messages):
            return Mock(status: status, headers: own + headers, body: body, mark: example.mark, name: example.name, messages: messages)
        }
    }
}

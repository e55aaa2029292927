import Foundation
import HTTPTypes
import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec
@testable import NetspecMock
import NetspecModel

/// A Swagger 2.0 `in: formData` array is written by its `collectionFormat` in a multipart form as
/// in an `application/x-www-form-urlencoded` one: `csv` (the default), `ssv`, `tsv` and `pipes`
/// are one field of the values joined (a multipart array of them was not sent, with a warning
/// only), `multi` a field (a part) per value. The mock reads each back the same way. Checked
/// with the bodies a 127.0.0.1 echo server receives, then with netspec's own mock.
@Suite struct SwaggerFormDataArrayTests {
    /// One operation per form encoding, each with an array of every `collectionFormat`.
    static let document = """
        swagger: "2.0"
        info: { title: t, version: "1" }
        paths:
          /m:
            post:
              operationId: m
              consumes: [multipart/form-data]
              parameters:
                - { name: csv, in: formData, type: array, items: { type: string } }
                - { name: ssv, in: formData, type: array, items: { type: string }, collectionFormat: ssv }
                - { name: tsv, in: formData, type: array, items: { type: string }, collectionFormat: tsv }
                - { name: pipes, in: formData, type: array, items: { type: integer }, collectionFormat: pipes }
                - { name: multi, in: formData, type: array, items: { type: string }, collectionFormat: multi }
              responses: { "200": { description: ok, examples: { application/json: { ok: true } } } }
          /f:
            post:
              operationId: f
              consumes: [application/x-www-form-urlencoded]
              parameters:
                - { name: csv, in: formData, type: array, items: { type: string } }
                - { name: ssv, in: formData, type: array, items: { type: string }, collectionFormat: ssv }
                - { name: tsv, in: formData, type: array, items: { type: string }, collectionFormat: tsv }
                - { name: pipes, in: formData, type: array, items: { type: integer }, collectionFormat: pipes }
                - { name: multi, in: formData, type: array, items: { type: string }, collectionFormat: multi }
              responses: { "200": { description: ok, examples: { application/json: { ok: true } } } }
        """

    static func part(_ name: String, _ content: String) -> String {
        "--B\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(content)\r\n"
    }

    /// Each format's array: the multipart body and the form body sent.
    static let cases: [(name: String, value: Argument, multipart: String, form: String)] = [
        ("csv", ["a", "b c"], part("csv", "a,b c"), "csv=a,b+c"),
        ("csv", ["a"], part("csv", "a"), "csv=a"),
        ("ssv", ["a", "b"], part("ssv", "a b"), "ssv=a%20b"),
        ("tsv", ["a", "b"], part("tsv", "a\tb"), "tsv=a%09b"),
        ("pipes", [1, 2, 3], part("pipes", "1|2|3"), "pipes=1%7C2%7C3"),
        ("multi", ["a", "b"], part("multi", "a") + part("multi", "b"), "multi=a&multi=b"),
    ]

    @Test func theDocumentHasNoWarnings() throws {
        let spec = try Spec(yaml: Self.document, file: "sw.yaml")
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoints.map(\.name) == ["m", "f"])
    }

    @Test(arguments: cases)
    func aMultipartArrayIsSentByItsCollectionFormat(name: String, value: Argument, multipart: String, form: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.document, server: server)
            let echo = try Echo(try await api.call("m", [name: value]))
            let contentType = try #require(echo.header("Content-Type"))
            let boundary = try #require(contentType.firstMatch(of: /^multipart\/form-data; boundary=(netspec-[A-Za-z0-9]{32})$/)?.1)
            #expect(echo.bodyText?.replacing(boundary, with: "B") == multipart + "--B--\r\n")
        }
    }

    @Test(arguments: cases)
    func aFormArrayIsSentByItsCollectionFormat(name: String, value: Argument, multipart: String, form: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.document, server: server)
            let echo = try Echo(try await api.call("f", [name: value]))
            #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(echo.bodyText == form)
        }
    }

    /// netspec's own mock takes each request (a joined `pipes` array of integers read as one
    /// text would be refused) and reads each array back as it was given.
    @Test(arguments: cases)
    func theMockReadsEachArrayBack(name: String, value: Argument, multipart: String, form: String) async throws {
        let spec = try Spec(yaml: Self.document, file: "sw.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, strict: true)) { base, log in
            let api = Service(spec: spec, provider: Provider(baseURL: base, options: .init(usesEnvironment: false)))
            for operation in ["m", "f"] {
                let response = try await api.call(operation, [name: value])
                #expect(response.status == 200)
                #expect(ParameterCodecRoundTripTests.plain(try await Self.readBack(value, of: name, operation: operation, spec: spec))
                    == ParameterCodecRoundTripTests.plain(value), "\(operation)")
            }
            #expect(log.all == ["POST /m 200 m", "POST /f 200 f"])
        }
    }

    /// `value` of `name` as the mock's reader reads it from the request netspec writes, after
    /// checking that it found no problem.
    static func readBack(_ value: Argument, of name: String, operation: String, spec: Spec) async throws -> Argument? {
        let api = Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:1", options: .init(usesEnvironment: false)))
        let request = try api.prepare(operation, [name: value])
        let (contentType, body): (String, [UInt8]) = switch request.body {
        case let .multipart(multipart): (multipart.contentType, try await multipart.collect(upTo: 1 << 20))
        case let .bytes(bytes): (request.headerFields[.contentType] ?? "", bytes)
        default: ("", [])
        }
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: .post, path: "/" + operation) else {
            Issue.record("/\(operation) does not route")
            return nil
        }
        let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true).read(
            pathValues: pathValues, query: nil, headers: HTTPFields(), contentType: contentType, body: body
        )
        #expect(reading.problems.isEmpty, "\(operation) \(name): \(reading.problems)")
        return reading.arguments[name]
    }

    /// A value holding the delimiter would read as two: refused in a multipart part, naming it.
    @Test(arguments: [
        ("csv", Argument.value(["a,b", "c"]), "an item cannot contain ',', which joins the values in one part (in 'a,b')"),
        ("ssv", Argument.value(["a b"]), "an item cannot contain a space, which joins the values in one part (in 'a b')"),
        ("tsv", Argument.value(["a\tb"]), "an item cannot contain a tab, which joins the values in one part (in 'a\tb')"),
    ])
    func anItemHoldingTheDelimiterIsRefused(name: String, value: Argument, message: String) throws {
        let api = try makeService(Self.document, baseURL: "http://127.0.0.1:1")
        #expect {
            try api.prepare("m", [name: value])
        } throws: { error in
            String(describing: error) == "endpoint 'm': parameter '\(name)': \(message)"
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import Netspec
import NetspecModel
import NetspecTestSupport

/// Every answer the mock gives conforms to its document (issue 33, item 5): for every operation
/// of the repository's documents (and the big real ones, ``RealDocuments``), every
/// status it can be asked for — the success response, each declared status, a status in each
/// range and `default` — is answered with a declared status, a declared media type, headers
/// their schemas take (and every required one), and a body that validates against the
/// document's schema for that status and media type (an example the document gets wrong is
/// answered with the schema's value instead), as the validating proxy checks a real server's.
@Suite struct MockConformanceTests {
    /// Answers that break their schema because the document's example does: `operation status`.
    static let documentMistakes: [String: [String]] = [:]

    static func statuses(of endpoint: Endpoint) -> [Int?] {
        var codes: [Int?] = [nil]
        for mock in endpoint.mocks where !codes.contains(mock.status) { codes.append(mock.status) }
        for entry in endpoint.responses.declared {
            let code = switch entry.status {
            case let .code(code): code
            case let .range(digit): digit * 100 + 99
            case .default: 599
            }
            if !codes.contains(code) { codes.append(code) }
        }
        return codes
    }

    /// The answers of every operation of a document and what breaks the document in them: the
    /// answer to each status (``statuses(of:)``) without `Accept`, and, counted apart, the answer
    /// in each other media type the response declares, asked for by `Accept`.
    static func breaches(in path: String) throws -> (answered: Int, inOtherTypes: Int, breaches: [String]) {
        let spec = try Spec.load(path: path)
        var answered = 0
        var inOtherTypes = 0
        var breaches: [String] = []
        func check(_ answer: Mock, endpoint: Endpoint) {
            let status = answer.status
            var headers = HTTPFields()
            for header in answer.headers { if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) } }
            // The head (a declared status and media type, its headers), then the body.
            var violations = endpoint.headViolations(status: status, headers: headers, bodyLength: answer.body.count)
            if let schema = endpoint.bodySchema(status: status, contentType: headers[.contentType]) {
                violations += endpoint.bodyViolations(answer.body, contentType: headers[.contentType], schema: schema)
            }
            if let first = violations.first, !breaches.contains("\(endpoint.name) \(status): \(first)") {
                breaches.append("\(endpoint.name) \(status): \(first)")
            }
            // A form or XML body: the value it was written from.
            if let value = answer.value, let entry = endpoint.responses.schema(status: status, mediaType: headers[.contentType]),
               let schema = try? entry.schema?.compiled(), let first = schema.validate(value, direction: .response).first {
                breaches.append("\(endpoint.name) \(status) (\(entry.mediaType)): \(first.description)")
            }
        }
        for endpoint in spec.endpoints {
            for code in statuses(of: endpoint) {
                guard let answer = try? endpoint.mockAnswer(status: code) else { continue }
                answered += 1
                check(answer, endpoint: endpoint)
                var types = endpoint.responses.schemas.filter { $0.covers(answer.status) }.map(\.mediaType)
                types += endpoint.mocks.filter { $0.covers(answer.status) }.compactMap(\.contentType)
                for type in Set(types).sorted() where type != answer.contentType && !type.contains("*") {
                    guard let other = try? endpoint.mockAnswer(status: code, accept: AcceptHeader(type)), other.contentType == type else { continue }
                    inOtherTypes += 1
                    check(other, endpoint: endpoint)
                }
            }
        }
        return (answered, inOtherTypes, breaches)
    }

    @Test(arguments: ResponseSchemaGenerationTests.documents)
    func everyAnswerOfTheRepositorysDocumentsConforms(_ path: String) async throws {
        let (answered, _, breaches) = try await onOwnThread { try Self.breaches(in: path) }
        #expect(answered > 0)
        #expect(breaches == Self.documentMistakes[(path as NSString).lastPathComponent] ?? [], "\(path)")
    }

    @Test(arguments: RealDocuments.available)
    func everyAnswerOfTheRealDocumentsConforms(_ document: String) async throws {
        let path = try await RealDocuments.path(of: document)
        let (answered, inOtherTypes, breaches) = try await onOwnThread { try Self.breaches(in: path) }
        print("\(document): \(answered) answers (and \(inOtherTypes) in other media types), \(breaches.count) breaking their schema")
        for breach in breaches.prefix(10) { print("  \(breach)") }
        #expect(answered > 0)
        #expect(breaches == Self.documentMistakes[document] ?? [], "\(document)")
    }

    /// An example that breaks its schema is answered with the schema's value (what the example
    /// breaks in `Netspec-Violations`), under one `Content-Type` (the example's own was sent beside it, `application/json, application/json`
    /// as one field, until the head check above found it in OpenAI's and Jupyter's documents).
    @Test func anExampleThatBreaksItsSchemaIsAnsweredUnderOneContentType() async throws {
        let document = """
            openapi: 3.1.0
            info: {title: Mistake, version: "1"}
            paths:
              /me:
                get:
                  operationId: me
                  responses:
                    "200":
                      description: ok
                      headers:
                        X-Id: {schema: {type: integer, example: 7}}
                      content:
                        application/json:
                          schema: {type: object, required: [name], properties: {name: {type: string}}}
                          example: {name: null}
            """
        try await MockServerTests.withMockServer(of: try Spec(yaml: document, file: "mistake.yaml"), .init(port: 0)) { base, _ in
            let answer = try await MockServerTests.curl([base + "/me"])
            let violations = #"[{"location":"response","pointer":"/name","message":"must be a string","schema":"mistake.yaml:14:76"}]"#
            #expect(answer == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Id: 7\nContent-Length: 17\nNetspec-Violations: \(violations)\nServer: netspec-mock\n\n{\"name\":\"string\"}", "\(answer)")
        }
    }
}

import Testing
import NetspecTestSupport

/// `netspec validate` and `netspec mock` of a document whose response media type holds a line
/// break: validate said `ok`, and the mock answered `Content-Type: application/xml  x-acc: 2`.
/// It is an error at the character in the file, exit 65, before the mock listens; a document
/// without one is still answered in its declared type, with its declared headers.
@Suite struct ValidateResponseMediaTypeTests {
    static func document(mediaType: String = "application/xml", header: String = #"{ schema: { type: string }, example: "5" }"#) -> String {
        """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        servers: [{ url: "http://127.0.0.1:9" }]
        paths:
          /raw:
            get:
              operationId: raw
              responses:
                "200":
                  description: ok
                  headers:
                    X-Rate-Limit: \(header)
                  content:
                    \(mediaType):
                      example: "<a/>"
        """
    }

    @Test func aResponseMediaTypeWithALineBreakFailsValidationAndTheMock() async throws {
        let spec = try CLI.temporarySpec(Self.document(mediaType: #""application/xml\r\nX-Acc: 2""#), name: "oa.yaml")
        let message = "\(spec):14:29: error: operation 'raw': response '200': the response's media type holds a line break (CR or LF) (character 16), which cannot be in the response's Content-Type header (OpenAPI Response Object)\n"
        for arguments in [["validate", spec], ["mock", spec, "--port", "0"]] {
            let result = try await CLI.run(arguments)
            #expect(result.status == 65)
            #expect(result.stdout == "")
            #expect(result.stderr == message)
        }
    }

    /// A header's example holding a line break: the mock sent `X-Rate-Limit: 5  X-Evil: 1`.
    @Test func aResponseHeaderExampleWithALineBreakFailsValidationAndTheMock() async throws {
        let spec = try CLI.temporarySpec(Self.document(header: #"{ schema: { type: string }, example: "5\r\nX-Evil: 1" }"#), name: "oa.yaml")
        let message = "\(spec):12:66: error: operation 'raw': response '200': header 'X-Rate-Limit': its 'example' holds a line break (CR or LF) (character 2), which cannot be in a header value (OpenAPI Header Object)\n"
        for arguments in [["validate", spec], ["mock", spec, "--port", "0"]] {
            let result = try await CLI.run(arguments)
            #expect(result.status == 65)
            #expect(result.stdout == "")
            #expect(result.stderr == message)
        }
    }

    /// A value the mock draws from the header's schema (its example "5" is not in the enum) is
    /// no document example: with a line break it is answered as a 500 problem, never sent altered.
    @Test func theMockSendsNoHeaderValueItWouldHaveToAlter() async throws {
        let spec = try CLI.temporarySpec(Self.document(header: #"{ schema: { type: string, enum: ["a\r\nX-Evil: 1"] }, example: "5" }"#), name: "oa.yaml")
        let (mock, base) = try await MockCommandTests.start([spec])
        let curl = try await ChildProcess.curl(["-s", "-D", "-", base + "/raw"])
        mock.terminate()
        _ = await mock.wait()
        let lines = curl.stdout.split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(lines.first == "HTTP/1.1 500 Internal Server Error")
        // No X-Rate-Limit field (nor an X-Evil one): only the violation's JSON names it.
        #expect(!lines.contains { $0.hasPrefix("X-Rate-Limit:") || $0.hasPrefix("X-Evil:") })
        #expect(lines.last == #"{"type":"about:blank","title":"Internal Server Error","status":500,"detail":"the 200 response of 'raw' has a header it cannot send: header 'X-Rate-Limit': its value holds a line break (CR or LF) (character 2), which cannot be in a header value","endpoint":"raw"}"#)
    }

    @Test func aGoodDocumentIsAnsweredInItsDeclaredType() async throws {
        let spec = try CLI.temporarySpec(Self.document(mediaType: #""application/xml; charset=utf-8""#), name: "oa.yaml")
        let (mock, base) = try await MockCommandTests.start([spec])
        let curl = try await ChildProcess.curl(["-D", "-", "-o", "/dev/null", base + "/raw"])
        let head = curl.stdout.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("content-type:") || $0.lowercased().hasPrefix("x-rate-limit:") }
        #expect(head == ["Content-Type: application/xml; charset=utf-8", "X-Rate-Limit: 5"])
        mock.terminate()
        _ = await mock.wait()
    }
}

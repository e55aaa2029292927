import Foundation
import Testing

@testable import Netspec
import NetspecModel

/// An OpenAPI Encoding Object's `contentType` is sent as a multipart part's `Content-Type` line:
/// a line break in it (`"text/plain\r\nX-Injected: 1"`) would end that line and add a header of
/// the document's making to the part, so it is a document error at the character, not a part
/// sent with it (`netspec call --dry-run` showed `X-Injected: 1` as a header of the part, and
/// `validate` said ok). The part's `headers` are not sent at all (warned). `docs/openapi.md` says it.
@Suite struct EncodingContentTypeLineBreakTests {
    static func document(note: String, file: String) -> String {
        """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /mp:
            post:
              operationId: mp
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        note: { type: string }
                        file: { type: string, format: binary }
                    encoding:
                      note: { contentType: \(note) }
                      file:
                        contentType: \(file)
                        headers:
                          X-Rate: { schema: { type: string } }
              responses: { "200": { description: ok } }
        """
    }

    /// CR LF, a lone LF and another control character, each at its place; nothing is sent.
    @Test func aLineBreakInAPartsContentTypeIsADocumentError() throws {
        let error = #expect(throws: SpecError.self) {
            try Spec(yaml: Self.document(note: #""text/plain\r\nX-Injected: 1""#, file: #""image/png\nX-Evil: 2""#), file: "enc.yaml")
        }
        #expect(error?.description == """
            enc.yaml:17:47: error: operation 'mp': part 'note': the encoding's contentType holds a line break (CR or LF) (character 11), which cannot be in the part's Content-Type header (OpenAPI Encoding Object)
            enc.yaml:19:40: error: operation 'mp': part 'file': the encoding's contentType holds a line break (CR or LF) (character 10), which cannot be in the part's Content-Type header (OpenAPI Encoding Object)
            """)
        let control = #expect(throws: SpecError.self) {
            try Spec(yaml: Self.document(note: #""text/plain\u0000""#, file: "image/png"), file: "enc.yaml")
        }
        #expect(control?.description == """
            enc.yaml:17:47: error: operation 'mp': part 'note': the encoding's contentType holds the control character 0x00 (character 11), which cannot be in the part's Content-Type header (OpenAPI Encoding Object)
            """)
    }

    /// A content type without one is the part's `Content-Type`, as before; the part's `headers`
    /// are warned about and not sent.
    @Test func aPlainContentTypeIsSentAndHeadersAreNot() async throws {
        let spec = try Spec(yaml: Self.document(note: #""text/plain; charset=utf-8""#, file: "image/png"), file: "enc.yaml")
        #expect(spec.warnings.map(\.description) == [
            "enc.yaml:21:19: warning: operation 'mp': the 'headers' of part 'file' are not sent (not supported yet)",
        ])
        let service = Service(spec: spec, provider: Provider(baseURL: "https://api.example.com", options: .init(usesEnvironment: false)))
        let request = try await Golden(try service.prepare("mp", ["note": "hi", "file": .data(Data([0x50]))]))
        #expect(request.body == """
            --BOUNDARY\r
            Content-Disposition: form-data; name="note"\r
            Content-Type: text/plain; charset=utf-8\r
            \r
            hi\r
            --BOUNDARY\r
            Content-Disposition: form-data; name="file"; filename="file"\r
            Content-Type: image/png\r
            \r
            P\r
            --BOUNDARY--\r

            """)
    }
}

import Foundation
import Testing

/// `describe` names a whole body's media type (`text/plain; charset=utf-8`, `application/xml`,
/// a range with the type it goes as), not the JSON encoding it is not written in; and `call`
/// takes a multipart array of binary items as a file per item (`files@a files@b`).
@Suite struct RequestBodyDescribeTests {
    static let document = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        servers: [{url: "https://example.com"}]
        paths:
          /text:
            post:
              operationId: text
              requestBody: {content: {"text/plain; charset=utf-8": {schema: {type: string}}}}
              responses: {"200": {description: ok}}
          /xml:
            post:
              operationId: xml
              requestBody: {content: {application/xml: {schema: {type: object, properties: {a: {type: string}}}}}}
              responses: {"200": {description: ok}}
          /imgs:
            post:
              operationId: imgs
              requestBody: {required: true, content: {"image/*": {schema: {type: string, format: binary}}}}
              responses: {"200": {description: ok}}
          /json:
            post:
              operationId: json
              requestBody: {content: {application/json: {schema: {type: array}}}}
              responses: {"200": {description: ok}}
          /uploadfiles/:
            post:
              operationId: uploadFiles
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema: {type: object, required: [files], properties: {files: {type: array, items: {type: string, format: binary}}}}
              responses: {"200": {description: ok}}
        """

    @Test(arguments: [
        ("text", "_  String?  optional  whole body [text/plain; charset=utf-8]", "the whole body from one parameter (text/plain; charset=utf-8)"),
        ("xml", "_  Data?  optional  whole body [application/xml]", "the whole body from one parameter (application/xml)"),
        (
            "imgs", "_  Data  required  whole body [image/*]",
            "the whole body from one parameter (image/*: a file's type by its extension where the range covers it, else application/octet-stream)"
        ),
        ("json", "_  JSON?  optional  whole body", "the whole body from one parameter (json)"),
        ("uploadFiles", "files  [Data]  required  part 'files'", "multipart/form-data, one part per parameter"),
    ])
    func describeNamesTheBodysMediaType(endpoint: String, parameter: String, body: String) async throws {
        let spec = try CLI.temporarySpec(Self.document, name: "bodies.yaml")
        let result = try await CLI.run(["describe", spec, endpoint])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  " + parameter + "  ") }, "\(result.stdout)")
        #expect(lines.contains("body: " + body), "\(result.stdout)")
    }

    @Test func aFilePerItemOfAMultipartArrayOfBinaryItems() async throws {
        let spec = try CLI.temporarySpec(Self.document, name: "bodies.yaml")
        let directory = URL(fileURLWithPath: spec).deletingLastPathComponent().path
        try Data("PNG".utf8).write(to: URL(fileURLWithPath: directory + "/img.png"))
        try Data("text".utf8).write(to: URL(fileURLWithPath: directory + "/t.txt"))
        let result = try await CLI.run(["call", spec, "uploadFiles", "files@\(directory)/img.png", "files@\(directory)/t.txt", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        let boundary = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Content-Type: multipart/form-data; boundary=") }?.split(separator: "=").last)
        let body = result.stdout.split(separator: "\n\n", maxSplits: 1).last.map { $0.replacingOccurrences(of: boundary, with: "B") }
        #expect(body == """
            --B
            Content-Disposition: form-data; name="files"; filename="img.png"
            Content-Type: image/png

            <file \(directory)/img.png, 3 bytes>
            --B
            Content-Disposition: form-data; name="files"; filename="t.txt"
            Content-Type: text/plain

            <file \(directory)/t.txt, 4 bytes>
            --B--

            """)
    }
}

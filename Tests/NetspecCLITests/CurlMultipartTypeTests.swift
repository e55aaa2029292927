import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call … --curl` over a multipart body sent as another type than a bare
/// `multipart/form-data` (`-H 'Content-Type: multipart/mixed'`, a `Content-Type:` item choosing
/// an OpenAPI body's `multipart/related`, a charset): the printed command gives curl that type
/// with `-H` (without a boundary: curl adds its own), and each part's `Content-Disposition:
/// form-data; name=…` in `headers=` (under another type curl heads a part `attachment`). It
/// dropped the type: curl's `-F` sent `multipart/form-data`. A value curl's `-F` would read
/// otherwise (`@home;x` as a file, ` a ` trimmed) is double-quoted. Checked by running the printed
/// command against a 127.0.0.1 echo and comparing what it sends with what `netspec call` sends.
@Suite struct CurlMultipartTypeTests {
    static let netspec = """
        netspec: 1
        service: U
        endpoints:
          upload:
            POST: /upload
            encoding: multipart
            params:
              title: String
              tags: "[String]"
              file: URL
        """

    static let openapi = """
        openapi: 3.0.3
        info: { title: U, version: "1" }
        paths:
          /upload:
            post:
              operationId: upload
              requestBody:
                content:
                  multipart/form-data:
                    schema: { type: object, properties: { title: { type: string }, tags: { type: array, items: { type: string } }, file: { type: string, format: binary } } }
                  multipart/related:
                    schema: { type: object, properties: { title: { type: string }, tags: { type: array, items: { type: string } }, file: { type: string, format: binary } } }
              responses: { "200": { description: ok } }
        """

    static let headers = "-H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed"

    /// The `-F` words of each part when its `Content-Disposition` goes in `headers=`.
    static let partsWithDisposition = #"-F 'title="@home;x";headers="Content-Disposition: form-data; name=\"title\""'"#
        + #" -F 'tags=" a ";headers="Content-Disposition: form-data; name=\"tags\""'"#
        + #" -F 'tags=b;headers="Content-Disposition: form-data; name=\"tags\""'"#
        + #" -F 'file=@FILE;filename=t.csv;type=text/csv;headers="Content-Disposition: form-data; name=\"file\"; filename=\"t.csv\""'"#

    static let formDataParts = "--form-string 'title=@home;x' --form-string 'tags= a ' --form-string tags=b -F 'file=@FILE;filename=t.csv;type=text/csv'"

    @Test(arguments: [
        ("netspec", ["-H", "Content-Type: multipart/mixed"], "multipart/mixed",
         "-H 'Content-Type: multipart/mixed' " + headers + " " + partsWithDisposition),
        ("netspec", ["-H", "content-type: multipart/related; type=\"text/plain\""], "multipart/related; type=\"text/plain\"",
         "-H 'content-type: multipart/related; type=\"text/plain\"' " + headers + " " + partsWithDisposition),
        ("openapi", ["Content-Type:multipart/related"], "multipart/related",
         "-H 'Content-Type: multipart/related' " + headers + " " + partsWithDisposition),
        ("netspec", ["-H", "Content-Type: multipart/form-data; charset=utf-8"], "multipart/form-data; charset=utf-8",
         "-H 'Content-Type: multipart/form-data; charset=utf-8' " + headers + " " + formDataParts),
        ("netspec", [], "multipart/form-data", headers + " " + formDataParts),
        ("openapi", ["-H", "Content-Type: multipart/form-data"], "multipart/form-data", headers + " " + formDataParts),
    ] as [(String, [String], String, String)])
    func theCurlCommandSendsTheTypeNetspecSends(kind: String, options: [String], type: String, words: String) async throws {
        let spec = try CLI.temporarySpec(kind == "netspec" ? Self.netspec : Self.openapi)
        let file = (spec as NSString).deletingLastPathComponent + "/t.csv"
        try Data("a,b\n".utf8).write(to: URL(fileURLWithPath: file))
        try await withTestServer(TestHandlers.echo) { server in
            let items = ["call", spec, "upload", "title=@home;x", "tags= a ", "tags=b", "file@\(file)", "--base-url", server.baseURL] + options
            let sent = try await CLI.run(items)
            #expect(sent.status == 0, "\(sent.stderr)")
            let byNetspec = try Self.multipart(try EchoReport(json: Array(sent.stdout.utf8)))
            #expect(byNetspec.type == type)

            let printed = try await CLI.run(items + ["--curl"])
            #expect(printed.stderr == "")
            #expect(printed.stdout == "curl -X POST \(server.baseURL)/upload " + words.replacing("FILE", with: file) + "\n")
            let curl = try await ChildProcess.run("/bin/sh", ["-c", printed.stdout])
            #expect(curl.status == 0, "\(curl.stderr)")
            let byCurl = try Self.multipart(try EchoReport(json: Array(curl.stdout.utf8)))
            #expect(byCurl.type == byNetspec.type)
            #expect(byCurl.parts == byNetspec.parts)
            #expect(byNetspec.parts.count == 4)
        }
    }

    /// A multipart request's type without its boundary, and its parts, each its header lines
    /// (sorted: curl writes a part's `Content-Type` first when it is given its
    /// `Content-Disposition`) and then its content.
    static func multipart(_ echo: EchoReport) throws -> (type: String, parts: [[String]]) {
        let contentType = try #require(echo.header("Content-Type"))
        let match = try #require(contentType.firstMatch(of: /^(.*); boundary=([^;]+)$/))
        let body = try #require(echo.bodyText)
        let sections = body.components(separatedBy: "--" + match.2 + "\r\n")
        #expect(sections.first == "")
        #expect(body.hasSuffix("\r\n--" + match.2 + "--\r\n"))
        let closing = "\r\n--" + match.2 + "--\r\n"
        let parts = sections.dropFirst().map { section -> [String] in
            // (Counted in Characters, of which CR LF is one.)
            let part = String(section.dropLast(section.hasSuffix(closing) ? closing.count : "\r\n".count))
            guard let end = part.range(of: "\r\n\r\n") else { return [part] }
            return part[..<end.lowerBound].components(separatedBy: "\r\n").sorted() + [String(part[end.upperBound...])]
        }
        return (String(match.1), parts)
    }
}

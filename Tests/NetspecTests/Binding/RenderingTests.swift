import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// `PreparedRequest.httpMessage` (`--dry-run`) and `.curlCommand` (`--curl`), exact text.
@Suite struct RenderingTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          getUser:
            GET: /user
            params:
              id: { in: query, name: identifier }
          createUser:
            POST: /users
            params:
              name: String
              age: Int
          login:
            POST: /login
            encoding: form
            params:
              user: String
              note: String
          upload:
            POST: /upload
            encoding: multipart
            params:
              title: String
              photo: URL
          putBlob:
            PUT: /blob
            params:
              _: URL
          putBytes:
            PUT: /bytes
            params:
              _: Data
          putText:
            PUT: /text
            params:
              _: { type: String, mimeType: text/plain }
          check:
            HEAD: /user
          search:
            GET: /search
            params:
              _: { in: body, type: JSON }
        """

    static let api = try! Binding.service(yaml)
    static let tail = "Accept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n"
    static let curlTail = "-H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed"

    @Test func get() async throws {
        let request = try await Self.api.getUser.prepare(id: "johne doe")
        #expect(request.httpMessage == "GET https://api.example.com/user?identifier=johne%20doe HTTP/1.1\n" + Self.tail + "\n")
        #expect(request.curlCommand == "curl 'https://api.example.com/user?identifier=johne%20doe' " + Self.curlTail)
    }

    @Test func head() async throws {
        let request = try await Self.api.check.prepare()
        #expect(request.httpMessage == "HEAD https://api.example.com/user HTTP/1.1\nAccept: */*\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n")
        #expect(request.curlCommand == "curl --head https://api.example.com/user -H 'Accept: */*' -H 'User-Agent: netspec/0.1.0' --compressed")
    }

    @Test func jsonPost() async throws {
        let request = try await Self.api.createUser.prepare(name: "Ada O'Neil", age: 36)
        #expect(request.httpMessage == """
            POST https://api.example.com/users HTTP/1.1
            Content-Type: application/json
            Content-Length: 30
            \(Self.tail)
            {"name":"Ada O'Neil","age":36}

            """)
        #expect(request.curlCommand == #"curl -X POST https://api.example.com/users -H 'Content-Type: application/json' "#
            + Self.curlTail + #" --data-raw '{"name":"Ada O'\''Neil","age":36}'"#)
    }

    @Test func form() async throws {
        let request = try await Self.api.login.prepare(user: "Ada L", note: "a&b")
        #expect(request.httpMessage == "POST https://api.example.com/login HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n"
            + "Content-Length: 21\n" + Self.tail + "\nuser=Ada+L&note=a%26b\n")
        #expect(request.curlCommand == "curl -X POST https://api.example.com/login -H 'Content-Type: application/x-www-form-urlencoded' "
            + Self.curlTail + " --data-raw 'user=Ada+L&note=a%26b'")
    }

    @Test func multipartWithAFile() async throws {
        let scratch = try ScratchDirectory()
        let photo = try scratch.write(Array("PNGDATA".utf8), to: "beach.png")
        let request = try await Self.api.upload.prepare(title: "Holiday", photo: URL(fileURLWithPath: photo))
        guard case let .multipart(body) = request.body else { Issue.record("not multipart"); return }
        #expect(request.httpMessage.replacing(body.boundary, with: "B") == """
            POST https://api.example.com/upload HTTP/1.1
            Content-Type: multipart/form-data; boundary=B
            Content-Length: \(body.contentLength)
            \(Self.tail)
            --B
            Content-Disposition: form-data; name="title"

            Holiday
            --B
            Content-Disposition: form-data; name="photo"; filename="beach.png"
            Content-Type: image/png

            <file \(photo), 7 bytes>
            --B--

            """)
        #expect(request.curlCommand == "curl -X POST https://api.example.com/upload " + Self.curlTail
            + " --form-string title=Holiday -F 'photo=@\(photo);filename=beach.png;type=image/png'")
    }

    @Test func rawFileBody() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array("0123456789".utf8), to: "blob.bin")
        let request = try await Self.api.putBlob.prepare(URL(fileURLWithPath: path))
        #expect(request.httpMessage == "PUT https://api.example.com/blob HTTP/1.1\nContent-Type: application/octet-stream\nContent-Length: 10\n"
            + Self.tail + "\n<file \(path), 10 bytes>\n")
        #expect(request.curlCommand == "curl -X PUT https://api.example.com/blob -H 'Content-Type: application/octet-stream' "
            + Self.curlTail + " --data-binary @\(path)")
    }

    @Test(arguments: [[0x00, 0xFF, 0x01], [0xC3, 0x28], [0x41, 0x00]] as [[UInt8]])
    func binaryBytes(bytes: [UInt8]) async throws {
        let request = try await Self.api.putBytes.prepare(Data(bytes))
        #expect(request.httpMessage == "PUT https://api.example.com/bytes HTTP/1.1\nContent-Type: application/octet-stream\n"
            + "Content-Length: \(bytes.count)\n" + Self.tail + "\n<\(bytes.count) bytes>\n")
        #expect(request.curlCommand == "curl -X PUT https://api.example.com/bytes -H 'Content-Type: application/octet-stream' "
            + Self.curlTail + " --data-binary @- # \(bytes.count) bytes of binary data on standard input")
    }

    @Test func textBody() async throws {
        let request = try await Self.api.putText.prepare("line 1\nit's\tdone")
        #expect(request.httpMessage == "PUT https://api.example.com/text HTTP/1.1\nContent-Type: text/plain\nContent-Length: 16\n"
            + Self.tail + "\nline 1\nit's\tdone\n")
        #expect(request.curlCommand == "curl -X PUT https://api.example.com/text -H 'Content-Type: text/plain' "
            + Self.curlTail + " --data-raw 'line 1\nit'\\''s\tdone'")
    }

    /// curl turns `--data-raw` into a POST unless told the method, so a GET with a body needs `-X GET`.
    @Test func aGETWithABodyKeepsItsMethod() async throws {
        let request = try await Self.api.search.prepare(["q": "x"])
        #expect(request.httpMessage == "GET https://api.example.com/search HTTP/1.1\nContent-Type: application/json\nContent-Length: 9\n"
            + Self.tail + "\n" + #"{"q":"x"}"# + "\n")
        #expect(request.curlCommand == "curl -X GET https://api.example.com/search -H 'Content-Type: application/json' "
            + Self.curlTail + #" --data-raw '{"q":"x"}'"#)
    }

    /// Text with terminal control characters is shown as bytes by `httpMessage`; `curlCommand`,
    /// printed to the same terminal by `--curl`, must not write them raw either.
    @Test func controlCharactersAreNeverPrintedRaw() async throws {
        let request = try await Self.api.putText.prepare("\u{1B}]0;pwned\u{7}\u{1B}[2J")
        #expect(request.httpMessage.hasSuffix("\n<14 bytes>\n"))
        #expect(request.curlCommand.hasSuffix(" --data-binary @- # 14 bytes of binary data on standard input"))
    }

    /// C1 controls count too: U+009B is a one-character CSI, as `ESC [` is. The rule is the
    /// multipart summary's, so a part and a whole body show the same text the same way.
    @Test(arguments: ["\u{9B}2J", "next\u{85}line", "\u{80}"])
    func c1ControlCharactersAreShownAsBytes(text: String) async throws {
        let request = try await Self.api.putText.prepare(text)
        #expect(request.httpMessage.hasSuffix("\n<\(text.utf8.count) bytes>\n"))
        #expect(request.curlCommand.hasSuffix(" --data-binary @- # \(text.utf8.count) bytes of binary data on standard input"))
    }

    @Test func latinTextNextToTheC1RangeIsPrinted() async throws {
        let request = try await Self.api.putText.prepare("café \u{A0}Ω")
        #expect(request.httpMessage.hasSuffix("\ncafé \u{A0}Ω\n"))
    }

    @Test(arguments: [
        ("plain", "plain"), ("a-b_c.d/e:f=g@h,i%j+k", "a-b_c.d/e:f=g@h,i%j+k"), ("", "''"), ("a b", "'a b'"),
        ("it's", #"'it'\''s'"#), ("$HOME", "'$HOME'"), ("a;b", "'a;b'"), ("~", "'~'"), ("café", "'café'"), ("*", "'*'"),
    ])
    func shellQuoting(text: String, quoted: String) {
        #expect(PreparedRequest.quote(text) == quoted)
    }
}

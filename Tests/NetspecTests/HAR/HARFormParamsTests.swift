import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing
@testable import Netspec

/// A form body's `postData` has its fields in HAR's `params` beside `text` (as Chrome writes it:
/// httpsnippet, which turns an entry into a curl or code snippet, reads a form's body from
/// `params` alone and sent none without them), secrets hidden in both; and a file whose form
/// entries have `params` but no `text` replays with those fields as the body.
@Suite struct HARFormParamsTests {
    static let spec = """
        netspec: 1
        service: Forms
        encoding: form
        endpoints:
          login:
            POST: /login
            params:
              user: String
              note: String
              password: { type: String, secret: true }
        """

    @Test func aFormBodyIsRecordedWithItsFieldsAsParams() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let recorder = HARRecorder()
            let api = try makeService(Self.spec, server: server, wireInterceptors: [recorder])
            _ = try await api.call("login", ["user": "ada lovelace", "note": "a&b=c/é", "password": "hunter2-swordfish"])
            let archive = recorder.archive()
            let postData = archive["log"]?["entries"]?[0]?["request"]?["postData"]
            #expect(postData == [
                "mimeType": "application/x-www-form-urlencoded",
                "text": "user=ada+lovelace&note=a%26b%3Dc%2F%C3%A9&password=%5Bredacted%3A+password%5D",
                "params": [
                    ["name": "user", "value": "ada lovelace"],
                    ["name": "note", "value": "a&b=c/é"],
                    ["name": "password", "value": "[redacted: password]"],
                ],
            ])
            #expect(!archive.description.contains("hunter2-swordfish"))
            #expect(HARSchema.violations(archive) == [])
        }
    }

    @Test func formEntriesWithParamsAndNoTextReplayByTheirFields() async throws {
        let scratch = try ScratchDirectory()
        let entries: [JSONValue] = [("ada", "first"), ("bob", "a b&c")].map { user, note in
            [
                "request": ["method": "POST", "url": "https://api.example.com/login", "headers": [], "postData": [
                    "mimeType": "application/x-www-form-urlencoded",
                    "params": [["name": "user", "value": .string(user)], ["name": "note", "value": .string(note)], ["name": "password", "value": "[redacted: password]"]],
                ]],
                "response": ["status": 200, "headers": [["name": "Content-Type", "value": "application/json"]],
                             "content": ["mimeType": "application/json", "text": .string(#"{"who":"\#(user)"}"#)]],
            ]
        }
        let file = try scratch.write(Array((["log": ["version": "1.2", "entries": .array(entries)]] as JSONValue).description.utf8), to: "params.har")
        let replay = try HARReplayTransport(file: file)
        let api = Service(spec: try Spec(yaml: Self.spec, file: "forms.yaml"), provider: Provider(baseURL: "https://api.example.com", options: .init(usesEnvironment: false), transport: replay))
        #expect(try await api.call("login", ["user": "bob", "note": "a b&c", "password": "pw-1"]).value == ["who": "bob"])
        #expect(try await api.call("login", ["user": "ada", "note": "first", "password": "pw-2"]).value == ["who": "ada"])
        let error = await #expect(throws: CallError.self) { try await api.call("login", ["user": "eve", "note": "x", "password": "pw-3"]) }
        #expect(error?.description == """
            no exchange recorded in \(file) has the body of POST https://api.example.com/login (29 bytes); the entries with its method and URL are:
              POST https://api.example.com/login (entry 1) with a body of 55 bytes
              POST https://api.example.com/login (entry 2) with a body of 57 bytes
            """)
    }
}

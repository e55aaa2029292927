import Foundation
import NetspecTestSupport
import Testing
@testable import Netspec

/// Replay tells entries that differ by body apart by what the body says, not by its bytes: a
/// browser's or another client's JSON (spaces after `:`, members in another order) and form
/// (`%20` for `+`, fields in another order) answer the request that sends the same value.
@Suite struct HARReplayBodyMatchTests {
    static let json = """
        netspec: 1
        service: Things
        baseURL: https://api.example.com
        endpoints:
          addThing:
            POST: /things
            params:
              name: String
              n: Int
              tags: "[String]"
        """
    static let form = """
        netspec: 1
        service: Forms
        baseURL: https://api.example.com
        encoding: form
        endpoints:
          login:
            POST: /login
            params:
              user: String
              note: String
        """

    /// A file of POST entries `(url, postData mimeType, postData text, answer)`, as Chrome writes them.
    static func recording(in scratch: ScratchDirectory, _ entries: [(String, String, String, String)]) throws -> String {
        let list = entries.map { url, type, posted, answer -> JSONValue in
            [
                "_initiator": ["type": "script"], "_resourceType": "fetch", "startedDateTime": "2026-11-28T10:00:00.000Z", "time": 5,
                "request": ["method": "POST", "url": .string(url), "httpVersion": "http/1.1", "headers": [["name": "content-type", "value": .string(type)]],
                            "queryString": [], "cookies": [], "headersSize": -1, "bodySize": .int(posted.utf8.count),
                            "postData": ["mimeType": .string(type), "text": .string(posted)]],
                "response": ["status": 201, "statusText": "", "httpVersion": "http/1.1", "headers": [["name": "content-type", "value": "application/json"]],
                             "cookies": [], "content": ["size": .int(answer.utf8.count), "mimeType": "application/json", "text": .string(answer)],
                             "redirectURL": "", "headersSize": -1, "bodySize": -1, "_transferSize": 120, "_error": .null],
                "cache": [:], "timings": ["send": 0, "wait": 3, "receive": 1],
            ]
        }
        let archive: JSONValue = ["log": ["version": "1.2", "creator": ["name": "WebInspector", "version": "537.36"], "pages": [], "entries": .array(list)]]
        return try scratch.write(Array(archive.description.utf8), to: "chrome.har")
    }

    static func service(_ yaml: String, replaying file: String) throws -> Service {
        Service(spec: try Spec(yaml: yaml, file: "bodies.yaml"), provider: Provider(options: .init(usesEnvironment: false), transport: try HARReplayTransport(file: file)))
    }

    @Test func aJSONBodyWrittenWithOtherSpacingAndMemberOrderIsMatchedByValue() async throws {
        let scratch = try ScratchDirectory()
        let file = try Self.recording(in: scratch, [
            ("https://api.example.com/things", "application/json", #"{"n": 3, "tags": ["a", "b"], "name": "rex"}"#, #"{"id":5}"#),
            ("https://api.example.com/things", "application/json", "{\n  \"tags\": [],\n  \"name\": \"max\",\n  \"n\": 4.0\n}", #"{"id":6}"#),
            ("https://api.example.com/things", "application/json", #"{"name": "[redacted: name]", "n": 9, "tags": []}"#, #"{"id":9}"#),
        ])
        let api = try Self.service(Self.json, replaying: file)
        #expect(try await api.call("addThing", ["name": "max", "n": 4, "tags": []]).value == ["id": 6])
        #expect(try await api.call("addThing", ["name": "rex", "n": 3, "tags": ["a", "b"]]).value == ["id": 5])
        #expect(try await api.call("addThing", ["name": "anyone", "n": 9, "tags": []]).value == ["id": 9])
        // Arrays keep their order: ["b","a"] is another value.
        let error = await #expect(throws: CallError.self) { try await api.call("addThing", ["name": "rex", "n": 3, "tags": ["b", "a"]]) }
        #expect(error?.description == """
            no exchange recorded in \(file) has the body of POST https://api.example.com/things (37 bytes); the entries with its method and URL are:
              POST https://api.example.com/things (entry 1) with a body of 43 bytes
              POST https://api.example.com/things (entry 2) with a body of 45 bytes
              POST https://api.example.com/things (entry 3) with a body of 48 bytes
            """)
    }

    @Test func aFormBodyWithOtherEscapesAndFieldOrderIsMatchedByItsFields() async throws {
        let scratch = try ScratchDirectory()
        let form = "application/x-www-form-urlencoded"
        let file = try Self.recording(in: scratch, [
            ("https://api.example.com/login", form, "note=hello%20world&user=ada", #"{"who":"ada"}"#),
            ("https://api.example.com/login", form, "user=bob&note=a%26b", #"{"who":"bob"}"#),
        ])
        let api = try Self.service(Self.form, replaying: file)
        #expect(try await api.call("login", ["user": "bob", "note": "a&b"]).value == ["who": "bob"])
        #expect(try await api.call("login", ["user": "ada", "note": "hello world"]).value == ["who": "ada"])
        let error = await #expect(throws: CallError.self) { try await api.call("login", ["user": "ada", "note": "hello"]) }
        #expect(error?.description == """
            no exchange recorded in \(file) has the body of POST https://api.example.com/login (19 bytes); the entries with its method and URL are:
              POST https://api.example.com/login (entry 1) with a body of 27 bytes
              POST https://api.example.com/login (entry 2) with a body of 19 bytes
            """)
    }
}

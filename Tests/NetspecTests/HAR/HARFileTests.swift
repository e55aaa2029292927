import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing
@testable import Netspec

/// `HARRecorder(file:)` grows its file in place: a complete archive after every exchange, each
/// exchange costing what its own entry takes, written whole again only when a secret seen later
/// changes an entry already written (docs/har.md).
@Suite struct HARFileTests {
    static let spec = """
        netspec: 1
        service: Grown
        headers:
          X-Session: "${SESSION_TOKEN}"
        endpoints:
          item:
            GET: /items/{id}
            params: { id: String }
          feed: { GET: /feed, stream: sse }
        """
    static let handler = TestHandlers.router([
        "GET /feed": TestHandlers.sse(events: ["data: one\n\n", "data: two\n\n"], pauses: .milliseconds(1)),
        "/items/*": TestHandlers.echo,
    ])

    static func service(_ server: TestServer, _ recorder: HARRecorder) throws -> Service {
        try makeService(spec, server: server, variables: ["SESSION_TOKEN": "sess-3c9a7e12"], wireInterceptors: [recorder])
    }

    /// `body` with the test server, a recorder writing to `name` in a scratch directory, and a
    /// service of ``spec`` recorded by it.
    static func recording(to name: String, _ body: (TestServer, String, HARRecorder, Service) async throws -> Void) async throws {
        try await withTestServer(handler) { server in
            let scratch = try ScratchDirectory()
            let file = scratch.path + "/" + name
            let recorder = HARRecorder(file: file)
            try await body(server, file, recorder, try service(server, recorder))
        }
    }

    /// The file's text, and the archive it holds.
    static func read(_ file: String) throws -> (text: String, archive: JSONValue) {
        let bytes = Array(try #require(FileManager.default.contents(atPath: file)))
        return (String(decoding: bytes, as: UTF8.self), try JSONValue(parsing: bytes))
    }

    /// What `write(to:)` writes: the archive, pretty, with a newline.
    static func whole(_ recorder: HARRecorder) -> String {
        recorder.archive().formatted(pretty: true, indent: 2) + "\n"
    }

    static func urls(_ archive: JSONValue) -> [String] {
        (archive["log"]?["entries"]?.array ?? []).map { $0["request"]!["url"]!.string! }
    }

    /// After each exchange the file is the whole archive, byte for byte; what each exchange
    /// writes is about twice its own entry (at its head, and settled at its end), not the file.
    @Test func eachExchangeWritesItsOwnEntryAndTheFileIsTheWholeArchiveAfterEach() async throws {
        try await Self.recording(to: "grown.har") { server, file, recorder, api in
            var (written, size) = (0, 0)
            for number in 1...12 {
                _ = try await api.call("item", ["id": "\(number)"])
                let (text, archive) = try Self.read(file)
                #expect(text == Self.whole(recorder))
                #expect(Self.urls(archive) == (1...number).map { server.url("/items/\($0)") })
                let statistics = recorder.fileStatistics
                if number > 1 { #expect(statistics.bytesWritten - written <= 3 * (text.utf8.count - size), "exchange \(number)") }
                (written, size) = (statistics.bytesWritten, text.utf8.count)
                #expect(statistics.rewrites == 1)
            }
            #expect(!(try Self.read(file).text).contains("sess-3c9a7e12"))
            #expect(HARSchema.violations(try Self.read(file).archive) == [])
        }
    }

    /// A stream the caller stops reading is written for good as far as it was read, once its
    /// body is let go: what each later call writes stays about its own entry.
    @Test func aStreamLetGoUnreadIsWrittenForGood() async throws {
        try await Self.recording(to: "dropped.har") { server, file, recorder, api in
            for try await event in try await api.events("feed") where event.data == "one" { break }
            var (written, size) = (0, 0)
            for number in 1...6 {
                _ = try await api.call("item", ["id": "\(number)"])
                let text = try Self.read(file).text
                if number > 1 { #expect(recorder.fileStatistics.bytesWritten - written <= 3 * (text.utf8.count - size), "call \(number)") }
                (written, size) = (recorder.fileStatistics.bytesWritten, text.utf8.count)
            }
            let entry = try Self.read(file).archive["log"]!["entries"]![0]!
            #expect(entry["comment"] == "the body was not read to its end: recorded as far as it arrived")
        }
    }

    /// A stream still open keeps its place: the exchanges started after it are written after it,
    /// rewritten with it until it ends; then all are written for good.
    @Test func anOpenStreamKeepsItsPlaceBeforeTheExchangesStartedAfterIt() async throws {
        try await Self.recording(to: "stream.har") { server, file, recorder, api in
            var events = try await api.events("feed").makeAsyncIterator()
            #expect(try await events.next()?.data == "one")
            _ = try await api.call("item", ["id": "1"])
            _ = try await api.call("item", ["id": "2"])
            let during = try Self.read(file)
            #expect(Self.urls(during.archive) == [server.url("/feed"), server.url("/items/1"), server.url("/items/2")])
            #expect(during.archive["log"]!["entries"]![0]!["comment"] == "the body was not read to its end: recorded as far as it arrived")
            while try await events.next() != nil {}
            try recorder.write()
            let after = try Self.read(file)
            #expect(after.text == Self.whole(recorder))
            #expect(after.archive["log"]!["entries"]![0]!["response"]!["content"]!["text"] == "data: one\n\ndata: two\n\n")
            #expect(recorder.fileStatistics.rewrites == 1)
        }
    }

    /// Fifty calls at once through one recorder: a valid archive of fifty entries, the same as
    /// the recorder's own.
    @Test func fiftyConcurrentCallsGiveAValidArchiveOfFiftyEntries() async throws {
        try await Self.recording(to: "parallel.har") { server, file, recorder, api in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 1...50 { group.addTask { _ = try await api.call("item", ["id": "\(number)"]) } }
                try await group.waitForAll()
            }
            let (text, archive) = try Self.read(file)
            #expect(Set(Self.urls(archive)) == Set((1...50).map { server.url("/items/\($0)") }))
            #expect(Self.urls(archive).count == 50)
            #expect(text == Self.whole(recorder))
            #expect(HARSchema.violations(archive) == [])
        }
    }

    /// A token refreshed mid-run: the token endpoint's answer is written before the new token is
    /// known; when the next request carries it, the file is written whole again with it hidden.
    @Test func aTokenFirstSeenAfterItWasWrittenHasTheFileWrittenWholeAgain() async throws {
        let (stale, fresh) = HARRecorderTests.refreshTokens
        let handler = HARRecorderTests.refreshingHandler
        try await withTestServer(handler) { server in
            let scratch = try ScratchDirectory()
            let file = scratch.path + "/refresh.har"
            let recorder = HARRecorder(file: file)
            let api = try makeService(AuthTests.refreshingSpec, server: server, variables: ["TOKEN": stale], wireInterceptors: [recorder])
            #expect(try await api.call("data").value == ["token": .string(fresh)])
            let (text, archive) = try Self.read(file)
            #expect(!text.contains(stale) && !text.contains(fresh))
            let answers = archive["log"]!["entries"]!.array!.map { $0["response"]!["content"]!["text"]!.string! }
            #expect(answers == [#"{"token":"[redacted: TOKEN]"}"#, #"{"access_token":"[redacted: TOKEN]"}"#, #"{"token":"[redacted: TOKEN]"}"#])
            #expect(text == Self.whole(recorder))
            #expect(recorder.fileStatistics.rewrites == 2)
        }
    }

    /// A new secret could change a text that does not hold it as it came only by meeting a
    /// placeholder already in it (`[redacted: TOKEN]`, `%5Bredacted%3A%20TOKEN%5D`): then every
    /// entry written is rendered again; otherwise only those that hold it.
    @Test(arguments: [
        ("abc-123-xyz", false), ("Tok3n-value", false),
        ("redacted", true), ("ted: TOK", true), ("N]tail", true), ("lead[re", true),
        ("D4f9e2", true), ("a9%5", true), ("x[redacted: TOKEN]y", true),
    ])
    func aSecretMeetingAPlaceholderHasEveryEntryRenderedAgain(value: String, overlaps: Bool) {
        #expect(HARSecretTable.overlapsAPlaceholder(value, labels: ["TOKEN"]) == overlaps)
    }

    @Test func aSecretIsFoundInTextsAsTheRedactionFindsItAndInBytes() {
        #expect(HARExchange.text("GET /x?k=abc-123", contains: "abc-123"))
        #expect(!HARExchange.text("GET /x?k=abc-12", contains: "abc-123"))
        // U+212A KELVIN SIGN is canonically equivalent to K: the redaction replaces it, so it is found.
        #expect(HARExchange.text("id=\u{212A}ey-77", contains: "Key-77"))
        #expect(HARExchange.bytes([0x89, 0x00] + Array("key-5f".utf8) + [0xFF], contain: Array("key-5f".utf8)))
        #expect(!HARExchange.bytes([0x89, 0x00, 0x6B, 0x65], contain: Array("key-5f".utf8)))
    }

    /// A file removed while recording is written whole again at the next exchange.
    @Test func aFileRemovedWhileRecordingIsWrittenWholeAgain() async throws {
        try await Self.recording(to: "removed.har") { server, file, recorder, api in
            _ = try await api.call("item", ["id": "1"])
            try FileManager.default.removeItem(atPath: file)
            _ = try await api.call("item", ["id": "2"])
            #expect(Self.urls(try Self.read(file).archive) == [server.url("/items/1"), server.url("/items/2")])
            #expect(recorder.fileStatistics.rewrites == 2)
        }
    }

    /// The recording takes the token store's secrets again each time its file is written (each
    /// endpoint's redaction made again): from what the store knows, its file read once for a
    /// recording of 5 exchanges, not at each; the stored token is hidden in every entry.
    @Test func aRecordingReadsTheTokenFileOnce() async throws {
        try await withTestServer(Self.handler) { server in
            let scratch = try ScratchDirectory()
            let base = server.baseURL
            let tokens = try scratch.write(Array(#"{"Grown \#(base) TOKEN":"stored-tok-8d2f"}"#.utf8), to: "tokens.json")
            chmod(tokens, 0o600)
            let store = TokenStore(file: tokens)
            let file = scratch.path + "/tokens.har"
            let recorder = HARRecorder(file: file)
            let provider = Provider(baseURL: base, variables: ["SESSION_TOKEN": "sess-3c9a7e12"], options: testOptions(), wireInterceptors: [recorder], tokenStore: store)
            let api = Service(spec: try Spec(yaml: Self.spec, file: "test.yaml"), provider: provider)
            for _ in 1...5 { _ = try await api.call("item", ["id": "stored-tok-8d2f"]) }
            let (text, archive) = try Self.read(file)
            #expect(Self.urls(archive) == Array(repeating: server.url("/items/%5Bredacted%3A%20TOKEN%5D"), count: 5))
            #expect(!text.contains("stored-tok-8d2f"))
            #expect(store.fileReads == 1)
        }
    }

    /// A recording below a file, where a directory should be, says so: it said "Inappropriate
    /// ioctl for device", the `errno` of some earlier call.
    @Test func aRecordingUnderAFileSaysWhy() throws {
        let scratch = try ScratchDirectory()
        let plain = try scratch.write(Array("not a directory".utf8), to: "plain")
        let recorder = HARRecorder()
        #expect(throws: HARRecorder.WriteError(file: plain + "/run.har", reason: "Not a directory")) {
            try recorder.write(to: plain + "/run.har")
        }
        #expect(throws: HARRecorder.WriteError(file: plain + "/deeper/run.har", reason: "Not a directory")) {
            try recorder.write(to: plain + "/deeper/run.har")
        }
    }
}

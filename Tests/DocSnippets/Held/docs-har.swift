// docs/har.md's Swift blocks, verbatim between `// snippet docs/har.md N` and `// end snippet docs/har.md N`
// (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func harRecordAndReplay() async throws {
        // snippet docs/har.md 1
        let recorder = HARRecorder(file: "calls.har")            // keepingSecrets: true writes them as sent
        let live = Service(spec: try .load(path: "specs/users.yaml"), provider: Provider(wireInterceptors: [recorder]))
        let user = try await live.call("getUser", ["id": "johne"])

        let replay = try HARReplayTransport(file: "calls.har")
        let offline = Service(spec: try .load(path: "specs/users.yaml"), provider: Provider(transport: replay))
        let again = try await offline.call("getUser", ["id": "johne"])   // the recorded answer
        // end snippet docs/har.md 1
        _ = (user, again)
    }
}

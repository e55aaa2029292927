// docs/websockets.md's Swift block, verbatim between `// snippet docs/websockets.md N` and
// `// end snippet docs/websockets.md N` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func webSocket(api: Service, questions: AsyncStream<JSONValue>) async throws {
        // snippet docs/websockets.md 1
        let socket = try await api.chat.connect(room: "a")      // returns once the upgrade is done
        try await socket.send(["text": "hi"])                    // or send(text:), send(binary:)
        for try await message in try socket.messages {           // .value(JSONValue), .text or .binary
            print(message.value)
            if message.value["text"] == "bye" { break }          // leaving the loop closes with 1001
        }
        for try await reply in try await api.chat.connect(room: "b").exchange(questions) {
            print(reply.value)                                   // sends `questions` (an AsyncSequence of JSONValue) as they come
        }
        // end snippet docs/websockets.md 1
    }
}

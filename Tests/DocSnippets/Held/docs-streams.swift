// docs/streams.md's Swift block, verbatim between `// snippet docs/streams.md N` and
// `// end snippet docs/streams.md N` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func streaming(api: Service) async throws {
        // snippet docs/streams.md 1
        let events = try await api.completions.events(model: "gpt-4o-mini", messages: [["role": "user", "content": "hi"]])
        for try await event in events {                           // ServerSentEvent: event, data, id?, retry?
            let chunk = try event.json()                          // or try event.decode(Chunk.self)
            print(chunk.value(at: "choices.0.delta.content")?.string ?? "", terminator: "")
        }
        for try await value in try await api.tail.lines() {      // stream: lines — one JSONValue per line
            print(value)
        }
        for try await chunk in try await api.download.bytes() {  // stream: bytes — raw [UInt8] chunks
            print(chunk.count)
        }
        // end snippet docs/streams.md 1
    }
}

// The Swift blocks of the DocC article CallForms.md, verbatim between
// `// snippet Sources/Netspec/Netspec.docc/CallForms.md N` and its `// end snippet …` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func callFormsStreams(api: Service) async throws {
        // snippet Sources/Netspec/Netspec.docc/CallForms.md 1
        for try await event in try await api.completions.events(model: "m", messages: [["role": "user", "content": "hi"]]) {
            print(event.data)
        }
        for try await chunk in try await api.download.bytes(path: "a.bin") {
            print(chunk.count)
        }
        // end snippet Sources/Netspec/Netspec.docc/CallForms.md 1
    }

    static func callFormsWebSocket(api: Service) async throws {
        // snippet Sources/Netspec/Netspec.docc/CallForms.md 2
        let socket = try await api.chat.connect(room: "a")
        try await socket.send(["text": "hi"])
        for try await message in try socket.messages {
            print(message.value)
        }
        // end snippet Sources/Netspec/Netspec.docc/CallForms.md 2
    }

    static func callFormsPreviewsAndPages(api: Service) async throws {
        // snippet Sources/Netspec/Netspec.docc/CallForms.md 3
        let request = try await api.getUser.prepare(id: "johne")
        print(request.curlCommand)
        let response = try await api.send(request)
        for try await issue in try await api.listIssues.items(owner: "apple", repo: "swift") {
            print(issue["title"]?.string ?? "", response.status)
        }
        // end snippet Sources/Netspec/Netspec.docc/CallForms.md 3
    }
}

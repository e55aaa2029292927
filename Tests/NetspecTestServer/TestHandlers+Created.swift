public import NetspecTestSupport

extension TestHandlers {
    /// Answers `POST` 201 `{"id":7}` (a resource created), anything else 200 `{}`, both JSON,
    /// recording each request as the server saw it: `METHOD http://HOST TARGET` (for a stateful
    /// check's link followed to a server of its own: which host, which path).
    public static func createdRecording(_ seen: Recorder<String>) -> TestHandler {
        { request, writer in
            seen.record("\(request.method) http://\(request.header("Host") ?? "?")\(request.target)")
            let created = request.method == "POST"
            try await writer.respond(status: created ? 201 : 200, headers: [("Content-Type", "application/json")], body: created ? #"{"id":7}"# : "{}")
        }
    }
}

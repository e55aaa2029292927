import Foundation
import NetspecTestServer
import Testing
import Netspec
import NetspecTestSupport

/// Upload and download progress callbacks.
@Suite struct ProgressTests {
    /// What a callback was told.
    struct Progress: Hashable {
        var completed: Int
        var total: Int?
    }

    /// The limit is far beyond the default 60 s, which the upload once ran into on two loaded
    /// cores (the landing run of 99afb6b): nothing here is about time.
    @Test func uploadProgressCountsTheWholeBody() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin").path
            try Data(repeating: 7, count: 300_000).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let api = try makeService("netspec: 1\nservice: Test\nendpoints:\n  put:\n    PUT: /blob\n    params: { _: Data }\n", server: server)
            let recorder = Recorder<Progress>()
            _ = try await api.call("put", ["_": .file(URL(fileURLWithPath: path))], options: CallOptions(timeout: .seconds(600), uploadProgress: { recorder.record(Progress(completed: $0, total: $1)) }))
            let values = recorder.all
            #expect(values.count >= 5)
            #expect(values.last == Progress(completed: 300_000, total: 300_000))
            #expect(zip(values, values.dropFirst()).allSatisfy { $0.completed < $1.completed })
        }
    }

    @Test func downloadProgressReportsContentLength() async throws {
        let body = "[" + Array(repeating: "1234567890", count: 50_000).joined(separator: ",") + "]"
        try await withTestServer(TestHandlers.json(body: body)) { server in
            let api = try makeService("netspec: 1\nservice: Test\nendpoints:\n  get: { GET: /big }\n", server: server)
            let recorder = Recorder<Progress>()
            let response = try await api.call("get", options: CallOptions(downloadProgress: { recorder.record(Progress(completed: $0, total: $1)) }))
            #expect(response.value.array?.count == 50_000)
            #expect(recorder.all.last == Progress(completed: body.utf8.count, total: body.utf8.count))
        }
    }
}

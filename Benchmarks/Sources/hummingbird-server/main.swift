// A bare Hummingbird 2 server answering `GET /users/{id}` with the bytes `netspec mock
// inputs/bench.yaml` answers for id 1: the floor the mock server is held against (issue 33:
// ≥ 0.7× its requests/s). Same framework, same HTTP/1.1 server, no routing over a spec, no
// request checks, no log line.
//
// Usage: hummingbird-server. Prints "PORT <n>" once it listens, exits when standard input closes.
import Foundation
import Hummingbird
import Logging
import NIOCore

let body = ByteBuffer(string: #"{"id":"1","name":"user 1","email":"u1@example.com","active":true}"#)
let router = Router()
router.get("/users/{id}") { _, _ -> Response in
    Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
}
var logger = Logger(label: "hummingbird-server")
logger.logLevel = .critical
let application = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "netspec-mock"),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("PORT \(channel.localAddress?.port ?? 0)\n".utf8))
    },
    logger: logger
)
// Ends with the bench: when standard input closes.
Thread.detachNewThread {
    while FileHandle.standardInput.availableData.count > 0 {}
    exit(0)
}
try await application.runService(gracefulShutdownSignals: [])

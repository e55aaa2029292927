// A small keep-alive HTTP/1.1 server on 127.0.0.1 for netspec-bench's network workloads.
//
// Usage: bench-server [--port N] [--threads N] [--tls CERT.pem KEY.pem] [--big PATH]
// Prints "PORT <n>" on standard output once it listens, and exits when standard input closes
// (so it never outlives the benchmark that started it).
//
//   GET /users/{id}   200 {"id":"<id>","name":"user <id>","email":"u<id>@example.com","active":true}, max-age=3600
//   GET /uncached/users/{id}  the same without caching headers (a cold call that cannot be served from the cache)
//   GET /pages?page=N 200 [10 users] with `Link: </pages?page=N+1>; rel="next"` while N < 100
//   GET /big          200 the bytes of the file `--big PATH` names, as application/json (read on first use, then kept)
//   GET /big.jsonl    200 the same bytes as application/x-ndjson (a validating proxy streams these through unchecked)
//   GET /slow/…       the answer to GET /… 50 ms later (an API that takes its time)
//   POST, PUT, PATCH  the body is streamed and discarded; 200 {"bytes":<count>,"sum":<sum of the bytes mod 2^32>}
//   anything else     404
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

final class BenchHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var head: HTTPRequestHead?
    private var byteCount = 0
    private var byteSum: UInt32 = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(requestHead):
            head = requestHead
            byteCount = 0
            byteSum = 0
        case let .body(buffer):
            byteCount += buffer.readableBytes
            var sum = byteSum
            buffer.withUnsafeReadableBytes { bytes in
                for byte in bytes { sum &+= UInt32(byte) }
            }
            byteSum = sum
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        // `/slow/…`: the same answer 50 ms later (an API that takes its time: the MCP workload).
        if head.uri.hasPrefix("/slow/") {
            var later = head
            later.uri = String(head.uri.dropFirst("/slow".count))
            context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(50)) { self.respond(to: later, context: context) }
            return
        }
        let status: HTTPResponseStatus
        let body: String
        var contentType = "application/json"
        var extra: [(String, String)] = []
        switch head.method {
        case .GET where head.uri.hasPrefix("/pages"):
            let page = Int(head.uri.split(separator: "=").last ?? "1") ?? 1
            status = .ok
            body = "[" + (0..<10).map { index in
                let id = page * 10 + index
                return #"{"id":"\#(id)","name":"user \#(id)","email":"u\#(id)@example.com","active":true}"#
            }.joined(separator: ",") + "]"
            if page < 100 { extra.append(("Link", #"</pages?page=\#(page + 1)>; rel="next""#)) }
        case .GET where head.uri == "/big" || head.uri == "/big.jsonl":
            if let path = textOption("--big"), let bytes = FileCache.bytes(path) {
                status = .ok
                body = bytes
                if head.uri.hasSuffix(".jsonl") { contentType = "application/x-ndjson" }
            } else {
                status = .notFound
                body = #"{"error":"no such file"}"#
            }
        case .GET where head.uri.hasPrefix("/users/") || head.uri.hasPrefix("/uncached/users/"):
            let cached = head.uri.hasPrefix("/users/")
            let id = head.uri.dropFirst(cached ? "/users/".count : "/uncached/users/".count).prefix { $0 != "?" }
            status = .ok
            body = #"{"id":"\#(id)","name":"user \#(id)","email":"u\#(id)@example.com","active":true}"#
            if cached { extra.append(("Cache-Control", "max-age=3600")) }  // the `cache` workload's hits; ignored elsewhere
        case .POST, .PUT, .PATCH:
            status = .ok
            body = #"{"bytes":\#(byteCount),"sum":\#(byteSum)}"#
        default:
            status = .notFound
            body = #"{"error":"not found"}"#
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        for (name, value) in extra { headers.add(name: name, value: value) }
        if !head.isKeepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        if head.isKeepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// The value of a text option (`--big PATH`), if given.
func textOption(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let position = arguments.firstIndex(of: name), position + 1 < arguments.count else { return nil }
    return arguments[position + 1]
}

/// Files served by `GET /big`, read on first use (as text: the bench's files are JSON).
enum FileCache {
    nonisolated(unsafe) private static var files: [String: String] = [:]
    private static let lock = NIOLock()

    static func bytes(_ path: String) -> String? {
        lock.withLock {
            if let known = files[path] { return known }
            guard let file = fopen(path, "rb") else { return nil }
            defer { fclose(file) }
            var data: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                if count <= 0 { break }
                data += chunk[0..<count]
            }
            let text = String(decoding: data, as: UTF8.self)
            files[path] = text
            return text
        }
    }
}

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let position = arguments.firstIndex(of: name), position + 1 < arguments.count, let number = Int(arguments[position + 1]) else {
        return value
    }
    return number
}

/// `--tls CERT KEY`: serve HTTPS with that certificate (PEM) and key.
let tlsContext: NIOSSLContext? = {
    let arguments = CommandLine.arguments
    guard let position = arguments.firstIndex(of: "--tls"), position + 2 < arguments.count else { return nil }
    do {
        let chain = try NIOSSLCertificate.fromPEMFile(arguments[position + 1]).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: arguments[position + 2], format: .pem)
        return try NIOSSLContext(configuration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key)))
    } catch {
        print("bench-server: cannot load the TLS certificate: \(error)")
        exit(1)
    }
}()

let group = MultiThreadedEventLoopGroup(numberOfThreads: option("--threads", default: 1))
let bootstrap = ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 1024)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelOption(.maxMessagesPerRead, value: 16)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            if let tlsContext { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tlsContext)) }
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(BenchHandler())
        }
    }

let server: any Channel
do {
    server = try bootstrap.bind(host: "127.0.0.1", port: option("--port", default: 0)).wait()
} catch {
    print("bench-server: cannot listen: \(error)")
    exit(1)
}
print("PORT \(server.localAddress?.port ?? 0)")
fflush(nil)

// Serve until standard input reaches its end.
var scratch = [UInt8](repeating: 0, count: 256)
while read(0, &scratch, scratch.count) > 0 {}
try? server.close().wait()
try? group.syncShutdownGracefully()

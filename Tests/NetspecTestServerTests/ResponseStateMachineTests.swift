@testable import NetspecTestServer
import Testing

@Suite struct ResponseStateMachineTests {
    @Test(arguments: [
        (200, "GET", [("Content-Length", "3")], ResponseFraming.contentLength(3)),
        (200, "GET", [("transfer-encoding", "gzip, chunked"), ("Content-Length", "3")], .chunked),
        (200, "GET", [], .untilClose),
        (200, "HEAD", [("Content-Length", "3")], .none),
        (204, "GET", [], .none),
        (304, "GET", [("Content-Length", "3")], .none),
        (103, "GET", [], .none),
        (200, "GET", [("Content-Length", "x")], .untilClose),
    ] as [(Int, String, [(String, String)], ResponseFraming)])
    func framingFollowsRFC9112(status: Int, method: String, headers: [(String, String)], expected: ResponseFraming) {
        #expect(ResponseFraming.of(status: status, requestMethod: method, headers: headers) == expected)
    }

    @Test func serializesHeadVerbatim() {
        let head = WireFormat.head(status: 418, reason: nil, headers: [("X-a", " b "), ("X-a", "c")])
        #expect(String(decoding: head, as: UTF8.self) == "HTTP/1.1 418 Status 418\r\nX-a:  b \r\nX-a: c\r\n\r\n")
        let custom = WireFormat.head(status: 200, reason: "Fine", headers: [])
        #expect(String(decoding: custom, as: UTF8.self) == "HTTP/1.1 200 Fine\r\n\r\n")
    }

    @Test func framesChunksInHex() {
        let chunk = WireFormat.chunk([UInt8](repeating: 0x61, count: 26))
        #expect(String(decoding: chunk, as: UTF8.self) == "1a\r\n" + String(repeating: "a", count: 26) + "\r\n")
        #expect(String(decoding: WireFormat.lastChunk(trailers: [("T", "1")]), as: UTF8.self) == "0\r\nT: 1\r\n\r\n")
    }

    @Test func endWithoutHeadSendsEmptyOK() {
        var machine = ResponseStateMachine(requestMethod: "GET")
        let action = machine.end()
        #expect(action?.bytes == Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8))
        #expect(action?.closeConnection == false)
        #expect(machine.end() == nil)
    }

    @Test func shortContentLengthClosesConnection() throws {
        var machine = ResponseStateMachine(requestMethod: "GET")
        try machine.writeHead(status: 200, headers: [("Content-Length", "5")])
        #expect(try machine.body([1, 2], chunk: false) == .write([1, 2]))
        #expect(machine.end()?.closeConnection == true)
    }

    @Test func exactContentLengthKeepsConnection() throws {
        var machine = ResponseStateMachine(requestMethod: "GET")
        try machine.writeHead(status: 200, headers: [("Content-Length", "2")])
        _ = try machine.body([1, 2], chunk: false)
        #expect(machine.end() == .init(bytes: [], closeConnection: false))
    }

    @Test func connectionCloseHeaderClosesConnection() throws {
        var machine = ResponseStateMachine(requestMethod: "GET")
        try machine.writeHead(status: 200, headers: [("Content-Length", "0"), ("Connection", "close")])
        #expect(machine.end()?.closeConnection == true)
    }

    @Test func chunkedEndWritesLastChunk() throws {
        var machine = ResponseStateMachine(requestMethod: "GET")
        try machine.writeHead(status: 200, headers: [("Transfer-Encoding", "chunked")])
        #expect(try machine.body(Array("hi".utf8), chunk: false) == .write(Array("2\r\nhi\r\n".utf8)))
        #expect(try machine.body([], chunk: false) == .discard)
        #expect(machine.end() == .init(bytes: Array("0\r\n\r\n".utf8), closeConnection: false))
    }

    @Test func bodyOfHeadResponseIsDiscarded() throws {
        var machine = ResponseStateMachine(requestMethod: "HEAD")
        try machine.writeHead(status: 200, headers: [("Content-Length", "10")])
        #expect(try machine.body([1], chunk: false) == .discard)
        #expect(machine.end()?.closeConnection == false)
    }

    @Test func interimHeadAllowsFinalHead() throws {
        var machine = ResponseStateMachine(requestMethod: "GET")
        try machine.writeHead(status: 103, headers: [("Link", "</a>")])
        #expect(!machine.headWritten)
        try machine.writeHead(status: 200, headers: [])
        #expect(machine.headWritten)
        #expect(throws: TestServerError.headAlreadyWritten) { try machine.writeHead(status: 200, headers: []) }
    }

    @Test func rawWritesStopFraming() throws {
        var machine = ResponseStateMachine(requestMethod: "GET")
        try machine.writeHead(status: 200, headers: [("Content-Length", "100")])
        machine.wroteRaw()
        #expect(machine.end() == .init(bytes: [], closeConnection: false))
    }
}

@_spi(Parsing) @testable import Netspec
import Testing

/// The async adapters: `ServerSentEvent.AsyncEvents` over chunked bodies, and the line splitting `JSONLineStream` drives.
@Suite struct StreamSequenceTests {

    static let stream = Array(utf8: "\u{FEFF}: hi\r\nid: 1\r\nevent: add\r\ndata: a\r\ndata: b\r\n\r\nretry: 9\ndata: c\r\rdata: lost")
    static let expected = [
        ServerSentEvent(event: "add", data: "a\nb", id: "1"),
        ServerSentEvent(data: "c", id: "1", retry: 9),
    ]

    // MARK: - ServerSentEvent.AsyncEvents

    @Test func eventsFromOneChunk() async throws {
        var events: [ServerSentEvent] = []
        for try await event in ChunkSource(chunks: [Self.stream]).serverSentEvents() { events.append(event) }
        #expect(events == Self.expected)
    }

    @Test func eventsFromOneBytePerChunk() async throws {
        var events: [ServerSentEvent] = []
        for try await event in ServerSentEvent.AsyncEvents(ChunkSource(chunks: Self.stream.map { [$0] })) {
            events.append(event)
        }
        #expect(events == Self.expected)
    }

    @Test func eventsFromEverySplit() async throws {
        for chunking in Chunking.all(of: Self.stream) {
            var events: [ServerSentEvent] = []
            for try await event in ChunkSource(chunks: chunking.chunks).serverSentEvents() { events.append(event) }
            #expect(events == Self.expected, "\(chunking)")
        }
    }

    @Test func eventsFromAnAsyncStreamOfSlices() async throws {
        let (body, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        for start in stride(from: 0, to: Self.stream.count, by: 7) {
            continuation.yield(Self.stream[start..<min(start + 7, Self.stream.count)])
        }
        continuation.finish()
        var events: [ServerSentEvent] = []
        for try await event in body.serverSentEvents() { events.append(event) }
        #expect(events == Self.expected)
    }

    /// Events completed before an oversized line are delivered, then the limit error is thrown.
    @Test func limitErrorAfterEarlierEvents() async throws {
        let chunks = [Array(utf8: "data: a\n\ndata: b\n\ndata: 123456789")]
        var iterator = ChunkSource(chunks: chunks)
            .serverSentEvents(limits: StreamLimits(maxLineBytes: 8)).makeAsyncIterator()
        #expect(try await iterator.next() == ServerSentEvent(data: "a"))
        #expect(try await iterator.next() == ServerSentEvent(data: "b"))
        await #expect(throws: StreamError.lineTooLong(limit: 8)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func upstreamErrorPropagates() async throws {
        var iterator = ChunkSource(chunks: [Array(utf8: "data: a\n\ndata: b")], failsAtEnd: true)
            .serverSentEvents().makeAsyncIterator()
        #expect(try await iterator.next() == ServerSentEvent(data: "a"))
        await #expect(throws: ChunkSource.Dropped.self) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func endsWithNilAndStaysEnded() async throws {
        var iterator = ChunkSource(chunks: [Array(utf8: "data: a\n\n")]).serverSentEvents().makeAsyncIterator()
        #expect(try await iterator.next() == ServerSentEvent(data: "a"))
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
    }

    // MARK: - Lines (what `JSONLineStream`'s iterator drives)

    @Test func linesIncludingTheFinalUnterminatedOne() async throws {
        let input = Array(utf8: "{\"a\":1}\r\n\n  \n{\"b\":2}\n{\"c\":3}")
        for chunking in Chunking.all(of: input) {
            var parser = LineStreamParser()
            var lines: [String] = []
            for chunk in chunking.chunks {
                try parser.append(chunk)
                while let line = parser.next() { lines.append(String(decoding: line, as: UTF8.self)) }
            }
            var last = parser.finish()
            while let line = last {
                lines.append(String(decoding: line, as: UTF8.self))
                last = parser.next()
            }
            #expect(lines == ["{\"a\":1}", "{\"b\":2}", "{\"c\":3}"], "\(chunking)")
        }
    }

    @Test func lineLimitErrorAfterEarlierLines() async throws {
        var parser = LineStreamParser(limits: StreamLimits(maxLineBytes: 4))
        #expect(throws: StreamError.lineTooLong(limit: 4)) { try parser.append(Array(utf8: "ok\ntoo long\n")) }
        #expect(parser.next().map { String(decoding: $0, as: UTF8.self) } == "ok")
        #expect(parser.next() == nil)
        #expect(throws: StreamError.lineTooLong(limit: 4)) { try parser.append(Array(utf8: "more\n")) }
    }
}

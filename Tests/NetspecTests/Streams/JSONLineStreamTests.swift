@testable import Netspec
import Testing

/// `JSONLineStream` (the values of a `stream: lines` endpoint) over bodies fed in every chunking.
@Suite struct JSONLineStreamTests {
    static func stream(_ chunks: [[UInt8]], until: String? = nil, failsAtEnd: Bool = false) -> JSONLineStream {
        let body = TransportResponse.Body(ChunkSource(chunks: chunks, failsAtEnd: failsAtEnd))
        return JSONLineStream(head: TransportResponse(status: 200), stream: ResponseStream(kind: .lines, body: body, until: until, reconnection: nil), endpoint: "logs")
    }

    /// Reads values until the end or the first error; then checks that the iterator stays ended
    /// (its next call returns `nil` rather than a value or an error).
    static func read(_ stream: JSONLineStream) async -> (values: [JSONValue], error: CallError?, staysEnded: Bool) {
        var iterator = stream.makeAsyncIterator()
        var values: [JSONValue] = []
        var failure: CallError?
        do {
            while let value = try await iterator.next() { values.append(value) }
        } catch {
            failure = error as? CallError
        }
        let staysEnded: Bool
        do {
            staysEnded = try await iterator.next() == nil
        } catch {
            staysEnded = false
        }
        return (values, failure, staysEnded)
    }

    @Test func valuesAcrossEveryChunking() async {
        let input = Array(utf8: "{\"n\":1}\r\n\n \t\r\n[1,2]\n\"x\\ny\"\n7")
        for chunking in Chunking.all(of: input) {
            let (values, error, staysEnded) = await Self.read(Self.stream(chunking.chunks))
            #expect(values == [["n": 1], [1, 2], "x\ny", 7], "\(chunking)")
            #expect(error == nil, "\(chunking)")
            #expect(staysEnded, "\(chunking)")
        }
    }

    @Test func untilLineEndsTheStreamInEveryChunking() async {
        let input = Array(utf8: "{\"n\":1}\n[DONE]\n{\"n\":2}\n")
        for chunking in Chunking.all(of: input) {
            let (values, error, staysEnded) = await Self.read(Self.stream(chunking.chunks, until: "[DONE]"))
            #expect(values == [["n": 1]], "\(chunking)")
            #expect(error == nil, "\(chunking)")
            #expect(staysEnded, "\(chunking)")
        }
    }

    /// The error names the line where it is in the body, the blank lines skipped before it
    /// counted (as `netspec check` names a line): `oops` is line 4, not the third value's line.
    @Test func aLineThatIsNotJSONFailsAfterTheGoodOnesInEveryChunking() async {
        let input = Array(utf8: "{\"n\":1}\n\n[2]\noops\n{\"n\":3}\n")
        for chunking in Chunking.all(of: input) {
            let (values, error, staysEnded) = await Self.read(Self.stream(chunking.chunks))
            #expect(values == [["n": 1], [2]], "\(chunking)")
            #expect(error?.description.hasPrefix("endpoint 'logs': line 4 is not JSON (") == true, "\(chunking): \(String(describing: error))")
            #expect(staysEnded, "\(chunking)")
        }
    }

    /// The line the body was cut off in is not a value, even when it parses.
    @Test func aBodyThatFailsEndsTheStreamAfterItsLinesInEveryChunking() async {
        let input = Array(utf8: "{\"n\":1}\n[2]\n[3]")
        for chunking in Chunking.all(of: input) {
            let (values, error, staysEnded) = await Self.read(Self.stream(chunking.chunks, failsAtEnd: true))
            #expect(values == [["n": 1], [2]], "\(chunking)")
            #expect(error?.transport?.kind == .other, "\(chunking): \(String(describing: error))")
            #expect(staysEnded, "\(chunking)")
        }
    }
}

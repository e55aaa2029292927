public import HTTPTypes
import NetspecModel

/// The values of a `stream: lines` endpoint (newline-delimited JSON), one per line as it arrives.
///
/// Blank lines are skipped; the stream ends at the end of the response, or at a line equal to the
/// spec's `until` value (not yielded). A line that is not JSON fails the stream with a decoding
/// error naming the line. An `application/json-seq` answer is read as RFC 7464 frames it: each
/// record starts with RS (U+001E) and is one JSON text, which may span lines (`record 2` in
/// messages).
public struct JSONLineStream: AsyncSequence, Sendable {
    /// A value.
    public typealias Element = JSONValue
    /// The errors the stream throws: ``CallError``.
    public typealias Failure = any Error

    /// The response's status code.
    public let status: Int
    /// The response's headers.
    public let headerFields: HTTPFields
    let stream: ResponseStream
    let endpoint: String

    init(head: TransportResponse, stream: ResponseStream, endpoint: String) {
        status = head.status
        headerFields = head.headerFields
        self.stream = stream
        self.endpoint = endpoint
    }

    /// Creates an iterator; a stream can be read once.
    public func makeAsyncIterator() -> Iterator {
        let isSequence = MediaType.base(of: headerFields[.contentType] ?? "") == "application/json-seq"
        return Iterator(
            body: stream.body.makeAsyncIterator(), until: stream.until, endpoint: endpoint, itemCheck: stream.itemCheck,
            parser: LineStreamParser(recordSeparated: isSequence), item: isSequence ? "record" : "line"
        )
    }

    /// Reads values.
    ///
    /// It drives a `LineStreamParser` itself rather than through a generic line sequence: the
    /// specialization of such an iterator for `TransportResponse.Body` crashed swift-frontend 6.3.1
    /// in release builds (while splitting the coroutine).
    public struct Iterator: AsyncIteratorProtocol {
        var body: TransportResponse.Body.Iterator?
        let until: String?
        let endpoint: String
        let itemCheck: StreamItemCheck?
        var parser: LineStreamParser
        /// What an item is called in messages: `line`, or `record` in a JSON text sequence.
        let item: String
        var lineNumber = 0
        /// The text of the value ``next()`` last returned, until it is called again: for `netspec
        /// call`, which prints a value's integers a `Double` changed with the digits they had.
        package private(set) var lastLine: ArraySlice<UInt8> = []

        /// The next value, or `nil` when the stream has ended.
        public mutating func next() async throws -> JSONValue? {
            // Let go of the last line first, so that the parser can reuse its storage.
            lastLine = []
            do {
                while true {
                    if let line = parser.next() ?? (body == nil ? parser.finish() : nil) {
                        lineNumber = parser.lastLineNumber
                        return try decode(line)
                    }
                    guard var iterator = body else { return nil }
                    if let chunk = try await iterator.next() {
                        body = iterator
                        try parser.append(chunk)
                    } else {
                        body = nil
                        guard let last = parser.finish() else { return nil }
                        lineNumber = parser.lastLineNumber
                        return try decode(last)
                    }
                }
            } catch {
                // A failed stream stays ended: lines queued behind the error are not values.
                body = nil
                parser = LineStreamParser()
                throw CallError.wrapping(error)
            }
        }

        private mutating func decode(_ line: ArraySlice<UInt8>) throws -> JSONValue? {
            if let until, line.elementsEqual(until.utf8) {
                body = nil
                parser = LineStreamParser()
                return nil
            }
            let value: JSONValue
            do {
                value = try JSONValue(parsing: line)
            } catch {
                throw CallError.ResultDecodingError(endpoint: endpoint, keyPath: "", message: "\(item) \(lineNumber) is not JSON (\(error))")
            }
            try itemCheck?.check(value, "\(item) \(lineNumber)")
            lastLine = line
            return value
        }
    }
}

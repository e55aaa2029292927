/// The values of a `stream: lines` endpoint (newline-delimited JSON), one per line as it arrives.
///
/// Blank lines are skipped; the stream ends at the end of the response, or at a line equal to the
/// spec's `until` value (not yielded). A line that is not JSON fails the stream with a decoding
/// error naming the line.
public struct JSONLineStream: AsyncSequence, Sendable {
    /// A value.
    public typealias Element = JSONValue
    /// The errors the stream throws: ``CallError``.
    public typealias Failure = any Error

    let stream: ResponseStream
    let endpoint: String

    /// Creates an iterator; a stream can be read once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(lines: stream.body.newlineDelimitedLines().makeAsyncIterator(), until: stream.until, endpoint: endpoint)
    }

    /// Reads values.
    public struct Iterator: AsyncIteratorProtocol {
        /// The body's lines; `nil` once the stream has ended, failed or reached `until`.
        var lines: LineSequence<ResponseBody>.AsyncIterator?
        let until: String?
        let endpoint: String
        var lineNumber = 0

        /// The next value, or `nil` when the stream has ended.
        public mutating func next() async throws -> JSONValue? {
            // Moved out while it is read (so its buffers are not shared with a copy left here) and
            // put back only after a value: at the end, at `until` and after an error the body is released.
            guard var iterator = lines.take() else { return nil }
            do {
                guard let line = try await iterator.next() else { return nil }
                if let until, line.elementsEqual(until.utf8) { return nil }
                lineNumber += 1
                let value = try decode(line)
                lines = iterator
                return value
            } catch {
                throw CallError.wrapping(error)
            }
        }

        private func decode(_ line: ArraySlice<UInt8>) throws -> JSONValue {
            do {
                return try JSONValue(parsing: line)
            } catch {
                throw ResultDecodingError(endpoint: endpoint, keyPath: "", message: "line \(lineNumber) is not JSON (\(error))")
            }
        }
    }
}

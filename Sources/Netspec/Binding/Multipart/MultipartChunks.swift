/// The bytes of a ``PreparedRequest/Multipart`` as an asynchronous sequence of chunks, made by
/// ``PreparedRequest/Multipart/chunks(chunkSize:)``.
///
/// Every chunk holds exactly ``chunkSize`` bytes except the last. Small pieces are packed together,
/// so a body of many text fields is a few chunks, not one per header; file parts are read with
/// `pread` straight into the chunk being built, one file at a time and only when reached, so a
/// 1 GiB file never sits in memory. The sequence can be iterated any number of times; each
/// iterator starts from the first byte and reopens the files.
///
/// - Important: Iteration throws ``MultipartError`` if a header value is invalid (before the first
///   chunk), if a file cannot be read, or if a file's size differs from the one recorded when its
///   part was made (the `Content-Length` would be wrong). It throws `CancellationError` when the
///   task is cancelled; cancellation is checked before each chunk.
package struct MultipartChunks: AsyncSequence, Sendable {
    /// A chunk of the body.
    package typealias Element = [UInt8]

    /// Any error: ``MultipartError`` or `CancellationError`.
    package typealias Failure = any Error

    /// The largest chunk, in bytes.
    package let chunkSize: Int

    /// The laid-out body, or why it cannot be sent.
    private let layout: Result<MultipartLayout, MultipartError>

    init(body: PreparedRequest.Multipart, chunkSize: Int) {
        self.chunkSize = chunkSize
        self.layout = Result { () throws(MultipartError) in try MultipartLayout(validating: body) }
    }

    /// The chunks of one file, for a raw file body (``PreparedRequest/Body/file(path:size:)``), read the same way.
    init(file path: String, size: Int, chunkSize: Int = 64 * 1024) {
        self.chunkSize = chunkSize
        self.layout = .success(MultipartLayout(file: path, size: size))
    }

    /// The chunks of `length` bytes of a file from `offset`, for a raw body.
    init(file path: String, offset: Int, length: Int, chunkSize: Int = 64 * 1024) {
        self.chunkSize = chunkSize
        self.layout = .success(MultipartLayout(file: path, offset: offset, length: length))
    }

    /// An iterator from the first byte of the body.
    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(layout: layout, chunkSize: chunkSize)
    }

    // MARK: - Iterator

    /// Produces the chunks of one pass over the body.
    ///
    /// Holds at most one open file, closed when its part ends, when iteration fails, or when the
    /// iterator is dropped.
    package struct AsyncIterator: AsyncIteratorProtocol {
        private let layout: Result<MultipartLayout, MultipartError>
        private let chunkSize: Int
        /// The segment being written.
        private var segmentIndex = 0
        /// How much of that segment has been written.
        private var offset = 0
        /// How much of the body has been written.
        private var written = 0
        /// The file of the current segment, once it has been opened.
        private var file: MultipartFile?
        /// Set after the last chunk or an error; later calls return `nil`.
        private var isFinished = false

        fileprivate init(layout: Result<MultipartLayout, MultipartError>, chunkSize: Int) {
            self.layout = layout
            self.chunkSize = chunkSize
        }

        /// The next chunk, or `nil` after the last one.
        ///
        /// - Throws: ``MultipartError`` or `CancellationError`; after throwing, returns `nil`.
        package mutating func next() async throws -> [UInt8]? {
            guard !isFinished else { return nil }
            do {
                if Task.isCancelled { throw CancellationError() }
                let layout = try self.layout.get()
                let count = Swift.min(chunkSize, layout.length - written)
                // The whole body has been sent.
                guard count > 0 else {
                    finish()
                    return nil
                }
                let chunk = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                    try fill(buffer, from: layout.segments)
                    initialized = buffer.count
                }
                written += count
                return chunk
            } catch {
                finish()
                throw error
            }
        }

        // MARK: - Filling a chunk

        /// Writes the next `buffer.count` bytes of the body into `buffer`, moving through segments
        /// and opening and closing files as they are reached and finished.
        private mutating func fill(
            _ buffer: UnsafeMutableBufferPointer<UInt8>,
            from segments: [MultipartLayout.Segment]
        ) throws(MultipartError) {
            var filled = 0
            while filled < buffer.count {
                switch segments[segmentIndex] {
                case .bytes(let bytes):
                    let count = Swift.min(bytes.count - offset, buffer.count - filled)
                    if count > 0 {
                        bytes.withUnsafeBufferPointer { source in
                            (buffer.baseAddress! + filled).initialize(from: source.baseAddress! + offset, count: count)
                        }
                    }
                    filled += count
                    offset += count
                    if offset == bytes.count { advance() }
                case .file(let path, let size):
                    try fillFile(buffer, filled: &filled, path: path, start: 0, length: size, isWhole: true)
                case .fileRange(let path, let start, let length):
                    try fillFile(buffer, filled: &filled, path: path, start: start, length: length, isWhole: false)
                }
            }
        }

        /// Copies the next bytes of a file segment (`length` bytes from `start`) into `buffer`; a
        /// whole file must end where its recorded size says.
        private mutating func fillFile(
            _ buffer: UnsafeMutableBufferPointer<UInt8>, filled: inout Int, path: String, start: Int, length: Int, isWhole: Bool
        ) throws(MultipartError) {
            let file: MultipartFile
            if let open = self.file {
                file = open
            } else {
                file = try MultipartFile(path: path)
                self.file = file
            }
            let count = Swift.min(length - offset, buffer.count - filled)
            if count > 0 {
                let target = UnsafeMutableRawBufferPointer(start: buffer.baseAddress! + filled, count: count)
                try file.read(into: target, at: start + offset, expectedSize: start + length)
            }
            filled += count
            offset += count
            if offset == length {
                if isWhole { try file.expectEnd(at: length) }
                advance()
            }
        }

        /// Moves to the start of the next segment, closing the current file if there is one.
        private mutating func advance() {
            file = nil
            segmentIndex += 1
            offset = 0
        }

        /// Ends iteration and closes any open file.
        private mutating func finish() {
            isFinished = true
            file = nil
        }
    }
}


import AsyncHTTPClient
import CompressNIO
import NIOCore
import NIOHTTP1

/// A response body in `Content-Encoding: x-gzip`, decoded as `gzip` is.
///
/// RFC 9110 §8.4.1.3: a recipient SHOULD consider `x-gzip` equivalent to `gzip` (curl does).
/// SwiftNIO's decompressor, which decodes a `gzip` or `deflate` body before Netspec reads it,
/// knows only those two labels and passes any other through, so this one is decoded here: the
/// same zlib reading (gzip or zlib, told from the data's header, as SwiftNIO's does for `gzip`),
/// one window of at most 64 KiB decoded at a time, and the same three faults, each a
/// ``TransportError`` naming the host as ``TransportErrorMapping`` words SwiftNIO's: the data
/// ends early, bytes follow its end, or it is corrupt. An empty body (a HEAD's, a 304's) is empty.
struct LegacyGzipBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// The body as it came.
    let base: HTTPClientResponse.Body
    /// `host:port`, for the errors.
    let host: String

    /// Whether a response's `Content-Encoding` is a single `x-gzip` (any case).
    static func isLegacyGzip(_ headers: HTTPHeaders) -> Bool {
        let values = headers["Content-Encoding"]
        return values.count == 1 && values[0].lowercased() == "x-gzip"
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), host: host)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPClientResponse.Body.AsyncIterator
        let host: String
        /// Made with the first byte.
        private var inflater: ZlibDecompressor?
        /// Received and not decoded yet.
        private var pending = ByteBuffer()
        private var phase = Phase.reading

        private enum Phase {
            case reading
            /// The body has ended: is the compressed data complete?
            case checkingTheEnd
            case done
        }

        init(base: HTTPClientResponse.Body.AsyncIterator, host: String) {
            self.base = base
            self.host = host
        }

        mutating func next() async throws -> ByteBuffer? {
            while true {
                switch phase {
                case .done:
                    return nil
                case .reading:
                    if pending.readableBytes == 0 {
                        if let chunk = try await base.next() {
                            pending = chunk
                        } else if inflater == nil {
                            phase = .done
                        } else {
                            // One byte that zlib takes only if the data has not ended: a stream
                            // that ended leaves input unread (zlib's inflate answers Z_STREAM_END).
                            phase = .checkingTheEnd
                            pending = ByteBuffer(bytes: [0])
                        }
                        continue
                    }
                    let (output, consumed) = try inflate()
                    if output.readableBytes > 0 { return output }
                    // Neither read nor written: the data ended, and these bytes follow it.
                    if !consumed { throw failure("bytes follow its end") }
                case .checkingTheEnd:
                    let (output, consumed) = try inflate(atTheEnd: true)
                    if consumed { throw failure("it ends early") }
                    // What zlib held back for want of room comes before the end.
                    if output.readableBytes > 0 { return output }
                    phase = .done
                }
            }
        }

        /// One call of zlib's inflate on what is pending: what it wrote, and whether it read anything.
        private mutating func inflate(atTheEnd: Bool = false) throws(TransportError) -> (output: ByteBuffer, consumed: Bool) {
            let before = pending.readableBytes
            var window = ByteBufferAllocator().buffer(capacity: 64 * 1024)
            do {
                if inflater == nil { inflater = try ZlibDecompressor(algorithm: .zlib, windowSize: 15 + 32) }
                try inflater?.inflate(from: &pending, to: &window)
            } catch let error as CompressNIOError where error == .bufferOverflow || error == .inputBufferOverflow {
                // The window is full, or all the input was read: both are progress.
            } catch {
                // The end's probe byte read as data: the data was cut short.
                throw failure(atTheEnd ? "it ends early" : "it is corrupt")
            }
            return (window, pending.readableBytes < before)
        }

        private func failure(_ why: String) -> TransportError {
            TransportErrorMapping.undecompressible(host: host, why: why)
        }
    }
}

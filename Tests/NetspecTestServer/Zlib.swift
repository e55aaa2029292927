internal import CNetspecTestServerZlib

/// A content coding that ``TestHandlers/compressed(_:status:body:contentType:headers:)`` can apply.
///
/// https://www.rfc-editor.org/rfc/rfc9110#section-8.4.1
public enum TestContentEncoding: String, Sendable, CaseIterable {
    /// RFC 1952 gzip, labelled `gzip`.
    case gzip
    /// RFC 1950 zlib-wrapped deflate, which is what `deflate` means in HTTP.
    case deflate
    /// RFC 1951 raw deflate, labelled `deflate`: what some servers wrongly send.
    case rawDeflate

    /// The `Content-Encoding` value.
    public var headerValue: String {
        self == .gzip ? "gzip" : "deflate"
    }

    /// zlib's `windowBits` for this format.
    var windowBits: Int32 {
        switch self {
        case .gzip: 15 + 16
        case .deflate: 15
        case .rawDeflate: -15
        }
    }
}

/// The few zlib calls the test server needs: one-shot compression, and inflation for tests.
/// (The CRC-32 is ``CRC32``.)
enum Zlib {
    struct Failure: Error, Equatable {
        let code: Int32
    }

    /// Compresses `input` in one call.
    static func compress(_ input: [UInt8], as encoding: TestContentEncoding) -> [UInt8] {
        var stream = z_stream()
        let status = deflateInit2_(
            &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, encoding.windowBits, 8, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed: \(status)")
        defer { deflateEnd(&stream) }

        var input = input
        // deflateBound covers the zlib wrapper; 32 more bytes cover gzip's longer header and trailer.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                let result = deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "deflate did not finish: \(result)")
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }

    /// Decompresses gzip or zlib data (detected from the header), or raw deflate when `raw`.
    ///
    /// - Throws: ``Failure`` with `Z_BUF_ERROR` for a truncated stream, `Z_DATA_ERROR` for corrupt data.
    static func decompress(_ input: [UInt8], raw: Bool = false) throws -> [UInt8] {
        var stream = z_stream()
        let status = inflateInit2_(&stream, raw ? -15 : 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw Failure(code: status) }
        defer { inflateEnd(&stream) }

        var input = input
        var output: [UInt8] = []
        var window = [UInt8](repeating: 0, count: 64 * 1024)
        try input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (result, produced) = window.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    let result = inflate(&stream, Z_NO_FLUSH)
                    return (result, target.count - Int(stream.avail_out))
                }
                output += window.prefix(produced)
                if result == Z_STREAM_END { return }
                // No progress with all input consumed: the stream was cut short.
                if result == Z_BUF_ERROR || (result == Z_OK && produced == 0 && stream.avail_in == 0) {
                    throw Failure(code: Z_BUF_ERROR)
                }
                guard result == Z_OK else { throw Failure(code: result) }
            }
        }
        return output
    }
}

internal import CNetspecTestServerZlib

/// CRC-32 (IEEE, as in gzip and zlib, and as ``TestHandlers/echo`` reports it), computed by
/// zlib, with a fast path for runs of zero bytes so the checksum of a sparse file can be
/// predicted without reading it.
public enum CRC32 {
    /// zlib's `crc32(crc, bytes)`: `crc` carried on over `bytes`, starting from 0.
    public static func update(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(crc32(UInt(crc), buffer.baseAddress, UInt32(buffer.count)))
        }
    }

    /// `update(crc, count zero bytes)` in O(log count).
    ///
    /// A zero byte only shifts the register, a linear map; `crc32_combine(a, 0, n)` applies it
    /// `n` times, so the register (the complement of the CRC) is shifted with it.
    public static func zeros(_ crc: UInt32, count: Int) -> UInt32 {
        ~UInt32(truncatingIfNeeded: crc32_combine(UInt(~crc), 0, .init(count)))
    }

    /// Eight lowercase hexadecimal digits, as the echo reports.
    public static func hex(_ crc: UInt32) -> String {
        let digits = String(crc, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

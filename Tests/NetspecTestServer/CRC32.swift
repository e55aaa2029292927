/// CRC-32 (IEEE, as in gzip and zlib, and as ``TestHandlers/echo`` reports it), with a fast path
/// for runs of zero bytes so the checksum of a sparse file can be predicted without reading it.
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// zlib's `crc32(crc, bytes)`.
    public static func update(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        var value = ~crc
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return ~value
    }

    /// `update(crc, count zero bytes)` in O(log count): one zero byte is a linear map over GF(2).
    public static func zeros(_ crc: UInt32, count: Int) -> UInt32 {
        // Columns of the matrix for one zero byte: the image of each single-bit register.
        var power = (0..<32).map { bit -> UInt32 in
            let register = UInt32(1) << UInt32(bit)
            return table[Int(register & 0xFF)] ^ (register >> 8)
        }
        var register = ~crc
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { register = apply(power, register) }
            power = power.map { apply(power, $0) }
            remaining >>= 1
        }
        return ~register
    }

    private static func apply(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<32 where vector & (UInt32(1) << UInt32(bit)) != 0 { result ^= matrix[bit] }
        return result
    }

    /// Eight lowercase hexadecimal digits, as the echo reports.
    public static func hex(_ crc: UInt32) -> String {
        let digits = String(crc, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// A 128-bit hash of a file's bytes, for knowing a file again (the spec cache's key).
///
/// Not cryptographic: it tells a changed file from the one cached, which a 128-bit hash of
/// every byte (and the length) does with negligible chance of a collision by accident; nobody
/// gains by forging a collision with their own spec. Four independent lanes mix eight bytes at
/// a time with a multiply and a rotate (several GB/s, so GitHub's 13 MB document hashes in a
/// few milliseconds), and the two halves are finished with MurmurHash3's 64-bit mixer.
package struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    package var high: UInt64
    package var low: UInt64

    /// The hash of `bytes`.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var c: UInt64 = 0x1656_67B1_9E37_79F9
        var d: UInt64 = 0x27D4_EB2F_1656_67C5
        let count = bytes.count
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            // Four independent lanes of 8 bytes, so the multiplies overlap.
            while index + 32 <= count {
                a = Self.round(a, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                b = Self.round(b, raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                c = Self.round(c, raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
                d = Self.round(d, raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
                index += 32
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                tail |= UInt64(base[index]) << shift
                shift += 8
                if shift == 64 {
                    a = Self.round(a, tail)
                    tail = 0
                    shift = 0
                }
                index += 1
            }
            c = Self.round(c, tail ^ (shift << 56))
        }
        high = Self.mix(a ^ Self.rotate(c, 23) ^ UInt64(count))
        low = Self.mix(b ^ Self.rotate(d, 41) ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15) ^ high)
    }

    /// One lane's step: mix eight bytes in.
    @inline(__always)
    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        rotate(lane ^ (word &* 0x87C3_7B91_1142_53D5), 31) &* 0x4CF5_AD43_2745_937F
    }

    /// The hash of a string's UTF-8 bytes.
    package init(_ text: String) {
        var text = text
        self = text.withUTF8 { ContentHash($0) }
    }

    /// The hash of several hashes in order (a document's and its overlays'), for a key that
    /// changes when any of them does.
    package init(combining hashes: [ContentHash]) {
        let words = hashes.flatMap { [$0.high, $0.low] }
        self = words.withUnsafeBytes { ContentHash($0.bindMemory(to: UInt8.self)) }
    }

    /// 32 lowercase hexadecimal digits.
    package var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// MurmurHash3's `fmix64`: every input bit affects every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}

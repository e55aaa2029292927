// MARK: - Object keys

extension JSONParser {
    /// Parses an object key, reusing the `String` of an identical recent key.
    ///
    /// Also returns a 64-bit hash of the key's bytes for `finishObject`'s duplicate check: never `0`
    /// for an ASCII key, and `0` for any other key, which makes it compare as a `String`.
    ///
    /// - Returns: The key and its hash.
    @inline(__always)
    mutating func parseKey() throws(JSONValue.ParseError) -> (String, UInt64) {
        let span = try scanString()
        guard span.count <= 16 else {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
            for offset in 0..<span.count {
                hash = (hash ^ UInt64(span.start[offset])) &* 0x100_0000_01b3
            }
            return (span.makeString(), span.isASCII ? hash | 1 : 0)
        }
        let (word0, word1) = Self.loadWords(span)
        var hash = (word0 ^ UInt64(truncatingIfNeeded: span.count) << 59) &* 0x9E37_79B9_7F4A_7C15
        hash ^= word1 &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= hash >> 29
        let key = keyCache.key(for: span, word0: word0, word1: word1, hash: hash)
        return (key, span.isASCII ? hash | 1 : 0)
    }

    /// The span's bytes, at most 16, packed little-endian into two words and zero-padded.
    @inline(__always)
    private static func loadWords(_ span: StringSpan) -> (UInt64, UInt64) {
        let count = span.count
        if span.readableEnd - span.start >= 16 {
            let raw = UnsafeRawPointer(span.start)
            var word0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            var word1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if count < 8 {
                word0 &= (1 &<< UInt64(count &* 8)) &- 1
                word1 = 0
            } else if count < 16 {
                word1 &= (1 &<< UInt64((count &- 8) &* 8)) &- 1
            }
            return (word0, word1)
        }
        // Near the end of the input: assemble byte by byte rather than read past it.
        var word0: UInt64 = 0
        var word1: UInt64 = 0
        for offset in 0..<count {
            let byte = UInt64(span.start[offset])
            if offset < 8 {
                word0 |= byte << UInt64(offset * 8)
            } else {
                word1 |= byte << UInt64((offset - 8) * 8)
            }
        }
        return (word0, word1)
    }
}

/// A small direct-mapped cache from the bytes of short keys to their `String`s.
///
/// API responses repeat the same few keys in every object. Looking a key up here costs a hash and
/// three comparisons, which is cheaper than building a `String` from bytes, and it lets repeated
/// keys share storage. The table is allocated once a document has shown enough keys to repay it,
/// so small documents (a typical single-object response) pay nothing.
internal struct KeyCache: ~Copyable {
    struct Entry {
        var count: Int
        var word0: UInt64
        var word1: UInt64
        var key: String
    }

    static let slotCount = 128
    /// Keys made directly before the table is worth allocating.
    static let keysBeforeTable = 64
    private var entries: UnsafeMutablePointer<Entry>?
    private var keysWithoutTable = 0

    init() {
        entries = nil
    }

    deinit {
        if let entries {
            entries.deinitialize(count: Self.slotCount)
            entries.deallocate()
        }
    }

    /// The string for a key of at most 16 bytes, from the cache or newly made and remembered.
    ///
    /// - Parameters:
    ///   - span: The key's decoded bytes.
    ///   - word0: Bytes 0–7 as loaded by `loadWords`.
    ///   - word1: Bytes 8–15, zero-padded.
    ///   - hash: A hash of the words; its low bits pick the slot.
    /// - Returns: A string equal to the bytes.
    @inline(__always)
    mutating func key(for span: JSONParser.StringSpan, word0: UInt64, word1: UInt64, hash: UInt64) -> String {
        guard let table = entries ?? tableIfWorthIt() else { return span.makeString() }
        let entry = table + Int(truncatingIfNeeded: hash & UInt64(Self.slotCount - 1))
        if entry.pointee.count == span.count, entry.pointee.word0 == word0, entry.pointee.word1 == word1 {
            return entry.pointee.key
        }
        let key = span.makeString()
        entry.pointee = Entry(count: span.count, word0: word0, word1: word1, key: key)
        return key
    }

    private mutating func tableIfWorthIt() -> UnsafeMutablePointer<Entry>? {
        guard keysWithoutTable >= Self.keysBeforeTable else {
            keysWithoutTable &+= 1
            return nil
        }
        let table = UnsafeMutablePointer<Entry>.allocate(capacity: Self.slotCount)
        table.initialize(repeating: Entry(count: -1, word0: 0, word1: 0, key: ""), count: Self.slotCount)
        entries = table
        return table
    }
}

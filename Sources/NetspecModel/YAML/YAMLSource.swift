// MARK: - YAMLSource

/// Byte-level work on the raw input that happens in Swift, before and beside libyaml:
/// the size limit, the byte order mark, UTF-8 validation, and turning a byte offset into
/// a ``Mark`` that agrees with libyaml's own marks.
enum YAMLSource {
    /// The UTF-8 encoding of U+FEFF, which may start a UTF-8 document.
    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The input without its leading UTF-8 byte order mark, if it has one.
    ///
    /// libyaml counts a BOM it is handed as a column when the encoding is set explicitly,
    /// so the parser hands it the text after the BOM and every mark starts at the text.
    static func body(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.starts(with: utf8BOM) else { return bytes }
        return UnsafeBufferPointer(rebasing: bytes[3...])
    }

    // MARK: - Validation

    /// Throws unless `bytes` is at most `limits.maxBytes` long (and never more than
    /// `Int32.max`, which ``YAMLStorage`` offsets can hold) and well-formed UTF-8.
    ///
    /// UTF-16 and UTF-32 byte order marks are named in the message, since they are the
    /// usual reason a spec file is not UTF-8.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, limits: YAMLLimits) throws(YAMLError) {
        let limit = min(limits.maxBytes, Int(Int32.max))
        guard bytes.count <= limit else {
            throw .tooLarge(byteCount: bytes.count, limit: limit)
        }
        if let encoding = foreignBOM(bytes) {
            throw YAMLError(message: "input is not valid UTF-8 (\(encoding) byte order mark)", mark: .start)
        }
        let text = body(of: bytes)
        guard let bad = firstInvalidUTF8Offset(text) else { return }
        let byte = String(text[bad], radix: 16, uppercase: true)
        throw YAMLError(
            message: "input is not valid UTF-8 (byte 0x\(byte.count < 2 ? "0" : "")\(byte))",
            mark: mark(ofOffset: bad, in: text))
    }

    /// The encoding named by a UTF-16 or UTF-32 byte order mark at the start, if any.
    private static func foreignBOM(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE" }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        return nil
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence
    /// (Unicode Table 3-7: no overlong forms, surrogates or values above U+10FFFF), or `nil`.
    static func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = bytes.count
        var index = 0
        while index < count {
            // Skip ASCII eight bytes at a time.
            while index + 8 <= count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF4: length = 4; second = 0x80...0x8F
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard index + length <= count, second.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    // MARK: - Marks

    /// The mark of the byte at `offset` in well-formed UTF-8 text, counted as libyaml
    /// counts (see ``MarkCounter``).
    static func mark(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Mark {
        var counter = MarkCounter(bytes)
        return counter.mark(at: offset)
    }
}

// MARK: - MarkCounter

/// The marks of increasing offsets in one well-formed UTF-8 text, counted as libyaml counts:
/// lines break at LF, CR, CRLF, NEL, LS and PS; columns count Unicode scalars.
///
/// Each mark is counted on from the last one, so marking every node of a document is one pass
/// over it (the JSON reader marks every node this way); runs of eight ASCII bytes without a line
/// break are counted a word at a time.
struct MarkCounter {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var column = 1

    /// A counter over `bytes`, starting at its first byte (`1:1`).
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The mark of the byte at `offset`, which must not be before the last offset asked for.
    mutating func mark(at offset: Int) -> Mark {
        let end = min(offset, bytes.count)
        if let base = bytes.baseAddress {
            while index < end {
                if index + 8 <= end, Self.isPlainASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    column += 8
                    continue
                }
                let byte = base[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    column = 1
                case UInt8(ascii: "\r"):
                    line += 1
                    column = 1
                    if index < end, base[index] == UInt8(ascii: "\n") { index += 1 }
                case 0x80...0xBF:
                    break  // A continuation byte; its scalar was counted at the lead byte.
                case 0xC2 where index < end && base[index] == 0x85,
                    0xE2 where index + 1 < end && base[index] == 0x80 && (base[index + 1] | 1) == 0xA9:
                    line += 1  // NEL, LS or PS.
                    column = 1
                    index += byte == 0xC2 ? 1 : 2
                default:
                    column += 1
                }
            }
        }
        return Mark(line: line, column: column)
    }

    /// Whether eight bytes are all ASCII and none is LF or CR.
    @inline(__always)
    private static func isPlainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard word & highs == 0 else { return false }
        let lf = word ^ (ones &* 0x0A)
        let cr = word ^ (ones &* 0x0D)
        // A zero byte in `lf` or `cr` is an LF or a CR (the classic "has a zero byte" test).
        return ((lf &- ones) & ~lf & highs) | ((cr &- ones) & ~cr & highs) == 0
    }
}

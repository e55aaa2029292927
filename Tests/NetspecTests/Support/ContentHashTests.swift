import Testing
import Netspec
import NetspecModel

/// The spec cache's key tells every one-byte change, and every length, apart.
@Suite struct ContentHashTests {
    static func hash(_ bytes: [UInt8]) -> ContentHash {
        bytes.withUnsafeBufferPointer { ContentHash($0) }
    }

    @Test func everyByteAndBitMatters() {
        let base = (0..<131).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        var seen: Set<ContentHash> = [Self.hash(base)]
        for position in base.indices {
            for bit in 0..<8 {
                var changed = base
                changed[position] ^= 1 << bit
                #expect(seen.insert(Self.hash(changed)).inserted, "byte \(position) bit \(bit)")
            }
        }
    }

    @Test func lengthsDiffer() {
        let hashes = (0..<100).map { Self.hash([UInt8](repeating: 0, count: $0)) }
        #expect(Set(hashes).count == 100)
        #expect(Self.hash(Array("abc".utf8)) == ContentHash("abc"))
        #expect(ContentHash("abc").description.count == 32)
    }
}

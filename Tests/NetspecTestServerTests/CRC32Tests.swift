import NetspecTestServer
import Testing

/// ``CRC32``, with which tests predict the checksum that the echo reports.
@Suite struct CRC32Tests {
    @Test func crcHelperMatchesTheStandard() {
        #expect(CRC32.hex(CRC32.update(0, Array("123456789".utf8))) == "cbf43926")
        let start = CRC32.update(0, [1, 2, 3])
        #expect(CRC32.zeros(start, count: 100_003) == CRC32.update(start, [UInt8](repeating: 0, count: 100_003)))
    }
}

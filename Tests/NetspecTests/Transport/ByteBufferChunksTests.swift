import Dispatch
import NetspecTestServer
import NIOCore
import NIOPosix
import Testing
@testable import Netspec
import NetspecTestSupport

/// The upload body waits for the event loops every MiB, so a starved loop cannot pile up chunks.
@Suite(.timeLimit(.minutes(1)))
struct ByteBufferChunksTests {
    @Test func aBlockedEventLoopStopsTheBodyAfterOneInterval() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        // Keep the loop's thread busy, as other processes can when they take the CPU.
        let release = DispatchSemaphore(value: 0)
        loop.execute { release.wait() }

        let total = 4 * ByteBufferChunks<ByteChunks>.drainInterval
        let chunks = ByteBufferChunks(base: ByteChunks(bytes: [UInt8](repeating: 7, count: total)), group: group)
        let produced = Counter()
        let reader = Task {
            for try await chunk in chunks { produced.add(chunk.readableBytes) }
        }
        // Exactly one interval is handed on; then the body waits for the loop.
        #expect(try await eventually { produced.value == ByteBufferChunks<ByteChunks>.drainInterval })
        try await Task.sleep(for: .milliseconds(100))
        #expect(produced.value == ByteBufferChunks<ByteChunks>.drainInterval)

        release.signal()
        try await reader.value
        #expect(produced.value == total)
        try await group.shutdownGracefully()
    }

    @Test func theBytesAreUnchanged() async throws {
        let bytes = (0..<(3 * ByteBufferChunks<ByteChunks>.drainInterval + 12_345)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var received: [UInt8] = []
        for try await chunk in ByteBufferChunks(base: ByteChunks(bytes: bytes)) {
            received += chunk.readableBytesView
        }
        #expect(received == bytes)
    }
}

import NIOCore
import NIOPosix

/// Adapts a sequence of byte arrays to the `ByteBuffer`s async-http-client streams, keeping the
/// body's memory bounded even when the event loops are starved of CPU.
///
/// async-http-client pauses a streamed body when the connection stops being writable, but it
/// learns that on the connection's event loop, and until then it hands each chunk to the loop
/// with `execute` and asks for the next. When other processes keep the loop thread from running,
/// a fast producer (a file read from the page cache) queues chunk after chunk on the loop before
/// the pause arrives: a 1 GiB upload peaked near 100 MiB with two CPU hogs running. So every
/// ``drainInterval`` bytes this sequence waits until each loop of the group has run a no-op,
/// that is, until everything queued before it has reached the connection, where writability
/// applies. At most about ``drainInterval`` bytes are then queued at once; the cost is a hop per
/// loop per MiB.
struct ByteBufferChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == [UInt8] {
    typealias Element = ByteBuffer

    /// Bytes handed on between two waits for the event loops.
    static var drainInterval: Int { 1 << 20 }

    let base: Base
    /// The event loops async-http-client writes the request on: for ``AsyncHTTPClientTransport``,
    /// the one loop of the client it chose.
    let group: any EventLoopGroup

    init(base: Base, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.base = base
        self.group = group
    }

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), group: group) }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let group: any EventLoopGroup
        /// Bytes handed on since the last wait.
        var pending = 0

        mutating func next() async throws -> ByteBuffer? {
            if pending >= ByteBufferChunks.drainInterval {
                pending = 0
                for loop in group.makeIterator() { try await loop.submit {}.get() }
            }
            guard let bytes = try await base.next() else { return nil }
            pending += bytes.count
            return ByteBuffer(bytes: bytes)
        }
    }
}

import Foundation

/// A port on 127.0.0.1 that refuses connections for as long as this value lives: a socket is
/// bound to it but never listens, so no other test's server can take the port meanwhile.
///
/// With `stalled: true` it listens with a backlog of one that a connection of its own fills and
/// never accepts: the kernel then drops new SYNs, so connecting hangs until the client gives up.
public final class ReservedPort: @unchecked Sendable {
    /// The reserved port.
    public let port: Int
    private let descriptor: Int32
    private var filler: Int32 = -1

    /// Reserves a port; with `stalled: true`, one where connecting hangs instead of being refused.
    public convenience init(stalled: Bool) throws {
        try self.init()
        guard stalled else { return }
        filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                listen(descriptor, 0) == 0
                    && connect(filler, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Reserves a port that refuses connections.
    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        if filler >= 0 { close(filler) }
        close(descriptor)
    }
}

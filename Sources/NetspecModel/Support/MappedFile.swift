#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file mapped read-only into memory, unmapped when the last reference goes.
///
/// Why not ``FileBytes``: reading 28 MB into fresh memory costs ~19 ms here, nearly all of it
/// page faults on the new memory; mapping the same file and touching every page costs ~1.8 ms
/// (measured on this machine with a C program). The spec cache (``YAMLTreeCache``) reads its
/// trees and hashes big documents this way. A file changed while mapped is the caller's
/// concern: the cache only maps files it wrote under new names.
package final class MappedFile: @unchecked Sendable {
    /// The file's bytes; empty for an empty file.
    package let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the regular file at `path`.
    ///
    /// - Parameter populate: Whether every page is read in at once (Linux), for a caller that
    ///   reads the whole file: one call instead of a fault per few pages.
    /// - Throws: ``FileBytes/Failure`` when it cannot be opened, is not a regular file, or is
    ///   larger than `limit`.
    package init(path: String, limit: Int = .max, populate: Bool = false) throws(FileBytes.Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(errno: errno) }
        try FileBytes.requireRegularFile(info)
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(limit: limit) }
        guard size > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        #if os(Linux)
        let flags = MAP_PRIVATE | (populate ? MAP_POPULATE : 0)
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let base = mmap(nil, size, PROT_READ, flags, descriptor, 0), base != MAP_FAILED else {
            throw .system(errno: errno)
        }
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}

import Foundation
import Testing

import Netspec

/// Helpers for reading the multipart sequences and the process's state in tests.
enum MultipartProbe {
    /// All chunks of one pass over `chunks`.
    static func chunks(of chunks: MultipartChunks) async throws -> [[UInt8]] {
        var all: [[UInt8]] = []
        for try await chunk in chunks {
            all.append(chunk)
        }
        return all
    }

    /// The body as text, for readable failures.
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The paths that this process's open descriptors refer to (`/proc/self/fd`).
    static func openFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
    }

    /// How many descriptors refer to `path`.
    static func openCount(of path: String) -> Int {
        openFiles().filter { $0 == path }.count
    }
}

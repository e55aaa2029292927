#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

extension HTTPCache {
    /// Responses in files under a directory, at most ``maxSize`` bytes of them, the least recently
    /// used evicted first: the CLI's store (`$NETSPEC_CACHE_DIR`, else ``userDirectory``).
    ///
    /// - One file per response, named after the SHA-256 of its URL and its credential partition, with
    ///   mode 0600 in a directory created with mode 0700 (responses may be private).
    /// - Each file is written whole to a temporary file and renamed into place (as the token file
    ///   is), so a reader in this process or another sees the old response or the new one, never a
    ///   mix; a damaged or truncated file is removed and counts as a miss.
    /// - Reading a response marks it used (its modification time); after each write the store removes
    ///   the least recently used files until the directory holds at most ``maxSize`` bytes.
    package final class DiskStore: Store {
        /// The directory.
        package let directory: String
        /// The most bytes of files kept.
        package let maxSize: Int

        /// The CLI's default ``maxSize``: 50 MiB.
        static let defaultMaxSize = 50 * 1024 * 1024

        /// Creates a store over `directory`, created when the first response is stored.
        ///
        /// - Parameters:
        ///   - directory: where the files go.
        ///   - maxSize: the most bytes kept; 50 MiB by default.
        package init(directory: String, maxSize: Int = DiskStore.defaultMaxSize) {
            self.directory = directory
            self.maxSize = maxSize
        }

        /// The user's cache directory for netspec's HTTP cache: `$XDG_CACHE_HOME/netspec/http`, else
        /// `~/.cache/netspec/http`; `nil` without a home directory.
        static var userDirectory: String? {
            UserDirectory.path(xdg: "XDG_CACHE_HOME", fallback: ".cache", appending: "netspec/http")
        }

        package func response(for key: Key) async throws -> Entry? {
            let path = self.path(for: key)
            guard FileBytes.isRegularFile(path) else { return nil }
            let bytes = try FileBytes.contents(ofFile: path, limit: maxSize)
            guard let response = Entry(encoded: bytes), response.key == key else {
                unlink(path)
                return nil
            }
            // Mark it used for eviction; a file removed meanwhile is fine.
            utimensat(AT_FDCWD, path, nil, 0)
            return response
        }

        package func store(_ response: Entry, for key: Key) async throws {
            var response = response
            response.key = key
            let bytes = response.encoded()
            guard bytes.count <= maxSize else { return }
            guard FileBytes.writeAtomically(bytes, to: path(for: key), mode: 0o600) else {
                throw FileBytes.Failure.system(errno: errno)
            }
            try evict()
        }

        package func removeResponses(for url: String) async throws {
            let prefix = Key.hash(url) + "-"
            for name in try fileNames() where name.hasPrefix(prefix) {
                unlink(directory + "/" + name)
            }
        }

        package func removeAll() async throws {
            for name in try fileNames() { unlink(directory + "/" + name) }
        }

        /// The bytes the stored responses take.
        package func size() throws -> Int {
            try files().reduce(0) { $0 + $1.size }
        }

        // MARK: - Files

        func path(for key: Key) -> String {
            directory + "/" + Key.hash(key.url) + "-" + (key.partition.isEmpty ? "none" : key.partition)
        }

        /// Why the directory cannot hold responses: it, or a folder above it, is not a directory
        /// (`NETSPEC_CACHE_DIR` naming a file); `nil` when it is a directory or can be made.
        package var directoryProblem: String? {
            var path = directory
            while path.count > 1 {
                var info = stat()
                if stat(path, &info) == 0 {
                    return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "'\(path)' is not a directory"
                }
                // Missing, or below a file: look at the folder above.
                guard errno == ENOENT || errno == ENOTDIR, let slash = path.lastIndex(of: "/") else { return nil }
                path = String(path[..<slash])
            }
            return nil
        }

        /// The error of a directory that is not one (``directoryProblem``).
        package struct DirectoryError: Error, CustomStringConvertible {
            package let description: String
        }

        /// The names of the response files (temporary files included), none when there is no directory.
        ///
        /// - Throws: ``DirectoryError`` when the directory, or a folder above it, is not a directory.
        private func fileNames() throws -> [String] {
            if let problem = directoryProblem { throw DirectoryError(description: problem) }
            var info = stat()
            guard stat(directory, &info) == 0 else { return [] }
            return try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }
        }

        private func files() throws -> [(name: String, size: Int, modified: Double)] {
            try fileNames().compactMap { name in
                var info = stat()
                guard lstat(directory + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
                return (name, Int(info.st_size), Self.modificationTime(info))
            }
        }

        /// Removes the least recently used files until at most ``maxSize`` bytes are left.
        private func evict() throws {
            var files = try self.files().filter { !$0.name.hasSuffix(".tmp") }
            var total = files.reduce(0) { $0 + $1.size }
            guard total > maxSize else { return }
            files.sort { $0.modified < $1.modified }
            for file in files where total > maxSize {
                unlink(directory + "/" + file.name)
                total -= file.size
            }
        }

        private static func modificationTime(_ info: stat) -> Double {
            #if canImport(Darwin)
            Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
            #else
            Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            #endif
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each operation of a big document, or of one written as many files, is, kept on disk
/// beside the spec cache's trees, so that `netspec call` of one operation reads that operation
/// and not every other.
///
/// Why: a document such as DigitalOcean's gives each of its ~670 operations as a `$ref` to a file
/// of its own. Finding one by name (``OpenAPIReader``'s `soleOperation`) means reading every one
/// of those files for its `operationId` — 40 ms of a 56 ms cold call, against a 7 ms curl. In a
/// big document of one file (OpenAPI or Swagger 2.0), it means looking at every operation of a
/// mapped tree: 1.6 ms of an 11 ms cold call on 1,201 operations.
///
/// Correctness: an index is found by the ``ContentHash`` of the root document's bytes and the
/// path it was loaded by (the other files' paths are relative to it), and written by the same
/// executable (the spec cache's salt). It lists every file it was made from with its size and
/// modification time (in nanoseconds), and is used only while each file still has both (one that
/// did not exist must still not): a changed file makes the index be made again. Files changed in
/// the last ``settlingTime`` are not trusted to have settled, and no index is kept then. The operation
/// found is then read from its file as always, so its name is checked once more. An index that
/// cannot be read or written only means the slower way.
package struct OperationIndex: Sendable {
    /// Where an operation is: its path's key node in the root document (the same for the same
    /// bytes), and its method's key.
    package struct Place: Equatable, Sendable {
        var pathKey: Int32
        package var method: String
    }

    /// What the names of a document's operations tell.
    package enum Table: Equatable, Sendable {
        /// Every name is its own: each operation's place by name.
        case names([String: Place])
        /// Some name is given twice, or looks like another's with a number after it: only the
        /// whole document says which endpoint is which.
        case ambiguous

        /// The place of the operation named `name`, if names alone tell it.
        package func place(of name: String) -> Place? {
            if case let .names(places) = self { places[name] } else { nil }
        }
    }

    /// The index's file.
    package let path: String
    /// Whether the document is big enough for its tree to be cached (``YAMLTreeCache/minimumSize``):
    /// then an index is kept even when it is one file (finding one operation by name looks at
    /// every other; a smaller one's few cost less than reading an index).
    let isForBigDocument: Bool
    private let cache: YAMLTreeCache
    /// How long ago a file must have changed for the index to trust its stamp: 100 ms, far more
    /// than a file system clock's tick.
    static let settlingTime = 100_000_000
    /// The most indexes kept; the least recently used go first.
    private static let maximumEntries = 64

    private static let header = "netspec operation index 1"

    /// The index of the document at `file` whose bytes hash to `root`, in `cache`'s folder.
    ///
    /// - Parameter size: The document's size in bytes (see ``isForBigDocument``).
    package init(cache: YAMLTreeCache, root: ContentHash, file: String, size: Int = 0) {
        isForBigDocument = size >= YAMLTreeCache.minimumSize
        var key = root
        let named = ContentHash(file)
        key.high ^= named.high &* 31
        key.low ^= named.low
        self.cache = cache
        path = cache.directory + "/" + key.description + "-" + cache.saltName + ".operations"
    }

    /// The stored table, when there is one and every file it was made from is unchanged.
    ///
    /// - Parameter name: The one name the caller looks for: the table then holds that name's
    ///   place alone (or none), and the others' lines are passed over as bytes (reading all 1,201
    ///   of a big document's cost more than walking its paths).
    package func load(only name: String? = nil) -> Table? {
        guard let bytes = try? FileBytes.contents(ofFile: path, limit: 16 << 20) else { return nil }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
        guard lines.popFirst()?.elementsEqual(Self.header.utf8) == true, lines.popLast()?.elementsEqual("end".utf8) == true else { return nil }
        var places: [String: Place] = [:]
        var ambiguous = false
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
            func text(_ index: Int) -> String { String(decoding: fields[index], as: UTF8.self) }
            switch fields.first.map({ String(decoding: $0, as: UTF8.self) }) {
            case "file"?:
                // file SIZE MTIME PATH — a size of -1: the file could not be read.
                guard fields.count == 4, let size = Int(text(1)), let time = Int(text(2)),
                      Self.stamp(of: text(3)) == Stamp(size: size, time: time) else { return nil }
            case "operation"?:
                // operation PATHKEY METHOD NAME
                guard fields.count == 4 else { return nil }
                if let name, !fields[3].elementsEqual(name.utf8) { continue }
                guard let pathKey = Int32(text(1)) else { return nil }
                places[text(3)] = Place(pathKey: pathKey, method: text(2))
            case "ambiguous"?:
                ambiguous = true
            default:
                return nil
            }
        }
        utimensat(AT_FDCWD, path, nil, 0)  // Most recently used.
        return ambiguous ? .ambiguous : .names(places)
    }

    /// Stores `table`, made from `files` (the paths as the reader opened them). Failures only mean
    /// no index.
    package func store(_ table: Table, files: some Sequence<String>) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let recently = Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec) - Self.settlingTime
        var text = Self.header + "\n"
        for file in files {
            let stamp = Self.stamp(of: file)
            // A file changed moments ago could change again within the same tick of the file
            // system's clock, to the same size: its stamp would not tell (git's "racy" entries).
            // A line break is looked for by byte: CR LF is one `Character`, equal to no "\n".
            guard !file.utf8.contains(UInt8(ascii: "\n")), stamp.time < recently else { return }
            text += "file \(stamp.size) \(stamp.time) \(file)\n"
        }
        switch table {
        case .ambiguous:
            text += "ambiguous\n"
        case let .names(places):
            for (name, place) in places.sorted(by: { $0.key < $1.key }) {
                guard !name.utf8.contains(UInt8(ascii: "\n")), !place.method.utf8.contains(UInt8(ascii: " ")) else { return }
                text += "operation \(place.pathKey) \(place.method) \(name)\n"
            }
        }
        text += "end"
        if FileBytes.writeAtomically(Array(text.utf8), to: path) {
            cache.trim(suffix: ".operations", maximumEntries: Self.maximumEntries)
        }
    }

    /// A file's size and modification time; size -1 for one that cannot be looked at.
    private struct Stamp: Equatable {
        var size: Int
        var time: Int
    }

    private static func stamp(of file: String) -> Stamp {
        var info = stat()
        guard stat(file, &info) == 0 else { return Stamp(size: -1, time: 0) }
        return Stamp(size: Int(info.st_size), time: YAMLTreeCache.modificationTime(info))
    }
}

#if canImport(Glibc)
package import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Darwin)
package import Darwin
#endif

/// Parsed trees of big spec documents kept on disk, so that a command-line call on GitHub's
/// 13 MB OpenAPI document does not parse it again at every run.
///
/// Why: a cold `netspec call` pays for the whole parse of the document it names — for a 13 MB
/// JSON document, more than the rest of the call. The tree (``YAMLStorage``'s three flat
/// columns) is written once, as it is in memory, and later runs map it (``MappedFile``) rather
/// than read it, so only the pages the call touches are ever loaded.
///
/// Correctness first: a tree is found by a 128-bit ``ContentHash`` of every byte of the
/// document (and its length), so a changed file is never served from a stale entry whatever its
/// name, size or modification time; and by a salt naming the executable that wrote it, since
/// the layout is the in-memory one. A file that does not match in every header field, or whose
/// children point outside the records, is ignored (and replaced); a record whose content lies
/// outside its column reads as an empty scalar (checked as it is read, so a call touches only
/// the pages it needs); a cache that cannot be written is only slower. Documents under ``minimumSize`` are parsed every time: parsing them
/// costs less than a lookup.
package struct YAMLTreeCache: Sendable {
    /// Where the trees are kept.
    package let directory: String
    /// The executable (or whatever else the trees' layout depends on).
    private let salt: ContentHash

    /// Documents smaller than this are not cached.
    package static let minimumSize = 256 * 1024
    /// The most trees kept; the least recently used go first.
    package static let maximumEntries = 16
    /// The most bytes of trees kept.
    static let maximumTotalBytes = 512 << 20

    private static let magic: UInt64 = 0x3145_4552_5459_534E  // "NSYTREE1", little-endian
    private static let headerSize = 11 * 8

    /// A cache in `directory` (made when first written to), for trees written by `writer`.
    package init(directory: String, writer: String) {
        self.directory = directory
        salt = ContentHash(writer + " \(MemoryLayout<YAMLStorage.Record>.stride)")
    }

    /// The cache in the user's cache directory for this executable, ``UserDirectory/netspecCache(_:)``
    /// `specs` (`$NETSPEC_CACHE_DIR/specs`, else `~/.cache/netspec/specs`); `nil` when
    /// `NETSPEC_CACHE_DIR` is set but empty (no caching) or there is no home directory.
    package static func forThisExecutable(version: String) -> YAMLTreeCache? {
        guard let directory = UserDirectory.netspecCache("specs") else { return nil }
        // The executable's size and modification time: a rebuilt binary writes its own trees.
        var info = stat()
        var writer = "netspec \(version)"
        if stat("/proc/self/exe", &info) == 0 {
            writer += " \(info.st_size) \(modificationTime(info))"
        }
        return YAMLTreeCache(directory: directory, writer: writer)
    }

    /// The part of a cached file's name that names the executable that wrote it.
    var saltName: String { String(salt.low >> 32, radix: 16) }

    // MARK: - Lookup

    /// The tree of `source`: the cached one when there is one for exactly these bytes, else
    /// parsed (and kept, when the document is big enough).
    ///
    /// - Parameter key: the ``ContentHash`` of `source`, when the caller has it already.
    /// - Parameter asJSON: Whether the document is parsed as JSON only (a `.json` file): its tree
    ///   is kept apart from one the same bytes gave as YAML, which may have read what JSON refuses.
    func tree(of source: UnsafeBufferPointer<UInt8>, key: ContentHash? = nil, limits: YAMLLimits = .default, asJSON: Bool = false) throws(YAMLError) -> YAMLNode? {
        guard source.count >= Self.minimumSize else { return try YAMLParser.parse(source, limits: limits, asJSON: asJSON) }
        let key = key ?? ContentHash(source)
        // The writer is in the name too: two builds of netspec on one machine keep a tree each
        // instead of replacing each other's at every run.
        let path = directory + "/" + key.description + "-" + saltName + (asJSON ? "-json" : "") + ".tree"
        if let root = load(path, key: key, sourceCount: source.count) {
            utimensat(AT_FDCWD, path, nil, 0)  // Most recently used.
            return root
        }
        let root = try YAMLParser.parse(source, limits: limits, asJSON: asJSON)
        if let root { store(root, at: path, key: key, sourceCount: source.count) }
        return root
    }

    /// The tree in the file at `path`, if it is one this cache wrote for `key`, whole and sound.
    private func load(_ path: String, key: ContentHash, sourceCount: Int) -> YAMLNode? {
        guard let file = try? MappedFile(path: path), file.bytes.count >= Self.headerSize, let base = file.bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        func word(_ index: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self) }
        guard word(0) == Self.magic, word(1) == salt.high, word(2) == salt.low, word(3) == key.high, word(4) == key.low,
              word(5) == UInt64(sourceCount) else { return nil }
        let limit = UInt64(Int32.max)
        guard word(6) < limit, word(7) < limit, word(8) < limit, word(9) < limit, word(10) < limit else { return nil }
        let (recordCount, childCount, byteCount, tagsLength, root) = (Int(word(6)), Int(word(7)), Int(word(8)), Int(word(9)), Int(word(10)))
        let stride = MemoryLayout<YAMLStorage.Record>.stride
        let recordsStart = Self.headerSize
        let childrenStart = recordsStart + recordCount * stride
        let bytesStart = childrenStart + childCount * 4
        let tagsStart = bytesStart + byteCount
        guard tagsStart + tagsLength == file.bytes.count, root < recordCount else { return nil }
        let children = (raw + childrenStart).bindMemory(to: Int32.self, capacity: childCount)
        for index in 0..<childCount where children[index] < 0 || Int(children[index]) >= recordCount { return nil }
        guard let tags = Self.readTags(raw + tagsStart, length: tagsLength, recordCount: recordCount) else { return nil }
        let columns = YAMLStorage.Columns(
            records: UnsafeBufferPointer(start: (raw + recordsStart).bindMemory(to: YAMLStorage.Record.self, capacity: recordCount), count: recordCount),
            children: UnsafeBufferPointer(start: children, count: childCount),
            bytes: UnsafeBufferPointer(start: (raw + bytesStart).assumingMemoryBound(to: UInt8.self), count: byteCount))
        let document = YAMLDocument(YAMLStorage(mapped: columns, tags: tags), mapping: file)
        return YAMLNode(document, index: Int32(root))
    }

    /// The tags section: for each tagged node its index, the tag's length and its UTF-8 bytes.
    private static func readTags(_ start: UnsafeRawPointer, length: Int, recordCount: Int) -> [Int32: String]? {
        var tags: [Int32: String] = [:]
        var offset = 0
        while offset < length {
            guard offset + 8 <= length else { return nil }
            let index = start.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let size = Int(start.loadUnaligned(fromByteOffset: offset + 4, as: Int32.self))
            offset += 8
            guard index >= 0, Int(index) < recordCount, size >= 0, offset + size <= length else { return nil }
            tags[index] = String(decoding: UnsafeRawBufferPointer(start: start + offset, count: size), as: UTF8.self)
            offset += size
        }
        return tags
    }

    // MARK: - Storing

    /// Writes `root`'s document to `path` (through a new file renamed into place, so a reader
    /// never sees half a tree), then trims the cache. Failures only mean no cache.
    private func store(_ root: YAMLNode, at path: String, key: ContentHash, sourceCount: Int) {
        let storage = root.document.storage
        var tagBytes: [UInt8] = []
        for (index, tag) in storage.tags.sorted(by: { $0.key < $1.key }) {
            withUnsafeBytes(of: index) { tagBytes += $0 }
            withUnsafeBytes(of: Int32(tag.utf8.count)) { tagBytes += $0 }
            tagBytes += tag.utf8
        }
        let written = FileBytes.writeAtomically(to: path) { descriptor in storage.withColumns { columns -> Bool in
            let header: [UInt64] = [
                Self.magic, salt.high, salt.low, key.high, key.low, UInt64(sourceCount), UInt64(columns.records.count),
                UInt64(columns.children.count), UInt64(columns.bytes.count), UInt64(tagBytes.count), UInt64(root.index),
            ]
            return header.withUnsafeBytes { FileBytes.writeAll(descriptor, $0) }
                && FileBytes.writeAll(descriptor, UnsafeRawBufferPointer(columns.records))
                && FileBytes.writeAll(descriptor, UnsafeRawBufferPointer(columns.children))
                && FileBytes.writeAll(descriptor, UnsafeRawBufferPointer(columns.bytes))
                && tagBytes.withUnsafeBytes { FileBytes.writeAll(descriptor, $0) }
        } }
        if written { trim() }
    }

    /// Removes the least recently used files named `*suffix` beyond `maximumEntries` or
    /// ``maximumTotalBytes`` (trees, and the operation indexes of ``OperationIndex``).
    func trim(suffix: String = ".tree", maximumEntries: Int = Self.maximumEntries) {
        guard let folder = opendir(directory) else { return }
        var entries: [(path: String, used: Int, size: Int)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(suffix) else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            entries.append((path, Int(Self.modificationTime(info)), Int(info.st_size)))
        }
        closedir(folder)
        entries.sort { $0.used > $1.used }
        var total = 0
        for (position, entry) in entries.enumerated() {
            total += entry.size
            if position >= maximumEntries || total > Self.maximumTotalBytes { unlink(entry.path) }
        }
    }

    /// A file's modification time in nanoseconds.
    package static func modificationTime(_ info: stat) -> Int {
        #if canImport(Darwin)
        Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
        Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
    }
}

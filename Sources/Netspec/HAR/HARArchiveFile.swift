#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NetspecModel

/// The recorder's file as written so far, a complete HAR 1.2 document after every write: the
/// archive's opening, the entries no later event changes (settled: written once, in the order their
/// exchanges started), the entries still open (written again after the settled ones each time),
/// and the closing brackets. The text is the archive's as `formatted(pretty: true, indent: 2)`
/// prints it, byte for byte.
struct HARArchiveFile: Sendable {
    /// The file.
    let path: String
    private var descriptor: Int32 = -1
    private var device: UInt64 = 0
    private var inode: UInt64 = 0
    /// The hash of each settled entry's text, in the file's order.
    private(set) var digests: [Int] = []
    /// Where the settled entries end: the next entry's comma, or the closing brackets.
    private var settledEnd = 0
    private var length = 0
    /// What has been written to the file, and how often it was written whole.
    private(set) var bytesWritten = 0
    private(set) var rewrites = 0

    init(path: String) { self.path = path }

    /// How many entries are settled.
    var settledCount: Int { digests.count }

    /// A HAR 1.2 archive with `entries`.
    static func document(_ entries: [JSONValue]) -> JSONValue {
        [
            "log": [
                "version": "1.2", "creator": ["name": "netspec", "version": .string(NetspecInfo.version)],
                "entries": .array(entries),
            ] as JSONValue,
        ]
    }

    /// The archive's text before its first entry and after its last, an entry's indentation, and
    /// the text of an archive without entries.
    private static let layout: (opening: [UInt8], closing: [UInt8], indentation: [UInt8], empty: [UInt8]) = {
        let text = Array(document([]).formatted(pretty: true, indent: 2).utf8)
        let member = Array(#""entries": []"#.utf8)
        let start = (0...(text.count - member.count)).first { text[$0..<$0 + member.count].elementsEqual(member) }!
        let lineStart = text[..<start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let outer = [UInt8](repeating: 0x20, count: start - lineStart)
        let bracket = start + member.count - 1
        return (Array(text[..<bracket]), [0x0A] + outer + text[bracket...] + [0x0A], outer + [0x20, 0x20], text + [0x0A])
    }()

    /// An entry's text as it stands in the archive (indented to its place, without the comma).
    static func text(of entry: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        for byte in entry.formatted(pretty: true, indent: 2).utf8 {
            bytes.append(byte)
            if byte == 0x0A { bytes += layout.indentation }
        }
        return bytes
    }

    static func digest(_ text: [UInt8]) -> Int {
        var hasher = Hasher()
        text.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// Whether the file is open and still the one at ``path`` (not removed or replaced since).
    func isCurrent() -> Bool {
        guard descriptor >= 0 else { return false }
        var info = stat()
        return stat(path, &info) == 0 && UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// Writes the whole archive anew (into a file beside it, renamed into place; mode 600).
    mutating func rewrite(_ entries: [(text: [UInt8], isFinal: Bool)]) throws(HARRecorder.WriteError) {
        release()
        var bytes = entries.isEmpty ? Self.layout.empty : Self.layout.opening
        var settled: [Int] = [], end = bytes.count
        for (index, entry) in entries.enumerated() {
            Self.append(entry.text, first: index == 0, to: &bytes)
            if settled.count == index, entry.isFinal { settled.append(Self.digest(entry.text)); end = bytes.count }
        }
        if !entries.isEmpty { bytes += Self.layout.closing }
        guard FileBytes.writeAtomically(bytes, to: path) else { throw failure() }
        bytesWritten += bytes.count
        rewrites += 1
        // An archive without entries has no place for one: the next write is whole too.
        guard !entries.isEmpty else { return }
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0 else { throw failure() }
        (self.descriptor, device, inode) = (descriptor, UInt64(info.st_dev), UInt64(info.st_ino))
        (digests, settledEnd, length) = (settled, end, bytes.count)
    }

    /// Writes the entries after the settled ones (`entries`, the open ones first among them
    /// settling) and the closing brackets over what followed the settled entries, in one write: a
    /// shorter text is followed by spaces (JSON still) until the file is cut to its length.
    mutating func append(_ entries: [(text: [UInt8], isFinal: Bool)]) throws(HARRecorder.WriteError) {
        guard !entries.isEmpty || length != settledEnd + Self.layout.closing.count else { return }
        var bytes: [UInt8] = []
        var settled = digests, end = settledEnd
        for (index, entry) in entries.enumerated() {
            Self.append(entry.text, first: digests.count + index == 0, to: &bytes)
            if settled.count == digests.count + index, entry.isFinal { settled.append(Self.digest(entry.text)); end = settledEnd + bytes.count }
        }
        bytes += Self.layout.closing
        let newLength = settledEnd + bytes.count
        if newLength < length { bytes += repeatElement(0x20, count: length - newLength) }
        guard write(bytes, at: settledEnd), newLength >= length || ftruncate(descriptor, off_t(newLength)) == 0 else {
            let error = failure()
            release()
            throw error
        }
        bytesWritten += bytes.count
        (digests, settledEnd, length) = (settled, end, newLength)
    }

    /// Closes the file; the next write is whole.
    mutating func release() {
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -1
    }

    private static func append(_ entry: [UInt8], first: Bool, to bytes: inout [UInt8]) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(0x0A)
        bytes += layout.indentation
        bytes += entry
    }

    private func write(_ bytes: [UInt8], at offset: Int) -> Bool {
        FileBytes.writeAll(descriptor, bytes, at: offset)
    }

    private func failure() -> HARRecorder.WriteError {
        HARRecorder.WriteError(file: path, reason: FileBytes.describe(errno: errno))
    }
}

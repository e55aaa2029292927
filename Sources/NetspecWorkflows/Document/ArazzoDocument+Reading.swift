#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import NetspecModel

/// Reading an Arazzo document alone: parsed with positions, checked as the Arazzo JSON Schema
/// checks it; its sources are not loaded (``Workflows/load(path:provider:sources:)`` does that).
extension ArazzoDocument {
    /// Reads an Arazzo document (YAML, or JSON for a `.json` file) from a file.
    ///
    /// - Throws: `SpecError` with every problem found, each at file:line:column.
    public static func read(path: String) throws(SpecError) -> ArazzoDocument {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes)
        } catch {
            throw SpecError(file: path, line: 0, column: 0, message: "cannot read file: \(error.message)")
        }
        return try read(bytes: bytes, file: path)
    }

    /// Reads an Arazzo document from its text; `file` names it in errors.
    public init(yaml: String, file: String = "<workflows>") throws(SpecError) {
        self = try Self.read(bytes: Array(yaml.utf8), file: file)
    }

    /// Reads an Arazzo document from its bytes.
    package static func read(bytes: [UInt8], file: String) throws(SpecError) -> ArazzoDocument {
        try ArazzoReader.read(parse(bytes: bytes, file: file), file: file)
    }

    /// Parses a document's bytes into the YAML tree (JSON only for a `.json` file).
    package static func parse(bytes: [UInt8], file: String) throws(SpecError) -> YAMLNode? {
        do {
            return try YAMLParser.parse(bytes, asJSON: file.lowercased().hasSuffix(".json"))
        } catch {
            throw SpecError(file: file, mark: error.mark, message: error.message)
        }
    }

    /// Whether the file at `path` is an Arazzo document, for commands that take either a spec or
    /// a workflow document: one whose name ends in `.arazzo.yaml`, `.arazzo.yml` or
    /// `.arazzo.json` (a file or a URL's path), whatever it holds — so that an empty one, or one
    /// whose `arazzo` key is misspelt, is told what an Arazzo document lacks, not what a Netspec
    /// spec does — or a file whose top level has an `arazzo` key. Another file that cannot be read
    /// or parsed is not (the spec loader then says why).
    public static func isArazzo(path: String) -> Bool {
        let lowered = path.lowercased()
        let isURL = lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
        let bare = isURL ? lowered.prefix { $0 != "?" && $0 != "#" } : lowered[...]
        if [".arazzo.yaml", ".arazzo.yml", ".arazzo.json"].contains(where: { bare.hasSuffix($0) }) { return true }
        guard !isURL, let bytes = try? FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes),
              contains(bytes, Array("arazzo".utf8)),
              let root = try? parse(bytes: bytes, file: path) else { return false }
        return ArazzoReader.isArazzo(root)
    }
}

/// Whether `needle` occurs in `bytes`: `memchr` to each place of its first byte, then `memcmp`.
/// `list` and `validate` ask this of every document they are given, before reading it as a spec:
/// the generic `firstRange(of:)` took 100 ms over OpenAI's 2.9 MB document (4× the whole cached
/// `validate`); this takes under a millisecond.
private func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    return bytes.withUnsafeBufferPointer { buffer -> Bool in
        guard let start = buffer.baseAddress else { return false }
        var offset = 0
        while offset < buffer.count, let found = memchr(start + offset, Int32(first), buffer.count - offset) {
            let position = UnsafeRawPointer(found) - UnsafeRawPointer(start)
            if buffer.count - position >= needle.count, memcmp(found, needle, needle.count) == 0 { return true }
            offset = position + 1
        }
        return false
    }
}

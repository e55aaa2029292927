// MARK: - YAMLStorage

/// Every node of one parsed YAML document, stored flat: one record per node, one array of
/// child indices, one buffer of scalar text.
///
/// A document of 200,000 nodes is four arrays rather than 200,000 strings and 30,000
/// child arrays, so building it allocates almost nothing per node, and freeing it is four
/// deallocations. ``YAMLNode`` is a view into it: the storage of its ``YAMLDocument`` and
/// an index.
///
/// - A scalar's record points at its text in ``bytes`` (quoting, escapes and folding
///   already applied); the text becomes a `String` only when it is read.
/// - A collection's record points at its children in ``children``: items in order for a
///   sequence, key and value alternating for a mapping (merge keys already applied).
///   Children always have lower indices than their parent; an alias is the index of the
///   anchored node, so aliased nodes are shared, never copied.
/// - Explicit tags, which specs rarely use, are kept aside in ``tags``.
///
/// Indices and offsets are 32-bit: ``YAMLParser`` refuses input over `Int32.max` bytes,
/// and ``YAMLTreeBuilder`` refuses documents with more nodes or children than that.
struct YAMLStorage: Sendable {
    /// The three kinds of node.
    enum Kind: UInt8, Sendable {
        case scalar, mapping, sequence
    }

    /// One node: what it is, where it starts, and where its content is.
    struct Record: Sendable {
        /// A scalar's first byte in ``bytes``, or a collection's first child in ``children``.
        var first: Int32
        /// A scalar's byte count, or a collection's child count (twice the pairs for a mapping).
        var count: Int32
        /// Where the node starts in the source: its line and column (the file is the
        /// storage's, or ``YAMLStorage/files``' for a node an overlay added).
        private var line: Int32
        private var column: Int32
        // Kind, style and tag flag are kept as bytes, so a record mapped from a cache file is
        // plain bytes whatever they hold (see ``sanitized(byteCount:childCount:)``).
        private var rawKind: UInt8
        private var rawStyle: UInt8
        private var rawHasTag: UInt8

        init(first: Int32, count: Int32, mark: Mark, kind: Kind, style: YAMLScalar.Style, hasTag: Bool) {
            self.first = first
            self.count = count
            line = Int32(clamping: mark.line)
            column = Int32(clamping: mark.column)
            rawKind = kind.rawValue
            rawStyle = style.rawValue
            rawHasTag = hasTag ? 1 : 0
        }

        /// Where the node starts in the source.
        var mark: Mark {
            get { Mark(line: Int(line), column: Int(column)) }
            set {
                line = Int32(clamping: newValue.line)
                column = Int32(clamping: newValue.column)
            }
        }

        var kind: Kind { Kind(rawValue: rawKind) ?? .scalar }
        /// The scalar style (`.plain` for collections).
        var style: YAMLScalar.Style { YAMLScalar.Style(rawValue: rawStyle) ?? .plain }
        var hasTag: Bool { rawHasTag != 0 }

        /// Where the content is: a scalar's text in ``YAMLStorage/bytes``, or a collection's
        /// children in ``YAMLStorage/children``.
        var contentRange: Range<Int> { Int(first)..<Int(first + count) }

        /// The record if its fields hold values their types have and its content lies inside
        /// its column; else an empty scalar at its mark. A damaged cache file so reads as odd
        /// text, never out of bounds.
        func sanitized(byteCount: Int, childCount: Int) -> Record {
            let limit = rawKind == Kind.scalar.rawValue ? byteCount : childCount
            if rawKind <= 2, rawStyle <= 4, rawHasTag <= 1, first >= 0, count >= 0, Int(first) + Int(count) <= limit { return self }
            return Record(first: 0, count: 0, mark: mark, kind: .scalar, style: .plain, hasTag: false)
        }
    }

    /// The nodes, children before their parents.
    private var records: [Record] = []
    /// The children of every collection, in runs.
    private var children: [Int32] = []
    /// The text of every scalar, in runs.
    private var bytes: [UInt8] = []
    /// The explicit tag of each node that has one, by node index.
    private(set) var tags: [Int32: String] = [:]
    /// The file of each node an overlay added (``OverlayTree``), by node index; every other
    /// node is the document's. Empty for a parsed document.
    private(set) var files: [Int32: String] = [:]
    /// The three columns in memory mapped from a cached tree (``YAMLTreeCache``), in place of
    /// the arrays; they live as long as the ``YAMLDocument`` that owns the mapping.
    private var mapped: Columns?

    /// The columns as pointers: a cached tree's mapped memory.
    struct Columns: @unchecked Sendable {
        var records: UnsafeBufferPointer<Record>
        var children: UnsafeBufferPointer<Int32>
        var bytes: UnsafeBufferPointer<UInt8>
    }

    /// Storage over a cached tree's columns (already checked by ``YAMLTreeCache``).
    init(mapped columns: Columns, tags: [Int32: String]) {
        mapped = columns
        self.tags = tags
    }

    /// Storage holding a copy of `other`'s nodes at the same indices, in arrays that can grow
    /// (for ``OverlayTree``, which appends the nodes an overlay changes or adds) by `extra`
    /// records and children without being copied again.
    init(copying other: YAMLStorage, reservingExtra extra: Int = 0) {
        other.withColumns { columns in
            records.reserveCapacity(columns.records.count + extra)
            records.append(contentsOf: columns.records)
            children.reserveCapacity(columns.children.count + extra * 4)
            children.append(contentsOf: columns.children)
            bytes.reserveCapacity(columns.bytes.count + extra * 8)
            bytes.append(contentsOf: columns.bytes)
        }
        if other.mapped != nil { records = records.map { $0.sanitized(byteCount: bytes.count, childCount: children.count) } }
        tags = other.tags
        files = other.files
    }

    /// Creates empty storage with room for a document of about `byteCount` source bytes.
    init(reservingFor byteCount: Int = 0) {
        // A spec has roughly one node per 10 source bytes, and about two thirds of its bytes are
        // scalar text; the text can never be longer than the source, so it never has to grow.
        // (Only the pages written to are ever backed by memory.)
        records.reserveCapacity(byteCount / 8)
        children.reserveCapacity(byteCount / 8)
        bytes.reserveCapacity(byteCount)
    }

    // MARK: - Adding nodes

    /// Adds a scalar node and returns its index.
    mutating func appendScalar(
        _ text: UnsafeBufferPointer<UInt8>, style: YAMLScalar.Style, tag: String?, mark: Mark
    ) -> Int32 {
        let first = Int32(truncatingIfNeeded: bytes.count)
        bytes.append(contentsOf: text)
        return append(Record(
            first: first, count: Int32(truncatingIfNeeded: text.count), mark: mark, kind: .scalar,
            style: style, hasTag: tag != nil
        ), tag: tag)
    }

    /// Adds a mapping or sequence whose children are `items` and returns its index.
    mutating func appendCollection(
        _ kind: Kind, children items: ArraySlice<Int32>, tag: String?, mark: Mark
    ) -> Int32 {
        let first = Int32(truncatingIfNeeded: children.count)
        children.append(contentsOf: items)
        return append(Record(
            first: first, count: Int32(truncatingIfNeeded: items.count), mark: mark, kind: kind,
            style: .plain, hasTag: tag != nil
        ), tag: tag)
    }

    /// Adds a copy of node `index` that starts at `mark` instead, and returns the copy's
    /// index. The copy shares the original's text or children.
    mutating func appendCopy(of index: Int32, at mark: Mark) -> Int32 {
        var record = record(index)
        record.mark = mark
        return append(record, tag: tags[index])
    }

    /// Adds a collection of `kind` whose children are `items`, starting where node `model` starts,
    /// with its tag and file, and returns its index (a changed copy of `model`).
    mutating func appendCollection(_ kind: Kind, children items: [Int32], like model: Int32) -> Int32 {
        let index = appendCollection(kind, children: items[...], tag: tag(of: model), mark: record(model).mark)
        if let file = files[model] { files[index] = file }
        return index
    }

    /// Records that node `index` was added from `file` (an overlay).
    mutating func setFile(_ file: String, of index: Int32) {
        files[index] = file
    }

    private mutating func append(_ record: Record, tag: String?) -> Int32 {
        let index = Int32(truncatingIfNeeded: records.count)
        records.append(record)
        if let tag { tags[index] = tag }
        return index
    }

    // MARK: - Reading nodes

    /// The number of nodes.
    var recordCount: Int { mapped?.records.count ?? records.count }

    /// Node `index`'s record.
    @inline(__always)
    func record(_ index: Int32) -> Record {
        if let mapped { return mapped.records[Int(index)].sanitized(byteCount: mapped.bytes.count, childCount: mapped.children.count) }
        return records[Int(index)]
    }

    /// The node index at `position` in the children column.
    @inline(__always)
    func child(_ position: Int) -> Int32 {
        if let mapped { return mapped.children[position] }
        return children[position]
    }

    /// `body` run over the three columns.
    @inline(__always)
    func withColumns<Result>(_ body: (Columns) -> Result) -> Result {
        if let mapped { return body(mapped) }
        return records.withUnsafeBufferPointer { records in
            children.withUnsafeBufferPointer { children in
                bytes.withUnsafeBufferPointer { bytes in body(Columns(records: records, children: children, bytes: bytes)) }
            }
        }
    }

    /// The explicit tag of node `index`, if it has one.
    func tag(of index: Int32) -> String? {
        record(index).hasTag ? tags[index] : nil
    }

    /// The text of scalar `index` (the empty string for a collection).
    func text(of index: Int32) -> String {
        withText(of: index) { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Whether node `index` is a scalar whose text is `text`, compared without making a string.
    func isScalar(_ index: Int32, withText text: String) -> Bool {
        withText(of: index) { Self.equal($0, text) } ?? false
    }

    /// Whether node `index` is a scalar whose text is one of `names`.
    func isScalar(_ index: Int32, withTextIn names: [String]) -> Bool {
        withText(of: index) { stored in names.contains { Self.equal(stored, $0) } } ?? false
    }

    /// The position of the first pair whose key is `text` among the `pairCount` key/value
    /// pairs that start at `first` in ``children``.
    func position(ofKey text: String, inPairsFrom first: Int, count pairCount: Int) -> Int? {
        withColumns { columns in
            (0..<pairCount).first { position in
                let key = record(columns.children[first + 2 * position])
                return key.kind == .scalar && Self.equal(UnsafeBufferPointer(rebasing: columns.bytes[key.contentRange]), text)
            }
        }
    }

    /// Whether scalars `first` and `second` have the same text.
    func haveSameText(_ first: Int32, _ second: Int32) -> Bool {
        let (a, b) = (record(first), record(second))
        guard a.kind == .scalar, b.kind == .scalar, a.count == b.count else { return false }
        return withColumns { $0.bytes[a.contentRange].elementsEqual($0.bytes[b.contentRange]) }
    }

    /// A 64-bit FNV-1a hash of scalar `index`'s text (of nothing for a collection), for indexing
    /// keys without making strings.
    func textHash(of index: Int32) -> UInt64 {
        withText(of: index) { text in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        } ?? 0
    }

    /// `body` run over the stored text of scalar `index`; `nil` for a collection.
    private func withText<Result>(of index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let record = record(index)
        guard record.kind == .scalar else { return nil }
        return withColumns { body(UnsafeBufferPointer(rebasing: $0.bytes[record.contentRange])) }
    }

    /// Whether stored text is `text`: lengths first, then bytes (a native string's in place).
    private static func equal(_ stored: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == stored.count else { return false }
        return utf8.withContiguousStorageIfAvailable { $0.elementsEqual(stored) } ?? utf8.elementsEqual(stored)
    }
}

// MARK: - YAMLDocument

/// A parsed document's ``YAMLStorage``, shared by every ``YAMLNode`` of the document and
/// immutable once built.
package final class YAMLDocument: Sendable {
    /// The document's nodes.
    let storage: YAMLStorage
    /// The mapped cache file the storage's columns point into, unmapped with the document.
    private let mapping: MappedFile?

    /// Wraps finished storage.
    init(_ storage: consuming YAMLStorage) {
        self.storage = storage
        mapping = nil
    }

    /// Wraps storage whose columns point into `mapping`.
    init(_ storage: consuming YAMLStorage, mapping: MappedFile) {
        self.storage = storage
        self.mapping = mapping
    }
}

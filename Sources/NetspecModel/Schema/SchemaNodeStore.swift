// The compiled nodes, shared by the compiler and every graph it has handed out, without copies.
//
// A compiled schema kept the compiler's node array as it was (an array shares its buffer until
// it is written), and the next compile's first new node then copied the whole array. Compiling a
// document's schemas one at a time, as each is first used (``ModelSchema/compiled()``: the mock's
// request checks, endpoint by endpoint), cost the number of schemas times the number of nodes in
// time and in memory: 16% of the CPU of a full test run went to those copies.
//
// Here the nodes live in a buffer that the compiler appends to, and a graph reads its first
// `count` nodes. The compiler writes only past every count it has handed out (new nodes, and the
// nodes of a compile that failed, which it removes), so what a graph reads is never written again
// and may be read on any thread while the compiler, under its lock, appends. A full buffer is
// copied once into one twice its size; graphs made before keep the old one alive.

/// A buffer of compiled nodes: the first ``initialized`` are initialized. Written only by the
/// compiler, under its lock (``SchemaNodeList``); read through ``SchemaNodes``.
final class SchemaNodeStore: @unchecked Sendable {
    let base: UnsafeMutablePointer<SchemaNode>
    let capacity: Int
    /// How many nodes from ``base`` on are initialized.
    fileprivate(set) var initialized = 0

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        base.deinitialize(count: initialized)
        base.deallocate()
    }
}

/// The first `count` nodes of a store: a graph's nodes (``SchemaGraph/nodes``), never written again.
struct SchemaNodes: RandomAccessCollection, Sendable {
    let store: SchemaNodeStore
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The node in place, not copied (an array's subscript reads a field the same way).
    subscript(position: Int) -> SchemaNode {
        unsafeAddress {
            precondition(position >= 0 && position < count, "node \(position) of \(count)")
            return UnsafePointer(store.base + position)
        }
    }

    /// Runs `body` with the nodes in place (the store kept alive meanwhile).
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<SchemaNode>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(store) { try body(UnsafeBufferPointer(start: store.base, count: count)) }
    }
}

/// The compiler's nodes (``SchemaCompilation/nodes``): appended to, written in place while a
/// compile fills them, and removed from the end when a compile fails.
///
/// A copy of the value (the state a failing compile goes back to) shares the store; whatever a
/// later write left past its count is removed by the next change through it.
struct SchemaNodeList {
    private var store = SchemaNodeStore(capacity: 16)
    private(set) var count = 0

    /// The nodes as they are now, for a graph.
    var snapshot: SchemaNodes { SchemaNodes(store: store, count: count) }

    subscript(position: Int) -> SchemaNode {
        unsafeAddress {
            precondition(position >= 0 && position < count, "node \(position) of \(count)")
            return UnsafePointer(store.base + position)
        }
        unsafeMutableAddress {
            precondition(position >= 0 && position < count, "node \(position) of \(count)")
            return store.base + position
        }
    }

    mutating func append(_ node: SchemaNode) {
        removeLeftOver()
        if count == store.capacity {
            let larger = SchemaNodeStore(capacity: store.capacity * 2)
            larger.base.initialize(from: store.base, count: count)
            larger.initialized = count
            store = larger
        }
        (store.base + count).initialize(to: node)
        count += 1
        store.initialized = count
    }

    /// Removes the nodes from `first` on (those of a compile that failed: no graph reads them).
    mutating func removeAll(from first: Int) {
        precondition(first >= 0 && first <= count, "node \(first) of \(count)")
        count = first
        removeLeftOver()
    }

    /// Deinitializes what the store holds past ``count``.
    private mutating func removeLeftOver() {
        guard store.initialized > count else { return }
        (store.base + count).deinitialize(count: store.initialized - count)
        store.initialized = count
    }
}

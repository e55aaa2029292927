// A large answer checked while it is parsed. The elements of the document's outer array (the
// array at the top, or one that is a member of the object at the top, as in `{"data": […]}`) go
// to another core as the parser finishes them, in batches of about 32 KiB of text, and are
// checked against that array's `items` schema there; when the parse ends, the rest of the
// schema runs over the tree with those arrays' `items` already answered.
//
// Why: issue 32 asks that validating a 1 MB answer add at most 10% to a call. Parsing 1 MiB takes
// about 4 ms here and checking the fresh tree about as long, one after the other 1.5× the call.
// Side by side, with the caller sharing what is left when its parse ends, 1.03–1.09× (BENCHMARKS.md).
//
// Why Dispatch: the parse runs on the caller's thread, synchronously; the batches need a thread
// that is not waiting for it. Not `DispatchQueue.global()`: on Linux that is the concurrency
// pool's own queue, whose threads (one per core) the callers may all be holding, so a worker
// queued there can wait behind every task of the program. A queue of our own overcommits: the
// worker gets a thread when it is sent. When the parse ends, the caller checks the batches still
// waiting beside that thread (the check on a fresh tree is about as slow as the parse, so a
// backlog is usual, and two cores end it in half the time), then waits only for the batches the
// worker holds, never for a worker still waiting for a thread. Small bodies (under 256 KiB) and
// one-core machines are checked after the parse, as before: there the handing over would cost
// more than it saves.
//
// Why it holds: an array's `items` keyword is skipped only for the very node the elements were
// checked against and the very array storage the parser built from those elements (kept alive
// until the final pass ends), so however the path to the array was guessed, no check is lost.

package import Dispatch
import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Darwin)
package import Darwin
#endif

extension JSONSchema {
    /// Parses `body` as JSON and answers whether the document is valid (``isValid(_:direction:)``),
    /// checking the elements of its outer array on another core while the rest is parsed when
    /// the body is large.
    ///
    /// - Parameters:
    ///   - concurrently: Whether a large body is checked on another core (by default when the
    ///     machine has more than one).
    ///   - workers: Where the worker that checks the batches runs (tests hold it back).
    /// - Throws: ``JSONValue/ParseError`` when `body` is not JSON.
    package func parseChecking(
        _ body: [UInt8], direction: SchemaDirection?, concurrently: Bool = ConcurrentItemCheck.isWorthwhile,
        workers: DispatchQueue = ConcurrentItemCheck.workers
    ) throws(JSONValue.ParseError) -> (value: JSONValue, isValid: Bool) {
        guard concurrently, body.count >= ConcurrentItemCheck.minimumSize, !graph.usesDynamicScope else {
            let value = try JSONValue(parsing: body)
            return (value, isValid(value, direction: direction))
        }
        let check = ConcurrentItemCheck(schema: self, direction: direction, workers: workers)
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body, observer: check)
        } catch {
            check.cancel()
            throw error
        }
        // An element failed: the answer is the whole pass's (the element may be in an array a
        // repeated key replaced).
        guard let checked = check.finish() else { return (value, isValid(value, direction: direction)) }
        let isValid = graph.evaluate(FirstFailure(), direction: direction) { evaluator in
            evaluator.checkedArrays = checked
            var evaluated: Evaluated?
            return evaluator.check(root, value, &evaluated)
        }
        withExtendedLifetime(check) {}
        return (value, isValid)
    }

    /// Whether each of `items` is valid against node `node` as an array's `items`.
    func itemsAreValid(_ items: [JSONValue], node: Int32, direction: SchemaDirection?) -> Bool {
        graph.evaluate(FirstFailure(), direction: direction) { evaluator in
            for item in items where !evaluator.checkChild(node, item, .index(0), keyword: "items") { return false }
            return true
        }
    }

    /// The `items` node of the array the schema puts at the top (`key` `nil`) or at member `key`
    /// of the object at the top, when the schema says so directly (through `$ref`s, not through
    /// `allOf`, `anyOf` or conditionals); `nil` otherwise.
    func itemsNode(forArrayAt key: String?) -> Int32? {
        let nodes = graph.nodes
        func target(_ index: Int32) -> Int32 {
            var index = index
            while let next = nodes[Int(index)].reference { index = next }
            return index
        }
        func ops(_ index: Int32) -> UnsafeBufferPointer<SchemaOp> {
            let ops = nodes[Int(index)].ops
            return UnsafeBufferPointer(start: ops.base, count: ops.count)
        }
        var node = target(root)
        if let key {
            let member = ops(node).lazy.compactMap { op -> Int32? in
                guard case let .properties(shape) = op else { return nil }
                return shape.takeUnretainedValue().node(for: key)
            }.first
            guard let member else { return nil }
            node = target(member)
        }
        for op in ops(node) {
            if case let .items(items) = op { return items }
        }
        return nil
    }
}

/// An array whose items were checked against node `items` while it was parsed: the node and the
/// array's storage (the same storage, so the same elements, while the array is kept alive).
struct CheckedArray: Equatable {
    let items: Int32
    let storage: UnsafeRawPointer?

    init(items: Int32, _ array: [JSONValue]) {
        self.items = items
        self.storage = array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}

/// Follows a document's outer arrays while it is parsed and checks their elements on another
/// thread (see the top of this file). When the parse ends, the caller takes its share of the
/// batches still waiting instead of waiting for them: the two cores end the backlog together.
final class ConcurrentItemCheck: JSONElementObserver {
    /// Bodies smaller than this are parsed, then checked.
    static let minimumSize = 256 * 1024
    /// About how much text each batch of elements covers.
    static let batchSize = 32 * 1024
    /// Whether a second core can take the batches: the machine has one, and
    /// `NETSPEC_SCHEMA_CONCURRENCY` is not `off` (read at each call, so it can be changed while
    /// a program runs).
    static var isWorthwhile: Bool {
        guard hasSecondCore else { return false }
        guard let setting = getenv("NETSPEC_SCHEMA_CONCURRENCY") else { return true }
        return String(cString: setting) != "off"
    }

    private static let hasSecondCore = System.coreCount > 1

    /// Where workers run: a queue of our own, which overcommits (see the top of this file).
    static let workers = DispatchQueue(label: "netspec.schema.items", attributes: .concurrent)

    /// A batch: elements of the array whose `items` node is `node`.
    private struct Batch: @unchecked Sendable {
        // @unchecked: `JSONValue`s are immutable values; only reference counts are shared.
        let node: Int32
        let elements: [JSONValue]
    }

    /// The batches waiting, shared by the worker and the caller.
    private final class Backlog: Sendable {
        struct State {
            var waiting: [Batch] = []
            var next = 0
            /// Whether a worker is draining `waiting` (or is about to start).
            var working = false
            /// Whether an element has failed (or the parse did): what is still waiting is dropped.
            var failed = false
        }

        let state = Mutex(State())
        /// Entered for each batch the worker has taken and not yet checked: once nothing waits,
        /// the caller waits for these only.
        let held = DispatchGroup()

        /// The next batch to check, or `nil` when none is waiting or one has failed; a batch the
        /// worker takes is `held` until it has been checked.
        func take(byWorker: Bool) -> Batch? {
            state.withLock { state in
                guard !state.failed, state.next < state.waiting.count else { return nil }
                if byWorker { held.enter() }
                defer { state.next += 1 }
                return state.waiting[state.next]
            }
        }

        func fail() {
            state.withLock { $0.failed = true }
        }
    }

    private let schema: JSONSchema
    private let direction: SchemaDirection?
    private let backlog = Backlog()
    private let workers: DispatchQueue
    /// The `items` node of the array followed now.
    private var items: Int32 = 0
    private var batch: [JSONValue] = []
    /// Where the text of the batch being gathered is to end.
    private var batchEnd = 0
    /// The arrays followed, closed, kept alive until the final pass ends.
    private var arrays: [JSONValue] = []
    private var checked: [CheckedArray] = []

    init(schema: JSONSchema, direction: SchemaDirection?, workers: DispatchQueue) {
        self.schema = schema
        self.direction = direction
        self.workers = workers
    }

    func follows(arrayAt key: String?) -> Bool {
        guard let items = schema.itemsNode(forArrayAt: key) else { return false }
        self.items = items
        return true
    }

    func element(_ value: JSONValue, endingAt offset: Int) {
        if batch.isEmpty { batchEnd = offset + Self.batchSize }
        batch.append(value)
        if offset >= batchEnd { send() }
    }

    func closed(_ array: JSONValue) {
        send()
        guard case let .array(elements) = array else { return }
        checked.append(CheckedArray(items: items, elements))
        arrays.append(array)
    }

    /// Checks the batches still waiting, beside the worker, then waits for those the worker
    /// holds; the arrays whose items all passed, or `nil` when one failed.
    func finish() -> [CheckedArray]? {
        send()
        Self.drain(backlog, byWorker: false, schema: schema, direction: direction)
        backlog.held.wait()
        return backlog.state.withLock { $0.failed } ? nil : checked
    }

    /// Drops the batches still waiting (the parse failed).
    func cancel() {
        backlog.fail()
    }

    /// Hands the batch gathered so far to the backlog, starting a worker when none is running.
    private func send() {
        guard !batch.isEmpty else { return }
        let added = Batch(node: items, elements: batch)
        batch = []
        let starts = backlog.state.withLock { state -> Bool in
            state.waiting.append(added)
            guard !state.working else { return false }
            state.working = true
            return true
        }
        guard starts else { return }
        let (backlog, schema, direction) = (backlog, schema, direction)
        workers.async {
            while true {
                ConcurrentItemCheck.drain(backlog, byWorker: true, schema: schema, direction: direction)
                // Nothing waits: stop, unless a batch came in meanwhile.
                let stops = backlog.state.withLock { state -> Bool in
                    guard state.failed || state.next == state.waiting.count else { return false }
                    state.working = false
                    return true
                }
                if stops { break }
            }
        }
    }

    /// Checks batches from `backlog` until none waits or one fails.
    private static func drain(_ backlog: Backlog, byWorker: Bool, schema: JSONSchema, direction: SchemaDirection?) {
        while let batch = backlog.take(byWorker: byWorker) {
            let isValid = schema.itemsAreValid(batch.elements, node: batch.node, direction: direction)
            // Failed before released, so a caller that stops waiting sees the failure.
            if !isValid { backlog.fail() }
            if byWorker { backlog.held.leave() }
            if !isValid { return }
        }
    }
}

@testable import Netspec
@testable import NetspecModel

// MARK: - Chunkings

/// One way of cutting a test input into the chunks a network read might deliver.
struct Chunking: CustomStringConvertible {
    /// Where the cuts are, for failure messages.
    let description: String
    /// The chunks, in order; concatenated they are the input.
    let chunks: [[UInt8]]

    /// Every chunking a table-driven stream test runs: (1) the whole input as one chunk, (2) one
    /// byte per chunk, (3) several seeded random chunkings, and (4) two chunks split at each
    /// possible position.
    static func all(of input: [UInt8], seeds: ClosedRange<UInt64> = 1...6) -> [Chunking] {
        var result = [Chunking(description: "one chunk", chunks: [input])]
        result.append(Chunking(description: "one byte per chunk", chunks: input.map { [$0] }))
        for seed in seeds {
            var generator = SplitMix64(seed: seed)
            var chunks: [[UInt8]] = []
            var start = 0
            while start < input.count {
                // Mostly tiny chunks, so that cuts land on every kind of boundary, and some larger ones.
                let size = generator.next() % 4 == 0 ? Int(generator.next() % 32) + 1 : Int(generator.next() % 4) + 1
                let end = min(start + size, input.count)
                chunks.append(Array(input[start..<end]))
                start = end
            }
            result.append(Chunking(description: "random chunks, seed \(seed)", chunks: chunks))
        }
        for position in input.indices.dropFirst() {
            result.append(Chunking(
                description: "split at byte \(position)",
                chunks: [Array(input[..<position]), Array(input[position...])]))
        }
        return result
    }
}

/// A small, seedable pseudo-random generator, so random chunkings are the same on every run.
///
/// https://prng.di.unimi.it/splitmix64.c
struct SplitMix64: RandomNumberGenerator {
    /// The generator state.
    private var state: UInt64

    /// Creates a generator with the given seed.
    init(seed: UInt64) { state = seed }

    /// The next 64 pseudo-random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - Feeding the parsers

/// Everything observable after feeding a whole stream to a `ServerSentEventParser`.
struct EventStreamOutcome: Equatable, Sendable, CustomStringConvertible {
    var events: [ServerSentEvent] = []
    var lastEventID = ""
    var reconnectionTime: Int?
    var error: StreamError?

    var description: String {
        "events \(events.map(\.debugRendering)), lastEventID \(lastEventID.debugDescription), "
            + "reconnectionTime \(reconnectionTime.map(String.init) ?? "nil"), error \(error.map(\.message) ?? "nil")"
    }
}

extension ServerSentEvent {
    /// A compact rendering for failure messages.
    var debugRendering: String {
        "(\(event) \(data.debugDescription) id \(id?.debugDescription ?? "nil") retry \(retry.map(String.init) ?? "nil"))"
    }
}

/// Feeds `chunks` to a fresh parser, draining `next()` after every chunk, then finishes it.
///
/// On an error the events queued before it are drained too, and the stream is not finished.
func parseEventStream(_ chunks: [[UInt8]], limits: StreamLimits = .default) -> EventStreamOutcome {
    var parser = ServerSentEventParser(limits: limits)
    var outcome = EventStreamOutcome()
    for chunk in chunks {
        do {
            try parser.append(chunk)
        } catch {
            outcome.error = error
            break
        }
        while let event = parser.next() { outcome.events.append(event) }
    }
    if outcome.error == nil {
        if let event = parser.finish() { outcome.events.append(event) }
    }
    while let event = parser.next() { outcome.events.append(event) }
    outcome.lastEventID = parser.lastEventID
    outcome.reconnectionTime = parser.reconnectionTime
    return outcome
}

/// The lines and error after feeding a whole stream to a `LineStreamParser`, as strings.
struct LineStreamOutcome: Equatable {
    var lines: [String] = []
    var error: StreamError?
}

/// Feeds `chunks` to a fresh `LineStreamParser`, draining after every chunk, then finishes it.
func parseLineStream(_ chunks: [[UInt8]], limits: StreamLimits = .default) -> LineStreamOutcome {
    var parser = LineStreamParser(limits: limits)
    var outcome = LineStreamOutcome()
    for chunk in chunks {
        do {
            try parser.append(chunk)
        } catch {
            outcome.error = error
            break
        }
        while let line = parser.next() { outcome.lines.append(String(decoding: line, as: UTF8.self)) }
    }
    if outcome.error == nil, let line = parser.finish() {
        outcome.lines.append(String(decoding: line, as: UTF8.self))
    }
    while let line = parser.next() { outcome.lines.append(String(decoding: line, as: UTF8.self)) }
    return outcome
}

// MARK: - Async chunk sources

/// An in-memory async sequence of chunks that can fail after its last chunk, like a dropped body.
struct ChunkSource: AsyncSequence, Sendable {
    typealias Element = [UInt8]

    /// The error thrown after the chunks when `failsAtEnd` is set.
    struct Dropped: Error, Equatable {}

    let chunks: [[UInt8]]
    var failsAtEnd = false

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: ChunkSource
        var index = 0

        mutating func next() async throws -> [UInt8]? {
            guard index < source.chunks.count else {
                if source.failsAtEnd { throw Dropped() }
                return nil
            }
            defer { index += 1 }
            await Task.yield()  // a real body suspends between chunks
            return source.chunks[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}

extension Array where Element == UInt8 {
    /// The UTF-8 bytes of `string`.
    init(utf8 string: String) { self = Array(string.utf8) }
}

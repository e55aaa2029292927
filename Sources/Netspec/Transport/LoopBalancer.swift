/// Chooses the event loop for each request: the one with the fewest requests in flight (ties in
/// turn), so that ``AsyncHTTPClientTransport``'s connections, and the work of reading them, are
/// spread evenly over its loops.
///
/// Why: async-http-client's async API lets a client's pool put connections on any loop of its
/// group, and how they fall is settled as the pool fills. When most land on one loop, that thread
/// does most of the work and every thread switches context about twice as often: on two cores,
/// 20,000 GETs at concurrency 64 took 1.2–1.6× as long as with one client per loop, and which
/// placement a client got was chance (docs/performance-notes.md, "GETs"). With one client per loop
/// and this balancer choosing between them, every client's connections are on its own loop and the
/// loops share the requests.
struct LoopBalancer {
    /// Requests in flight on each loop.
    private(set) var inFlight: [Int]
    /// Where the search for the least busy loop starts: the loop after the last one chosen.
    private var start = 0

    /// A balancer over `loops` loops, none busy.
    init(loops: Int) {
        precondition(loops > 0, "a balancer needs at least one loop")
        inFlight = Array(repeating: 0, count: loops)
    }

    /// The least busy loop, counted as busy with one more request: on a tie, the first from the
    /// loop after the last one chosen, so that loops equally busy take turns.
    mutating func acquire() -> Int {
        var best = start
        var index = start
        for _ in 1..<inFlight.count {
            index = index + 1 == inFlight.count ? 0 : index + 1
            if inFlight[index] < inFlight[best] { best = index }
        }
        start = best + 1 == inFlight.count ? 0 : best + 1
        inFlight[best] += 1
        return best
    }

    /// A request on `loop` has ended.
    mutating func release(_ loop: Int) {
        precondition(inFlight[loop] > 0, "released a loop with no request in flight")
        inFlight[loop] -= 1
    }
}

@testable import Netspec
import Testing

/// One row of an event-stream table: an input and everything the parser should report for it.
struct EventStreamCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: [UInt8]
    let limits: StreamLimits
    let expected: EventStreamOutcome

    var testDescription: String { name }

    /// A row whose input is the UTF-8 of `input`.
    init(
        _ name: String, _ input: String, _ events: [ServerSentEvent],
        lastEventID: String = "", reconnectionTime: Int? = nil,
        limits: StreamLimits = .default, error: StreamError? = nil
    ) {
        self.init(name, bytes: Array(utf8: input), events, lastEventID: lastEventID,
                  reconnectionTime: reconnectionTime, limits: limits, error: error)
    }

    /// A row whose input is raw bytes, for BOMs and invalid UTF-8.
    init(
        _ name: String, bytes: [UInt8], _ events: [ServerSentEvent],
        lastEventID: String = "", reconnectionTime: Int? = nil,
        limits: StreamLimits = .default, error: StreamError? = nil
    ) {
        self.name = name
        self.input = bytes
        self.limits = limits
        self.expected = EventStreamOutcome(
            events: events, lastEventID: lastEventID, reconnectionTime: reconnectionTime, error: error)
    }

    /// Feeds the input in every chunking and expects the same outcome from each.
    func verify(sourceLocation: SourceLocation = #_sourceLocation) {
        for chunking in Chunking.all(of: input) {
            let outcome = parseEventStream(chunking.chunks, limits: limits)
            #expect(outcome == expected, "\(name), \(chunking)", sourceLocation: sourceLocation)
            // One failing chunking explains the bug; the rest would only repeat it.
            if outcome != expected { return }
        }
    }
}


/// Interprets event-stream lines as fields and assembles them into ``ServerSentEvent`` values.
///
/// This is the per-line half of `ServerSentEventParser`: `LineSplitter` finds the lines, and this
/// type applies the WHATWG field rules to each one. Lines arrive as raw UTF-8 bytes; field names
/// are matched byte by byte, and values become `String`s only when they are kept.
///
/// > Streams must be decoded using the UTF-8 decode algorithm.
///
/// `String(decoding:as:)` replaces each maximal ill-formed subsequence with U+FFFD, which is the
/// WHATWG Encoding Standard's error handling; `ServerSentEventParser` removes the leading BOM that
/// "UTF-8 decode" also removes. Decoding per value rather than per stream gives the same text,
/// because the ASCII bytes that delimit lines and fields always end an ill-formed sequence.
///
/// https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
struct EventAssembler: Sendable {

    // MARK: - Properties

    /// The largest event `data` accepted, in bytes.
    let maxEventBytes: Int

    /// The *last event ID string*, committed from the last event ID buffer on every dispatch.
    private(set) var lastEventID = ""

    /// The *reconnection time* in milliseconds, set by every valid `retry` field.
    private(set) var reconnectionTime: Int?

    /// The *data buffer*: each `data` value followed by LF.
    private var data: [UInt8] = []

    /// The *event type buffer*.
    private var eventType = ""

    /// The *last event ID buffer*. It is not reset on dispatch: an ID persists until the next `id`.
    private var lastEventIDBuffer = ""

    /// A valid `retry` value seen since the last dispatch, reported on the next dispatched event.
    private var blockRetry: Int?

    // MARK: - Initialization

    /// Creates an assembler with empty buffers.
    ///
    /// - Parameter maxEventBytes: The largest event `data` accepted before ``consume(line:)`` throws.
    init(maxEventBytes: Int) {
        self.maxEventBytes = maxEventBytes
    }

    // MARK: - Lines

    /// Applies one line (terminator removed) and returns the event it dispatches, if any.
    ///
    /// - Parameter line: The UTF-8 bytes of one line.
    /// - Returns: The dispatched event when `line` is blank and the data buffer is not empty.
    /// - Throws: ``StreamError`` when the event's data would exceed `maxEventBytes`.
    mutating func consume(line: UnsafeBufferPointer<UInt8>) throws(StreamError) -> ServerSentEvent? {
        // > If the line is empty (a blank line): Dispatch the event.
        guard let first = line.first else { return dispatch() }
        // > If the line starts with a U+003A COLON character (:): Ignore the line.
        if first == ASCII.colon { return nil }

        // > If the line contains a U+003A COLON character: collect the characters on the line
        // > before the first colon, and let field be that string. Collect the characters after it,
        // > and let value be that string. If value starts with a U+0020 SPACE character, remove it.
        // > Otherwise, the string is not empty but does not contain a colon: use the whole line as
        // > the field name, and the empty string as the field value.
        var colon = 1
        while colon < line.count, line[colon] != ASCII.colon { colon &+= 1 }
        let field = UnsafeBufferPointer(rebasing: line[..<colon])
        var valueStart = colon &+ 1
        if valueStart < line.count, line[valueStart] == ASCII.space { valueStart &+= 1 }
        let value = UnsafeBufferPointer(rebasing: line[min(valueStart, line.count)...])
        try process(field: field, value: value)
        return nil
    }

    /// Forgets the event being assembled; called at the end of the stream.
    ///
    /// > Once the end of the file is reached, any pending data must be discarded. (If the file ends
    /// > in the middle of an event, before the final empty line, the incomplete event is not
    /// > dispatched.)
    ///
    /// The last event ID buffer survives: it is stream state, not event state.
    mutating func discardPendingEvent() {
        clearData()
        eventType = ""
        blockRetry = nil
    }

    /// Whether fields of an event that has not been dispatched yet have been received.
    var hasPendingEvent: Bool { !data.isEmpty || !eventType.isEmpty }

    // MARK: - Private helpers

    /// Applies one field.
    private mutating func process(field: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) throws(StreamError) {
        switch field.count {
        case 4 where field.matches("data"):
            // > Append the field value to the data buffer, then append a single U+000A LINE FEED.
            // The final event's data is the buffer minus its last LF, so this is its future size.
            guard data.count + value.count <= maxEventBytes else { throw .eventTooLarge(limit: maxEventBytes) }
            data.append(contentsOf: value)
            data.append(ASCII.lf)
        case 5 where field.matches("event"):
            // > Set the event type buffer to the field value.
            eventType = String(decoding: value, as: UTF8.self)
        case 2 where field.matches("id"):
            // > If the field value does not contain U+0000 NULL, then set the last event ID buffer to
            // > the field value. Otherwise, ignore the field.
            // Only the byte 0x00 decodes to U+0000, so checking bytes is exact.
            guard !value.contains(ASCII.null) else { return }
            lastEventIDBuffer = String(decoding: value, as: UTF8.self)
        case 5 where field.matches("retry"):
            // > If the field value consists of only ASCII digits, then interpret the field value as
            // > an integer in base ten, and set the event stream's reconnection time to that
            // > integer. Otherwise, ignore the field.
            guard let milliseconds = Self.parseDigits(value) else { return }
            reconnectionTime = milliseconds
            blockRetry = milliseconds
        default:
            // > Otherwise: The field is ignored.
            break
        }
    }

    /// Ends the event block, returning the event to dispatch if the data buffer is not empty.
    private mutating func dispatch() -> ServerSentEvent? {
        // > 1. Set the last event ID string of the event source to the value of the last event ID
        // > buffer. The buffer does not get reset.
        // This happens before the empty-data check, so an `id`-only block still updates it.
        lastEventID = lastEventIDBuffer
        let retry = blockRetry
        blockRetry = nil
        // > 2. If the data buffer is an empty string, set the data buffer and the event type
        // > buffer to the empty string and return.
        guard !data.isEmpty else {
            eventType = ""
            return nil
        }
        // > 3. If the data buffer's last character is a U+000A LINE FEED (LF) character, then
        // > remove the last character from the data buffer.
        let text = data.withUnsafeBufferPointer { String(decoding: $0.dropLast(), as: UTF8.self) }
        // > If the event type buffer has a value other than the empty string, change the type of
        // > the newly created event to equal the value of the event type buffer.
        let event = ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType,
            data: text,
            id: lastEventID.isEmpty ? nil : lastEventID,
            retry: retry
        )
        // > 7. Set the data buffer and the event type buffer to the empty string.
        clearData()
        eventType = ""
        return event
    }

    /// Empties the data buffer, releasing its storage if one very large event made it large.
    private mutating func clearData() {
        if data.capacity > 1 << 16 {
            data = []
        } else {
            data.removeAll(keepingCapacity: true)
        }
    }

    /// The value of a non-empty run of ASCII digits, clamped to `Int.max`; `nil` for anything else.
    ///
    /// `"1000"` gives 1000; `""`, `"10a"`, `" 1000"` and `"-1"` give `nil`.
    static func parseDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var result = 0
        var overflowed = false
        for byte in bytes {
            guard byte >= ASCII.zero, byte <= ASCII.nine else { return nil }
            let (times10, o1) = result.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(byte &- ASCII.zero))
            overflowed = overflowed || o1 || o2
            result = sum
        }
        // Every digit string is valid per the spec; one too large for `Int` means "never".
        return overflowed ? Int.max : result
    }
}

// MARK: - Field names

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes equal the ASCII `name`, compared byte by byte without creating a `String`.
    @inline(__always)
    func matches(_ name: StaticString) -> Bool {
        guard count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        for index in 0..<count where self[index] != expected[index] { return false }
        return true
    }
}

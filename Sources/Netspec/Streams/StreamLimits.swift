/// Upper bounds on what the stream parsers buffer on behalf of one stream.
///
/// Both bounds protect memory: without them a server that never sends a line terminator (or never
/// ends an event) would make the client buffer without end. Exceeding either one makes the parser
/// throw ``StreamError``.
struct StreamLimits: Sendable, Hashable {

    // MARK: - Properties

    /// The longest line accepted, in bytes, not counting its line terminator.
    ///
    /// `LineStreamParser` counts a CR that precedes the LF, because until the LF arrives the CR is
    /// an ordinary byte of the line.
    var maxLineBytes: Int

    /// The largest `data` accepted for one event, in bytes: the data lines plus the `"\n"`
    /// between them.
    var maxEventBytes: Int

    // MARK: - Initialization

    /// 16 MiB for both a line and an event.
    static let `default` = StreamLimits(maxLineBytes: 16 << 20, maxEventBytes: 16 << 20)

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maxLineBytes: The longest line accepted, in bytes, terminator excluded.
    ///   - maxEventBytes: The largest event `data` accepted, in bytes.
    init(maxLineBytes: Int = 16 << 20, maxEventBytes: Int = 16 << 20) {
        precondition(maxLineBytes >= 0 && maxEventBytes >= 0, "stream limits must not be negative")
        self.maxLineBytes = maxLineBytes
        self.maxEventBytes = maxEventBytes
    }
}

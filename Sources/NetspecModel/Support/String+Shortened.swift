/// Text quoted in a message, cut to a length a terminal line can hold: a 50 KB condition or
/// value quoted whole buries the rest of the message.
extension StringProtocol {
    /// The text, or its first `limit - 1` characters and `…` when it has more than `limit`.
    package func shortened(to limit: Int) -> String {
        count > limit ? String(prefix(limit - 1)) + "…" : String(self)
    }
}

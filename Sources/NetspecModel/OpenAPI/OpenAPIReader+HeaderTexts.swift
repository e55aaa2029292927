// What a response declares for the head of the mock's answer, checked as
// ``OpenAPIReader/reportHeaderBreak(in:_:header:source:by:)`` checks a media type: a header's
// name (an RFC 9110 token, one character or more) and the values given as its example, which
// the mock would otherwise send altered (a line break made a space) or not at all.

extension OpenAPIReader {
    /// Reports a response header's name that is no RFC 9110 token: empty (a token has one
    /// character or more), or holding a character a token cannot (``HTTPToken/nameBreak(in:)``:
    /// a space, ':', a line break), at that character. Whether it did.
    mutating func reportHeaderName(_ key: YAMLNode, context: String, source: String) -> Bool {
        let header = "a header name, an RFC 9110 token"
        if key.string?.isEmpty == true {
            report("\(context)a header's name is empty, which cannot be \(header) (one character or more) (\(source))", at: key.mark)
            return true
        }
        return reportHeaderBreak(in: key, "\(context)a header's name", header: header, source: source, by: HTTPToken.nameBreak(in:))
    }

    /// Reports each value a response header gives as its example (`values`: what each is, as
    /// `its 'example'`, and its node) that holds a character a header value cannot
    /// (``MediaType/headerBreak(in:)``: a line break, NUL or another control character but
    /// tab; a space and non-ASCII text can be sent), at that character; a list's items each.
    /// A node named twice is said once.
    mutating func reportHeaderValueBreaks(_ values: [(String, YAMLNode?)], context: String, source: String) {
        var seen: Set<Mark> = []
        for case let (what, node?) in values where seen.insert(node.mark).inserted {
            for item in node.sequence.map(Array.init) ?? [node] {
                _ = reportHeaderBreak(in: item, "\(context)\(what)", header: "a header value", source: source)
            }
        }
    }
}

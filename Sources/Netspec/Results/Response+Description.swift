import HTTPTypes
import NetspecModel

/// How a response prints, and its headers by name.
extension Response: CustomStringConvertible, CustomDebugStringConvertible {
    /// The status line, then the body as text: `200 OK` and the JSON or text the server sent (cut
    /// after 4,096 characters, saying how much there was). A body that is not printable text (an image, a
    /// compressed file, text with terminal control characters) is summarised by its size and
    /// media type: `<binary body, 12 KiB, image/png>`. `print(response)` shows this, never an
    /// array of bytes.
    public var description: String {
        let statusLine = reasonPhrase.isEmpty ? "\(status)" : "\(status) \(reasonPhrase)"
        guard !body.isEmpty else { return statusLine }
        guard let text = PrintableText.text(body) else {
            let mediaType = headerFields[.contentType].map { ", " + $0 } ?? ""
            return statusLine + "\n<binary body, \(ByteCount(body.count))\(mediaType)>"
        }
        let limit = Self.shownCharacters
        guard text.utf8.count > limit else { return statusLine + "\n" + text }
        return statusLine + "\n" + text.prefix(limit) + "… (\(ByteCount(body.count)) in all)"
    }

    /// As ``description``, with the endpoint's name first: `getUser: 200 OK` and the body.
    public var debugDescription: String { endpointName + ": " + description }

    /// How many characters of a text body ``description`` shows.
    static let shownCharacters = 4096

    /// The value of a response header, by a name in any case (`response.header("X-Rate-Limit")`),
    /// as HTTP reads it: repeated fields joined with `, ` (`; ` for `Cookie`); `nil` when the
    /// response has none, or the name is not a valid field name.
    ///
    /// `Set-Cookie` is the first of its lines: they cannot be joined (RFC 9110 §5.3), since a
    /// cookie's `Expires` date holds a comma. ``headerValues(_:)`` gives every line.
    public func header(_ name: String) -> String? {
        headerFields.value(named: name)
    }

    /// Every value of a response header, by a name in any case, one per field line in the order
    /// the server sent them, none joined: `response.headerValues("Set-Cookie")` is each cookie's
    /// line (`["a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT", "b=2"]`). Empty when the response
    /// has none, or the name is not a valid field name. HTTPTypes' `headerFields[values: .setCookie]`
    /// reads the same by a field name.
    public func headerValues(_ name: String) -> [String] {
        headerFields.values(named: name)
    }
}

/// How the body of a response is delimited on the wire, decided from its head.
///
/// https://www.rfc-editor.org/rfc/rfc9112#section-6.3
enum ResponseFraming: Hashable, Sendable {
    /// No body may follow: a response to `HEAD`, or status 1xx, 204 or 304.
    case none
    /// `Content-Length: n`.
    case contentLength(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// Neither header: the body ends when the server closes the connection.
    case untilClose

    /// The framing that a client must assume for a response with this head.
    ///
    /// - Parameters:
    ///   - status: The response status code.
    ///   - requestMethod: The method of the request being answered.
    ///   - headers: The response header fields, as they will be written.
    static func of(status: Int, requestMethod: String, headers: [(String, String)]) -> ResponseFraming {
        if requestMethod == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304 {
            return .none
        }
        // Transfer-Encoding wins over Content-Length (RFC 9112 §6.3, rule 3).
        if let encoding = headers.value(of: "transfer-encoding"),
            encoding.lowercased().split(separator: ",").last?.trimmed == "chunked"
        {
            return .chunked
        }
        if let length = headers.value(of: "content-length"), let count = Int(length.trimmed), count >= 0 {
            return .contentLength(count)
        }
        return .untilClose
    }
}

// MARK: - Wire encoding

/// Byte-level serialization of response heads and chunks, with no validation: a test may
/// deliberately write a header value that a real server would refuse.
enum WireFormat {
    /// `HTTP/1.1 <status> <reason>\r\n`, each `name: value\r\n`, then `\r\n`.
    static func head(status: Int, reason: String?, headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason ?? HTTPReason.phrase(for: status))\r\n"
        for (name, value) in headers {
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// One chunk: the size in hexadecimal, CRLF, the bytes, CRLF (RFC 9112 §7.1).
    static func chunk(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array(String(bytes.count, radix: 16).utf8)
        out.reserveCapacity(out.count + bytes.count + 4)
        out += [0x0D, 0x0A]
        out += bytes
        out += [0x0D, 0x0A]
        return out
    }

    /// The last chunk, optional trailer fields and the final CRLF.
    static func lastChunk(trailers: [(String, String)]) -> [UInt8] {
        var text = "0\r\n"
        for (name, value) in trailers {
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// The interim response sent for `Expect: 100-continue`.
    static let continueHead = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}

// MARK: - Helpers

extension [(String, String)] {
    /// The value of the first field named `name`, compared case-insensitively.
    func value(of name: String) -> String? {
        first { $0.0.lowercased() == name }?.1
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmed: String {
        var text = String(self)[...]
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}

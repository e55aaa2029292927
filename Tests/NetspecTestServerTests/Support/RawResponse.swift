import Foundation

/// A response parsed from raw bytes by a deliberately small, independent HTTP/1.1 parser, so
/// that the server's output is checked by something other than NIO.
struct RawResponse {
    var status: Int
    var reason: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// Interim (1xx) responses that came before this one.
    var interim: [Int] = []

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Parses one response from the start of `bytes`.
    ///
    /// - Returns: The response and how many bytes it took, or `nil` if more bytes are needed.
    static func parse(_ bytes: ArraySlice<UInt8>, method: String, atEOF: Bool) throws -> (RawResponse, Int)? {
        var interim: [Int] = []
        var offset = bytes.startIndex
        while true {
            guard let headEnd = find([13, 10, 13, 10], in: bytes[offset...]) else { return nil }
            let lines = String(decoding: bytes[offset..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
            let statusLine = lines[0].split(separator: " ", maxSplits: 2).map(String.init)
            guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
                throw ResponseError.malformed(lines[0])
            }
            var response = RawResponse(
                status: status, reason: statusLine.count > 2 ? statusLine[2] : "", headers: [], body: [])
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { throw ResponseError.malformed(line) }
                let value = line[line.index(after: colon)...].drop { $0 == " " }
                response.headers.append((String(line[..<colon]), String(value)))
            }
            var cursor = headEnd + 4
            if (100..<200).contains(status) {
                interim.append(status)
                offset = cursor
                continue
            }
            response.interim = interim
            if method == "HEAD" || status == 204 || status == 304 {
                return (response, cursor - bytes.startIndex)
            }
            if response.header("transfer-encoding")?.lowercased().contains("chunked") == true {
                while true {
                    guard let lineEnd = find([13, 10], in: bytes[cursor...]) else { return nil }
                    let sizeText = String(decoding: bytes[cursor..<lineEnd], as: UTF8.self)
                    guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else {
                        throw ResponseError.malformed("chunk size \(sizeText)")
                    }
                    cursor = lineEnd + 2
                    if size == 0 {
                        // Skip trailer fields up to the empty line.
                        guard let end = find([13, 10], in: bytes[cursor...]) else { return nil }
                        if end == cursor { return (response, end + 2 - bytes.startIndex) }
                        guard let trailersEnd = find([13, 10, 13, 10], in: bytes[cursor...]) else { return nil }
                        return (response, trailersEnd + 4 - bytes.startIndex)
                    }
                    guard bytes.endIndex >= cursor + size + 2 else { return nil }
                    response.body += bytes[cursor..<cursor + size]
                    cursor += size + 2
                }
            }
            if let length = response.header("content-length").flatMap({ Int($0) }) {
                guard bytes.endIndex >= cursor + length else { return nil }
                response.body = Array(bytes[cursor..<cursor + length])
                return (response, cursor + length - bytes.startIndex)
            }
            // Delimited by close.
            guard atEOF else { return nil }
            response.body = Array(bytes[cursor...])
            return (response, bytes.endIndex - bytes.startIndex)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}

enum ResponseError: Error {
    case malformed(String)
    case closedEarly(received: [UInt8], end: String)
}

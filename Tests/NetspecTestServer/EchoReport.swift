internal import Foundation

/// What ``TestHandlers/echo`` answers: the request exactly as received.
///
/// ```json
/// {"method":"POST","target":"/a?b=1","path":"/a","query":"b=1","version":"HTTP/1.1",
///  "headers":[["Host","127.0.0.1:8080"],["Content-Length","2"]],
///  "bodyLength":2,"crc32":"…","bodyBase64":"aGk=","bodyText":"hi","bodyStreamed":false}
/// ```
///
/// `bodyBase64` and `bodyText` are present for bodies of at most ``TestHandlers/echoBufferLimit``
/// bytes (`bodyText` only when the body is valid UTF-8). Larger bodies are streamed, never
/// held: only `bodyLength` and `crc32` are reported and `bodyStreamed` is `true`. `query` is
/// `null` when the target has no `?`.
///
/// Tests decode the answer back into this type with ``init(json:)``.
public struct EchoReport: Codable, Sendable {
    public var method: String
    public var target: String
    public var path: String
    public var query: String?
    public var version: String
    /// Each header as `[name, value]`, in the order received.
    public var headers: [[String]]
    public var bodyLength = 0
    /// CRC-32 (IEEE, as in gzip) of the whole body, computed incrementally.
    public var crc32 = ""
    public var bodyBase64: String?
    public var bodyText: String?
    public var bodyStreamed = false

    enum CodingKeys: String, CodingKey {
        case method, target, path, query, version, headers, bodyLength, crc32, bodyBase64, bodyText, bodyStreamed
    }

    /// Reads the whole body of `request`, keeping at most `limit` bytes of it.
    init(request: TestRequest, limit: Int) async throws {
        method = request.method
        target = request.target
        path = request.path
        query = request.query
        version = request.version
        headers = request.headers.map { [$0.name, $0.value] }

        var kept: [UInt8] = []
        var checksum: UInt32 = 0
        for try await chunk in request.body {
            bodyLength += chunk.count
            checksum = CRC32.update(checksum, chunk)
            if !bodyStreamed {
                if kept.count + chunk.count <= limit {
                    kept += chunk
                } else {
                    bodyStreamed = true
                    kept = []
                }
            }
        }
        crc32 = CRC32.hex(checksum)
        if !bodyStreamed {
            bodyBase64 = Data(kept).base64EncodedString()
            bodyText = String(validating: kept, as: UTF8.self)
        }
    }

    /// Decodes an answer of ``TestHandlers/echo`` from its body bytes.
    public init(json bytes: [UInt8]) throws {
        self = try JSONDecoder().decode(EchoReport.self, from: Data(bytes))
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0[0].lowercased() == name.lowercased() }?[1]
    }

    /// All values of the headers named `name` (case-insensitive), in order.
    public func headers(named name: String) -> [String] {
        headers.filter { $0[0].lowercased() == name.lowercased() }.map { $0[1] }
    }

    /// The header names in the order received.
    public var headerNames: [String] { headers.map { $0[0] } }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(method, forKey: .method)
        try container.encode(target, forKey: .target)
        try container.encode(path, forKey: .path)
        try container.encode(query, forKey: .query)  // null, not absent
        try container.encode(version, forKey: .version)
        try container.encode(headers, forKey: .headers)
        try container.encode(bodyLength, forKey: .bodyLength)
        try container.encode(crc32, forKey: .crc32)
        try container.encodeIfPresent(bodyBase64, forKey: .bodyBase64)
        try container.encodeIfPresent(bodyText, forKey: .bodyText)
        try container.encode(bodyStreamed, forKey: .bodyStreamed)
    }

    /// Compact JSON with sorted keys.
    func json() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }
}

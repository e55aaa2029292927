#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// The file format of ``HTTPCache/DiskStore``: a first line naming the format, a line of JSON with
/// everything but the body, then the body's bytes.
///
/// ```
/// netspec-cache 1
/// {"url":"https://…","partition":"","status":200,"reason":"OK","headers":[["ETag","\"v1\""]],"requested":1795.5,"received":1796.0,"vary":{},"bodyLength":3}
/// abc
/// ```
/// The body length is checked when a file is read, so a truncated file is never served. A response
/// reached through redirects also has `"redirected"`, the URL that answered (``redirectedURL``):
/// a file without it (written before it was kept) reads as answered by its own URL, and a reader
/// that does not know it ignores it, so the format's version stays 1.
extension HTTPCache.Entry {
    static let formatLine = Array("netspec-cache 1\n".utf8)

    /// The response in the file format.
    func encoded() -> [UInt8] {
        let headers: [JSONValue] = headerFields.map { .array([.string($0.name.rawName), .string($0.value)]) }
        let vary = JSONObject(varyValues.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
        var fields: [(key: String, value: JSONValue)] = [
            ("url", .string(key.url)), ("partition", .string(key.partition)), ("status", .int(status)),
            ("reason", .string(reasonPhrase)), ("headers", .array(headers)),
            ("requested", .double(requestDate.timeIntervalSince1970)), ("received", .double(responseDate.timeIntervalSince1970)),
            ("vary", .object(vary)), ("bodyLength", .int(body.count)),
        ]
        if let redirectedURL { fields.append(("redirected", .string(redirectedURL))) }
        let metadata = JSONValue.object(JSONObject(fields))
        return Self.formatLine + metadata.serialized() + [0x0A] + body
    }

    /// A response read back from the file format, or `nil` when the bytes are not one (another
    /// format version, a damaged or truncated file, a status outside 100–599).
    init?(encoded bytes: [UInt8]) {
        guard bytes.starts(with: Self.formatLine) else { return nil }
        let rest = bytes[Self.formatLine.count...]
        guard let newline = rest.firstIndex(of: 0x0A),
              let metadata = try? JSONValue(parsing: rest[..<newline]),
              let url = metadata["url"]?.string, let partition = metadata["partition"]?.string,
              let status = metadata["status"]?.int, let reason = metadata["reason"]?.string,
              case let .array(headerItems)? = metadata["headers"],
              let requested = metadata["requested"]?.double, let received = metadata["received"]?.double,
              case let .object(vary)? = metadata["vary"], let bodyLength = metadata["bodyLength"]?.int
        else { return nil }
        // Absent in files written before it was kept: answered by the key's own URL.
        let redirected = metadata["redirected"]
        guard redirected == nil || redirected?.string != nil else { return nil }
        let body = rest[(newline + 1)...]
        // An impossible status (edited by hand) is a damaged file, not a response to serve.
        guard body.count == bodyLength, (100...599).contains(status) else { return nil }
        var fields = HTTPFields()
        for item in headerItems {
            guard case let .array(pair) = item, pair.count == 2, let rawName = pair[0].string, let value = pair[1].string,
                  let name = HTTPField.Name(rawName) else { return nil }
            fields.append(HTTPField(name: name, value: value))
        }
        var varyValues: [String: String] = [:]
        for (name, value) in vary {
            guard let text = value.string else { return nil }
            varyValues[name] = text
        }
        self.init(
            key: HTTPCache.Key(url: url, partition: partition), status: status, reasonPhrase: reason, headerFields: fields,
            body: Array(body), requestDate: Date(timeIntervalSince1970: requested), responseDate: Date(timeIntervalSince1970: received),
            varyValues: varyValues, redirectedURL: redirected?.string
        )
    }
}

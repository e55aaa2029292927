#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
package import HTTPTypes
package import NetspecModel

/// A HAR 1.2 file read for replay: each entry's request (method, URL, body) and response
/// (status, headers, body), whichever tool wrote it — Netspec, a browser's export, mitmproxy's
/// `har_dump`, Schemathesis's `--report har`. Only what replay needs is read; a missing optional
/// member (a browser that saved no body) is an empty one.
package struct HARRecording: Sendable {
    /// One entry.
    package struct Exchange: Sendable {
        /// Its place in the file, from 1 (for messages: "entry 3").
        package var number: Int
        package var method: String
        package var url: String
        /// The request's body as recorded (`postData.text`, decoded when base64; a form's
        /// `postData.params` form-encoded when it has no `text`); empty without one.
        package var requestBody: [UInt8]
        /// The request body's media type (`postData.mimeType`), `""` without one.
        package var requestType = ""
        /// The status; 0 for an exchange that failed before a response (browsers write 0 too).
        package var status: Int
        package var statusText: String
        /// The response's header fields, without those that described the bytes on the wire
        /// (`Content-Length`, `Content-Encoding`, `Transfer-Encoding`): the body is held decoded.
        package var headerFields: HTTPFields
        package var body: [UInt8]
        /// Why the exchange failed, for a status of 0 (`response._error`, else the entry's `comment`).
        package var failure: String?
        /// The failure's kind (`response._errorKind`, as Netspec records it): replay fails with it,
        /// so a recorded timeout exits and retries as a timeout; `other` without one.
        package var failureKind: TransportError.Kind = .other

        /// `GET https://api.example.com/users (entry 3)`, for messages.
        package var summary: String { "\(method) \(url) (entry \(number))" }
    }

    /// Why a file cannot be replayed, with the file and the entry.
    package struct LoadError: Error, CustomStringConvertible, Sendable {
        package let description: String
        /// The members leading to the value the problem is about (`log`, `entries`, `1`,
        /// `request`, `url`), for its line and column; empty when it has no place.
        var members: [String] = []
    }

    /// Where the recording was read from.
    package let file: String
    /// The entries, in the file's order.
    package let exchanges: [Exchange]

    /// Reads a HAR file (at most 512 MiB).
    package init(path: String) throws(LoadError) {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(ofFile: path, limit: 512 * 1024 * 1024)
        } catch {
            throw LoadError(description: "cannot read the recording \(path): \(error.message)")
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw LoadError(description: "\(path):\(error.line):\(error.column): not a HAR file: \(error.message)")
        }
        do {
            try self.init(json: json, file: path)
        } catch {
            throw Self.placed(error, in: bytes, file: path)
        }
    }

    /// The error with the line and column of its value, or of the nearest member holding it
    /// that the file has (the entry's `request` when its `url` is missing): `file:LINE:COLUMN: …`.
    /// The file is read again, into a positioned tree, only when it is refused.
    private static func placed(_ error: LoadError, in bytes: [UInt8], file: String) -> LoadError {
        guard !error.members.isEmpty, error.description.hasPrefix(file + ": "),
              case var node? = try? YAMLParser.parse(bytes, asJSON: true) else { return error }
        for member in error.members {
            if let index = Int(member), let items = node.sequence, items.indices.contains(index) {
                node = items[index]
            } else if let value = node[member] {
                node = value
            } else {
                break
            }
        }
        let rest = error.description.dropFirst(file.count + 2)
        return LoadError(description: "\(file):\(node.mark.line):\(node.mark.column): \(rest)")
    }

    /// Reads a HAR document already parsed.
    package init(json: JSONValue, file: String) throws(LoadError) {
        self.file = file
        guard let entries = json["log"]?["entries"]?.array else {
            throw LoadError(description: "\(file): not a HAR file: it has no log.entries array", members: ["log", "entries"])
        }
        var exchanges: [Exchange] = []
        for (index, entry) in entries.enumerated() {
            exchanges.append(try Self.exchange(entry, number: index + 1, file: file))
        }
        self.exchanges = exchanges
    }

    private static func exchange(_ entry: JSONValue, number: Int, file: String) throws(LoadError) -> Exchange {
        func problem(_ text: String, at members: String...) -> LoadError {
            LoadError(description: "\(file): entry \(number): \(text)", members: ["log", "entries", String(number - 1)] + members)
        }
        guard let request = entry["request"], let response = entry["response"] else { throw problem("it needs a request and a response", at: entry["request"] == nil ? "request" : "response") }
        guard let method = request["method"]?.string, !method.isEmpty else { throw problem("request.method is missing", at: "request", "method") }
        guard let url = request["url"]?.string, !url.isEmpty else { throw problem("request.url is missing", at: "request", "url") }
        // An integer from 0 (no response, as browsers write it) to 999: 200.5, "200" and null are not statuses.
        guard let written = response["status"] else { throw problem("response.status is missing", at: "response", "status") }
        guard let status = written.int, (0...999).contains(status) else {
            throw problem("response.status \(written.formatted(pretty: false)) is not an HTTP status", at: "response", "status")
        }
        var failureKind = TransportError.Kind.other
        if let kind = response["_errorKind"] {
            guard let name = kind.string, !name.isEmpty else { throw problem("response._errorKind \(kind.formatted(pretty: false)) is not the name of a kind of failure", at: "response", "_errorKind") }
            failureKind = TransportError.Kind(name)
        }
        var fields = HTTPFields()
        let dropped: Set<String> = ["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]
        for header in response["headers"]?.array ?? [] {
            guard let name = header["name"]?.string, let value = header["value"]?.string,
                  !name.hasPrefix(":"), !dropped.contains(name.lowercased()),
                  let fieldName = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        let content = response["content"]
        let body = try decoded(content?["text"]?.string, encoding: content?["encoding"]?.string, at: problem("response.content.text is not base64", at: "response", "content", "text"))
        let posted = request["postData"]
        var requestBody = try decoded(posted?["text"]?.string, encoding: posted?["encoding"]?.string, at: problem("request.postData.text is not base64", at: "request", "postData", "text"))
        if posted?["text"]?.string == nil, let params = posted?["params"]?.array, MediaType.isForm(posted?["mimeType"]?.string ?? "") {
            requestBody = formBody(params)
        }
        return Exchange(
            number: number, method: method.uppercased(), url: url, requestBody: requestBody,
            requestType: posted?["mimeType"]?.string ?? "", status: status,
            statusText: response["statusText"]?.string ?? "", headerFields: fields, body: body,
            failure: status == 0 ? (response["_error"]?.string ?? entry["comment"]?.string ?? "the recorded exchange failed") : nil,
            failureKind: failureKind
        )
    }

    /// A form's body from `postData.params` alone (a file that has no `text`), form-encoded.
    private static func formBody(_ params: [JSONValue]) -> [UInt8] {
        var items = URLEncodedItems(style: .form)
        for param in params {
            guard let name = param["name"]?.string else { continue }
            items.append(name: name, text: param["value"]?.string ?? "")
        }
        return items.bytes
    }

    /// A body's text, decoded when its encoding is base64.
    private static func decoded(_ text: String?, encoding: String?, at problem: LoadError) throws(LoadError) -> [UInt8] {
        guard let text else { return [] }
        guard encoding?.lowercased() == "base64" else { return Array(text.utf8) }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else { throw problem }
        return Array(data)
    }
}

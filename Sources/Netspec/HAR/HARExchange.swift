#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

/// One exchange as the recorder saw it, secrets and all (they are hidden when it is written):
/// the request as sent and the response as it arrived, growing while its body streams.
struct HARExchange: Sendable {
    /// When the request was handed on, in seconds since 1970.
    var started: Double
    var method: String
    var url: String
    var requestHeaders: [(name: String, value: String)]
    /// The request's body; `nil` when it was not read (a file or multipart body over the limit).
    var requestBody: [UInt8]?
    var requestBodySize: Int
    var requestNote: String?
    var status = 0
    var statusText = ""
    var responseHeaders: [(name: String, value: String)] = []
    var responseBody: [UInt8] = []
    /// Milliseconds from sending to the response head, and from the head to the body's end.
    var wait: Double = 0
    var receive: Double = 0
    /// Whether the whole body has arrived (a stream cut short is recorded as far as it came).
    var isComplete = false
    /// Why the exchange failed: no response, or a body that broke off.
    var failure: String?
    /// The failure's ``TransportError/Kind`` by name (`timeout`), where the error says one: the
    /// entry's `_errorKind`, with which replay fails the same way.
    var failureKind: String?
    /// Why the request was not sent (`netspec call --dry-run`): the entry has status 0,
    /// `"_dryRun": true` and this as its `comment`.
    var unsent: String?
    /// Whether no later event changes the entry: its body ended or was let go unread, it failed,
    /// or it was not sent. The recorder's file holds such entries for good (docs/har.md).
    var isFinal = false
    /// Whose secrets the exchange may carry.
    var service: Service
    var endpoint: Endpoint

    /// The request's and the response's `Content-Type`, `""` when it has none.
    var requestType: String { Self.contentType(requestHeaders) }
    var responseType: String { Self.contentType(responseHeaders) }

    private static func contentType(_ headers: [(name: String, value: String)]) -> String {
        headers.first { $0.name.lowercased() == "content-type" }?.value ?? ""
    }

    /// The HAR 1.2 entry, with `redaction` applied (none with `nil`).
    func entry(_ redaction: HARRedaction?) -> JSONValue {
        let hide = { (text: String) in redaction?.text(text) ?? text }
        let url = redaction?.url(self.url) ?? self.url
        var request: JSONObject = [
            "method": .string(method), "url": .string(url), "httpVersion": "HTTP/1.1", "cookies": [],
            "headers": Self.headers(requestHeaders, redaction), "queryString": .array(HARTarget(url).query.map { ["name": .string($0.name), "value": .string($0.value)] }),
            "headersSize": -1, "bodySize": .int(requestBodySize),
        ]
        if let requestBody, !requestBody.isEmpty {
            request["postData"] = .object(Self.content(requestBody, mimeType: requestType, redaction: redaction, sized: false))
        } else if requestBodySize > 0 {
            request["postData"] = ["mimeType": .string(requestType), "text": "", "comment": .string(requestNote ?? "")]
        }
        let received = receivedSize
        var content = Self.content(responseBody, mimeType: responseType, redaction: redaction, sized: true)
        if let compression = received.compression { content["compression"] = .int(compression) }
        var response: JSONObject = [
            "status": .int(status), "statusText": .string(statusText), "httpVersion": "HTTP/1.1", "cookies": [],
            "headers": Self.headers(responseHeaders, redaction), "content": .object(content),
            "redirectURL": .string(Self.redirectURL(responseHeaders, redaction)),
            "headersSize": -1, "bodySize": .int(received.bodySize),
        ]
        if let failure {
            response["_error"] = .string(hide(failure))
            if let failureKind { response["_errorKind"] = .string(failureKind) }
        }
        var entry: JSONObject = [
            "startedDateTime": .string(ISO8601.text(secondsSince1970: started)), "time": .double(Self.rounded(wait + receive)),
            "request": .object(request), "response": .object(response), "cache": [:],
            "timings": ["blocked": -1, "dns": -1, "connect": -1, "ssl": -1, "send": 0, "wait": .double(Self.rounded(wait)), "receive": .double(Self.rounded(receive))],
        ]
        if !isComplete, failure == nil, status != 0 { entry["comment"] = "the body was not read to its end: recorded as far as it arrived" }
        if let unsent {
            entry["comment"] = .string(unsent)
            entry["_dryRun"] = true
        }
        return .object(entry)
    }

    /// The response's `Location`, hidden as the header is: a secret's placeholder
    /// percent-encoded (`%5Bredacted%3A%20NAME%5D`), so that the redirect's target stays a URL.
    private static func redirectURL(_ headers: [(name: String, value: String)], _ redaction: HARRedaction?) -> String {
        guard let location = headers.first(where: { $0.name.lowercased() == "location" }) else { return "" }
        return redaction?.header(location.name, location.value) ?? location.value
    }

    private static func rounded(_ milliseconds: Double) -> Double { (milliseconds * 1000).rounded() / 1000 }

    /// HAR 1.2's `bodySize` of the response, the bytes received, and `content.compression`, the
    /// bytes its content coding saved: the body as recorded when it came without a content
    /// coding; when it came coded (`Content-Encoding: gzip`, decoded before it is recorded), its
    /// `Content-Length` and the difference, or -1 (HAR's "not available") with no length.
    var receivedSize: (bodySize: Int, compression: Int?) {
        let coding = responseHeaders.first { $0.name.lowercased() == "content-encoding" }?.value.filter { $0 != " " }.lowercased() ?? ""
        guard !coding.isEmpty, coding != "identity", !responseBody.isEmpty else { return (responseBody.count, nil) }
        guard let length = responseHeaders.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value.filter { $0 != " " }) }), length >= 0 else {
            return (-1, nil)
        }
        return (length, responseBody.count - length)
    }

    private static func headers(_ fields: [(name: String, value: String)], _ redaction: HARRedaction?) -> JSONValue {
        .array(fields.map { field in
            ["name": .string(field.name), "value": .string(redaction?.header(field.name, field.value) ?? field.value)]
        })
    }

    /// A body as a HAR `content` (or `postData`): text when it is UTF-8, else base64 with
    /// `"encoding": "base64"` (secrets hidden in both; `size` is the body's as it was); a form's
    /// `postData` has its fields in `params` too.
    private static func content(_ bytes: [UInt8], mimeType: String, redaction: HARRedaction?, sized: Bool) -> JSONObject {
        var object: JSONObject = ["mimeType": .string(mimeType)]
        if sized { object["size"] = .int(bytes.count) }
        if let text = String(validating: bytes, as: UTF8.self) {
            object["text"] = .string(redaction?.body(text, mimeType: mimeType) ?? text)
        } else {
            object["text"] = .string(Data(redaction?.bytes(bytes) ?? bytes).base64EncodedString())
            object["encoding"] = "base64"
        }
        // A form's fields decoded, as HAR's `params` (Chrome writes them beside `text`; httpsnippet,
        // which turns an entry into a curl or code snippet, reads a form's body from them alone).
        if !sized, object["encoding"] == nil, MediaType.isForm(mimeType), let text = object["text"]?.string {
            object["params"] = .array(HARTarget.fields(text[...]).map { ["name": .string($0.name), "value": .string($0.value)] })
        }
        return object
    }
}

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Netspec

/// The arguments of one `createMember` call, as plain Swift values.
struct MemberInput {
    var org: String
    var tags: [String]
    var requestID: String
    var name: String
    var email: String
    var age: Int

    /// Sixteen different inputs, some needing percent-encoding and JSON escapes.
    static let pool: [MemberInput] = (0..<16).map { i in
        MemberInput(
            org: i % 2 == 0 ? "acme-\(i)" : "acme corp/\(i) é",
            tags: i % 3 == 0 ? ["admin", "ops team"] : ["admin", "t\(i)", "a&b=c"],
            requestID: "req-\(1000 + i)",
            name: i % 4 == 0 ? "Ada \"\(i)\" Lovelace" : "Grace Hopper \(i)",
            email: "user\(i)@example.com",
            age: 20 + i
        )
    }
}

/// The request `createMember` makes, written by hand: the URL with percent-encoding, the same
/// header fields in the same order, and the JSON body bytes.
struct HandBuiltRequest {
    static let hex = Array("0123456789ABCDEF".utf8)

    let baseURL: String
    /// The fields Netspec adds to every such request (`Accept`, `Accept-Encoding`, `User-Agent`).
    let accept: String
    let acceptEncoding: String
    let userAgent: String

    /// Bytes that stay as they are in a path segment (RFC 3986 pchar) or a query value (unreserved).
    @inline(__always)
    static func keeps(_ byte: UInt8, inPath: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
             UInt8(ascii: "@"):
            return inPath
        default:
            return false
        }
    }

    static func appendPercentEncoded(_ text: String, inPath: Bool, to out: inout [UInt8]) {
        for byte in text.utf8 {
            if keeps(byte, inPath: inPath) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
    }

    static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20: out.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether a header value is safe to send (no line breaks or other control characters).
    static func isValidHeaderValue(_ value: String) -> Bool {
        !value.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }

    /// The URL, headers and body of the request.
    func parts(_ input: MemberInput) -> (url: String, headers: [(String, String)], body: [UInt8])? {
        var url: [UInt8] = []
        url.reserveCapacity(baseURL.utf8.count + 64)
        url.append(contentsOf: baseURL.utf8)
        url.append(contentsOf: "/orgs/".utf8)
        Self.appendPercentEncoded(input.org, inPath: true, to: &url)
        url.append(contentsOf: "/members".utf8)
        for (index, tag) in input.tags.enumerated() {
            url.append(index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            url.append(contentsOf: "tags=".utf8)
            Self.appendPercentEncoded(tag, inPath: false, to: &url)
        }
        var body: [UInt8] = []
        body.reserveCapacity(64)
        body.append(contentsOf: #"{"name":"#.utf8)
        Self.appendJSONString(input.name, to: &body)
        body.append(contentsOf: #","email":"#.utf8)
        Self.appendJSONString(input.email, to: &body)
        body.append(contentsOf: #","age":"#.utf8)
        body.append(contentsOf: String(input.age).utf8)
        body.append(UInt8(ascii: "}"))
        guard Self.isValidHeaderValue(input.requestID) else { return nil }
        let headers = [
            ("X-Request-ID", input.requestID), ("Content-Type", "application/json"), ("Content-Length", String(body.count)),
            ("Accept", accept), ("Accept-Encoding", acceptEncoding), ("User-Agent", userAgent),
        ]
        return (String(decoding: url, as: UTF8.self), headers, body)
    }

    func request(_ input: MemberInput) -> HTTPClientRequest? {
        guard let (url, fields, body) = parts(input) else { return nil }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        var headers = HTTPHeaders()
        headers.reserveCapacity(fields.count)
        for (name, value) in fields { headers.add(name: name, value: value) }
        request.headers = headers
        request.body = .bytes(body)
        return request
    }
}

/// Netspec's arguments for one call, made from the plain values (as any caller has to).
@inline(__always)
func memberArguments(_ input: MemberInput) -> [String: Argument] {
    [
        "org": .value(.string(input.org)),
        "tags": .value(.array(input.tags.map { .string($0) })),
        "requestID": .value(.string(input.requestID)),
        "name": .value(.string(input.name)),
        "email": .value(.string(input.email)),
        "age": .value(.int(input.age)),
    ]
}

/// What `AsyncHTTPClientTransport` does to a `PreparedRequest` before sending it.
@inline(__always)
func clientRequest(_ request: PreparedRequest) -> HTTPClientRequest {
    AsyncHTTPClientTransport.makeRequest(request)
}

func benchBinding(_ context: Context, _ inputs: Inputs) throws -> Outcome {
    let base = "http://127.0.0.1:8080"
    let service = Service(spec: try Spec.load(path: context.benchSpec), provider: Provider(baseURL: base))
    let sample = try service.prepare("createMember", memberArguments(MemberInput.pool[0]))
    let hand = HandBuiltRequest(
        baseURL: base, accept: sample.headerFields[.accept] ?? "", acceptEncoding: sample.headerFields[.acceptEncoding] ?? "",
        userAgent: sample.headerFields[.userAgent] ?? ""
    )
    // The hand-written request must be the same request, for every input.
    for input in MemberInput.pool {
        let prepared = try service.prepare("createMember", memberArguments(input))
        guard let parts = hand.parts(input), case let .bytes(body) = prepared.body else { throw BenchError("no request") }
        try check(prepared.url == parts.url, "URL differs: \(prepared.url) vs \(parts.url)")
        let fields = prepared.headerFields.map { ($0.name.rawName, $0.value) }
        try check(fields.elementsEqual(parts.headers, by: { $0 == $1 }), "headers differ: \(fields) vs \(parts.headers)")
        try check(body == parts.body, "body differs: \(String(decoding: body, as: UTF8.self)) vs \(String(decoding: parts.body, as: UTF8.self))")
    }

    let calls = 100_000
    let mask = MemberInput.pool.count - 1
    let pool = MemberInput.pool
    var sink = 0
    let samples = try interleave(warmups: 2, repetitions: context.repetitions(15), tools: [
        ("netspec", {
            let start = monotonicNanoseconds()
            for i in 0..<calls {
                let request = clientRequest(try service.prepare("createMember", memberArguments(pool[i & mask])))
                sink &+= request.url.utf8.count
            }
            return monotonicNanoseconds() - start
        }),
        ("hand", {
            let start = monotonicNanoseconds()
            for i in 0..<calls {
                guard let request = hand.request(pool[i & mask]) else { throw BenchError("hand-built request failed") }
                sink &+= request.url.utf8.count
            }
            return monotonicNanoseconds() - start
        }),
        ("prepare", {
            let start = monotonicNanoseconds()
            for i in 0..<calls {
                let request = try service.prepare("createMember", memberArguments(pool[i & mask]))
                sink &+= request.url.utf8.count
            }
            return monotonicNanoseconds() - start
        }),
    ])
    blackHole(sink)
    let perCall = samples.map { $0.median / Double(calls) }
    let ratio = perCall[0] / perCall[1]
    let workload = "bind 6 parameters to a request"
    let tool = "Netspec `prepare` + `HTTPClientRequest`"
    // A watched figure, not a target of its own: a bind is under 1% of a cold call, so the row
    // must only not regress by more than 20% from the figure last recorded in BENCHMARKS.md.
    let recorded = recordedMedian(workload: workload, tool: tool, in: context.repositoryDirectory + "/BENCHMARKS.md")
    return Outcome(rows: [
        Row(workload: workload, tool: tool, median: Format.duration(perCall[0]) + "/call",
            throughput: Format.perSecond(1, perCall[0], unit: "calls"), ratio: Format.ratio(ratio) + " hand",
            target: recorded.map { "≤ 1.2× recorded (\(Format.duration($0)))" } ?? "watched (nothing recorded)",
            met: recorded.map { perCall[0] <= 1.2 * $0 }, samples: samples[0], per: calls),
        Row(workload: workload, tool: "hand-built `HTTPClientRequest`", median: Format.duration(perCall[1]) + "/call",
            throughput: Format.perSecond(1, perCall[1], unit: "calls"), ratio: Format.ratio(ratio), samples: samples[1], per: calls),
        Row(workload: workload, tool: "Netspec `prepare` alone (`PreparedRequest`)", median: Format.duration(perCall[2]) + "/call",
            throughput: Format.perSecond(1, perCall[2], unit: "calls"), ratio: Format.ratio(perCall[2] / perCall[1]) + " hand",
            samples: samples[2], per: calls),
    ], notes: [
        "**bind**: `createMember` in `inputs/bench.yaml` (path `org`, query array `tags`, header `X-Request-ID`, JSON fields "
            + "`name`, `email`, `age`), \(Format.grouped(calls)) calls per repetition over 16 different inputs (spaces, `/`, `é`, `&`, `=` "
            + "and quotes to encode), reported per call. Netspec: the `[String: Argument]` dictionary made from plain values, "
            + "`Service.prepare`, then `AsyncHTTPClientTransport.makeRequest`, the conversion to `HTTPClientRequest` the "
            + "transport applies before sending. "
            + "Hand-written: the URL percent-encoded into a byte buffer, the same six header fields in the same order, and the "
            + "JSON body bytes; checked equal to Netspec's request (URL, fields, body) for every input before timing.",
    ])
}

/// The median (nanoseconds per operation) last recorded in BENCHMARKS.md for a row, `nil` when there
/// is none: the last table row with this workload and tool, its median cell read as `5.56 µs/call`.
func recordedMedian(workload: String, tool: String, in path: String) -> Double? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var median: Double?
    for line in text.split(separator: "\n") where line.hasPrefix("|") {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count > 3, cells[1] == workload, cells[2] == tool else { continue }
        let parts = cells[3].split(separator: " ")
        guard parts.count >= 2, let value = Double(parts[0].replacingOccurrences(of: ",", with: "")) else { continue }
        let unit: Double? = switch parts[1].prefix(while: { $0 != "/" }) {
        case "ns": 1
        case "µs": 1e3
        case "ms": 1e6
        case "s": 1e9
        default: nil
        }
        if let unit { median = value * unit }
    }
    return median
}

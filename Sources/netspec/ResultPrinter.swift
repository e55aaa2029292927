#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec
import NetspecModel

/// Prints what `netspec call` receives: the result as JSON (pretty and coloured on a terminal,
/// compact when piped or with `--raw`), streams one event per line as they arrive, and with `-v`
/// the request and response heads on standard error. Every write of a result is checked: a closed
/// pipe ends the call (``CLIError/brokenPipe``).
struct ResultPrinter: Sendable {
    /// `--raw`: compact JSON, never coloured.
    let raw: Bool
    /// `-r`/`--raw-output`: a string result, event or line prints as bare text (jq's `-r`).
    let rawOutput: Bool
    let ndjson: Bool
    /// A key path applied to each event or line of a stream (for other results the call applies it).
    let keyPath: JSONValue.KeyPath?
    /// `--jsonpath`: an RFC 9535 query applied to the result after the key path — a whole result
    /// prints as the JSON array of the values it selects (its node list), a stream's event or line
    /// as each selected value on a line of its own.
    let jsonPath: JSONPath?
    let output: String?
    /// Hides secrets in `-v` output (`nil` with `--show-secrets`).
    let redactor: Redactor?
    /// The download progress bar, when one may be shown (the call reports progress to it).
    let downloadBar: ProgressBar?

    private var output1: Terminal { .standardOutput }

    // MARK: - Heads (-v)

    func printRequest(_ request: PreparedRequest) {
        var text = "> \(request.method.rawValue) \(PrintableText.displayed(redactor?.url(request.url) ?? request.url)) HTTP/1.1\n"
        for (name, value) in request.http1Fields { text += "> \(name): \(shown(name, value))\n" }
        Terminal.standardError.write(text + ">\n")
    }

    func printResponseHead(_ response: TransportResponse) {
        var text = "< \(Self.statusLine(response.status, response.reasonPhrase))\n"
        for field in response.headerFields { text += "< \(field.name.rawName): \(shown(field.name.rawName, field.value))\n" }
        Terminal.standardError.write(text + "<\n")
    }

    /// A response's status line as curl and HTTPie show it: `HTTP/1.1 404 Not Found`.
    static func statusLine(_ status: Int, _ reasonPhrase: String) -> String {
        CallError.HTTPStatusError.statusLine(status, reasonPhrase, version: "1.1")
    }

    private func shown(_ name: String, _ value: String) -> String {
        PrintableText.displayed(redactor?.value(ofHeader: name, value) ?? value)
    }

    // MARK: - Results

    /// Prints a response: to standard output, or with `-o` to the file (created once the
    /// response has succeeded, as curl does). A whole response goes to the file as the server's
    /// bytes; a stream's lines go there as they would print.
    func print(_ outcome: CallOutcome, endpoint: Endpoint) async throws {
        let file = try output.map { path throws(CLIError) in try OutputFile(path: path) }
        let sink = Sink(file: file)
        switch outcome {
        case let .events(events): try await printEvents(events, to: sink)
        case let .lines(lines): try await printLines(lines, to: sink)
        case let .bytes(bytes):
            for try await chunk in bytes { try sink.write(chunk) }
            downloadBar?.finish()
        case .webSocket:
            throw CLIError.usage("error: '\(endpoint.name)' is a WebSocket, which is not printed as a response")
        case let .value(response):
            // The whole body has arrived: end the bar's line before printing the result.
            downloadBar?.finish()
            if file != nil {
                try sink.write(response.body)
            } else {
                try printValue(response, endpoint: endpoint)
            }
        }
        try file?.close()
    }

    /// Where result bytes go: standard output, or the `-o` file.
    private struct Sink {
        let file: OutputFile?

        func write(_ bytes: [UInt8]) throws(CLIError) {
            if let file { try file.write(bytes) } else { try Terminal.standardOutput.emit(bytes) }
        }

        func write(line: String) throws(CLIError) {
            try write(Array((line + "\n").utf8))
        }
    }

    private func printValue(_ response: Response, endpoint: Endpoint) throws(CLIError) {
        if endpoint.returnType == .void { return }
        // No body (a 204, a 201 without content) prints nothing, not `null`, unless a key path
        // selects from the headers.
        if response.body.isEmpty, endpoint.returnType != .headers, response.value == .null { return }
        if response.isBinary {
            try printBytes(response, endpoint: endpoint)
            return
        }
        let value = jsonPath.map { query in
            // A query reads a text answer that is JSON (served as text/plain) as JSON.
            let base = response.isText ? (try? JSONValue(parsing: response.body)) ?? response.value : response.value
            return JSONValue.array(query.select(in: base))
        } ?? response.value
        // A text response (not JSON) prints as the text it is.
        if jsonPath == nil, response.isText, case let .string(text) = value, endpoint.returnType == .value(.json) {
            try output1.emit(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
            return
        }
        if rawOutput, case let .string(text) = value {
            try output1.emit(text + "\n")
            return
        }
        try emitJSON(value, answer: response.body)
    }

    /// A response that is bytes (an image, an archive: ``Response/isBinary``): written as they
    /// came when standard output is not a terminal (`> out.tar`, a pipe), as curl does. On a
    /// terminal, printable text prints as text; other bytes are not printed (they could garble
    /// it), and a note on standard error says how to save them (HTTPie's rule), the call ending
    /// with 0.
    private func printBytes(_ response: Response, endpoint: Endpoint) throws(CLIError) {
        let contentType = response.headerFields[.contentType] ?? ""
        guard jsonPath == nil else {
            throw .failure(.decoding(CallError.ResultDecodingError(
                endpoint: endpoint.name, keyPath: "",
                message: "the response is not JSON (Content-Type \(contentType), \(ByteCount(response.body.count))), so --jsonpath has nothing to query"
            )))
        }
        guard output1.isTerminal else {
            try output1.emit(response.body)
            return
        }
        if let text = PrintableText.text(response.body) {
            try output1.emit(text.hasSuffix("\n") ? text : text + "\n")
            return
        }
        Terminal.standardError.write(
            "note: the response is binary (\(contentType), \(ByteCount(response.body.count))) and is not printed on a terminal; save it with -o FILE or redirect standard output (> FILE)\n"
        )
    }

    // MARK: - Streams

    private func printEvents(_ events: EventStream, to sink: Sink) async throws {
        for try await event in events {
            if ndjson {
                var object: JSONObject = ["event": .string(event.event), "data": .string(event.data)]
                if let id = event.id { object["id"] = .string(id) }
                if let retry = event.retry { object["retry"] = .int(retry) }
                try sink.write(line: JSONValue.object(object).description)
            } else if keyPath != nil || jsonPath != nil {
                guard let value = try? event.json() else { continue }
                try printItem(value, text: Array(event.data.utf8), to: sink)
            } else {
                try printData(event.data, to: sink)
            }
        }
    }

    /// An event's data on one line, as the docs promise: as it is when it is one line (or with
    /// `-r`); data of several `data:` lines is compact JSON when it is JSON, else a JSON string —
    /// so that a reader of lines gets one event a line.
    private func printData(_ data: String, to sink: Sink) throws(CLIError) {
        guard !rawOutput, data.contains(where: ServerSentEvent.isLineBreak) else { return try sink.write(line: data) }
        let bytes = Array(data.utf8)
        if let value = try? JSONValue(parsing: bytes) { return try printItem(value, text: bytes, to: sink) }
        try sink.write(line: JSONValue.string(data).description)
    }

    private func printLines(_ lines: JSONLineStream, to sink: Sink) async throws {
        var iterator = lines.makeAsyncIterator()
        while let value = try await iterator.next() {
            try printItem(value, text: Array(iterator.lastLine), to: sink)
        }
    }

    /// A stream's item (a line, an event's data), `text` as the server wrote it: each value it
    /// prints (``selected(from:)``) on a line, compact JSON or with `-r` a string as bare text
    /// (jq's `-r`). An integer a `Double` changed keeps its digits where the item prints whole;
    /// else one warning line for the item.
    private func printItem(_ value: JSONValue, text: @autoclosure () -> [UInt8], to sink: Sink) throws(CLIError) {
        var unkept: [IntegerLiteral] = []
        var answer: AnswerText?
        for selected in selected(from: value) {
            if rawOutput, case let .string(string) = selected {
                try sink.write(line: string)
                continue
            }
            let (line, changed) = Self.json(selected, writer: JSONWriter(pretty: false, colored: false, indent: 0)) {
                let read = answer ?? AnswerText(text())
                answer = read
                return [(read, [("", selected)])]
            }
            try sink.write(line + [UInt8(ascii: "\n")])
            unkept += changed.filter { literal in !unkept.contains { $0.pointer == literal.pointer } }
        }
        if let warning = Self.digitsWarning(unkept) { Terminal.standardError.write(warning) }
    }

    /// What a stream's item prints: the value at the key path (nothing when it has none), then
    /// each value the JSONPath query selects from it.
    private func selected(from value: JSONValue) -> [JSONValue] {
        var base = value
        if let keyPath {
            guard let found = value.value(at: keyPath) else { return [] }
            base = found
        }
        return jsonPath.map { $0.select(in: base) } ?? [base]
    }
}

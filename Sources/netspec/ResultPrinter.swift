import Foundation
import Netspec

/// Prints what `netspec call` receives: the result as JSON (pretty and coloured on a terminal,
/// compact when piped or with `--raw`), streams one event per line as they arrive, and with `-v`
/// the request and response heads on standard error.
struct ResultPrinter: Sendable {
    let raw: Bool
    let ndjson: Bool
    /// A key path applied to each event or line of a stream (for other results the call applies it).
    let keyPath: JSONKeyPath?
    let output: String?
    /// Hides secrets in `-v` output (`nil` with `--show-secrets`).
    let redactor: Redactor?
    /// The download progress bar, when one may be shown (the call reports progress to it).
    let downloadBar: ProgressBar?

    private var output1: Terminal { .standardOutput }

    // MARK: - Heads (-v)

    func printRequest(_ request: PreparedRequest) {
        var text = "> \(request.method.rawValue) \(redactor?.url(request.url) ?? request.url) HTTP/1.1\n"
        for field in request.headerFields { text += "> \(field.name.rawName): \(shown(field.name.rawName, field.value))\n" }
        Terminal.standardError.write(text + ">\n")
    }

    func printResponseHead(_ response: TransportResponse) {
        var text = "< \(Self.statusLine(response.status, response.reasonPhrase))\n"
        for field in response.headerFields { text += "< \(field.name.rawName): \(shown(field.name.rawName, field.value))\n" }
        Terminal.standardError.write(text + "<\n")
    }

    /// A response's status line as curl and HTTPie show it: `HTTP/1.1 404 Not Found`.
    static func statusLine(_ status: Int, _ reasonPhrase: String) -> String {
        reasonPhrase.isEmpty ? "HTTP/1.1 \(status)" : "HTTP/1.1 \(status) \(reasonPhrase)"
    }

    private func shown(_ name: String, _ value: String) -> String {
        redactor?.value(ofHeader: name, value) ?? value
    }

    // MARK: - Results

    func print(_ response: Response, endpoint: Endpoint) async throws {
        switch endpoint.stream {
        case .sse?: try await printEvents(response)
        case .lines?: try await printLines(response)
        case .bytes?:
            try await writeBytes(response)
            downloadBar?.finish()
        case nil:
            // The whole body has arrived: end the bar's line before printing the result.
            downloadBar?.finish()
            printValue(response, endpoint: endpoint)
        }
    }

    private func printValue(_ response: Response, endpoint: Endpoint) {
        if endpoint.returnType == .void { return }
        let value = response.value
        // A text response (not JSON) prints as the text it is.
        if case let .string(text) = value, endpoint.returnType == .value(.json), endpoint.keyPath == nil, keyPath == nil,
           !(response.headerFields[.contentType]?.contains("json") ?? false), response.text == text {
            output1.write(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
            return
        }
        output1.write(format(value) + "\n")
    }

    private func format(_ value: JSONValue) -> String {
        output1.format(value, raw: raw)
    }

    // MARK: - Streams

    private func printEvents(_ response: Response) async throws {
        for try await event in try response.events {
            if ndjson {
                var object: JSONObject = ["event": .string(event.event), "data": .string(event.data)]
                if let id = event.id { object["id"] = .string(id) }
                if let retry = event.retry { object["retry"] = .int(retry) }
                output1.write(JSONValue.object(object).description + "\n")
            } else if let keyPath {
                guard let value = (try? event.json())?.value(at: keyPath) else { continue }
                output1.write(line(for: value) + "\n")
            } else {
                output1.write(event.data + "\n")
            }
        }
    }

    private func printLines(_ response: Response) async throws {
        for try await value in try response.lines {
            if let keyPath {
                guard let selected = value.value(at: keyPath) else { continue }
                output1.write(line(for: selected) + "\n")
            } else {
                output1.write(value.description + "\n")
            }
        }
    }

    /// A selected value on one line: strings as they are, anything else as compact JSON.
    private func line(for value: JSONValue) -> String {
        if case let .string(text) = value { return text }
        return value.description
    }

    private func writeBytes(_ response: Response) async throws {
        guard let output else {
            for try await chunk in try response.bytes { output1.write(chunk) }
            return
        }
        let file = try OutputFile(path: output)
        for try await chunk in try response.bytes { try file.write(chunk) }
        try file.close()
    }
}

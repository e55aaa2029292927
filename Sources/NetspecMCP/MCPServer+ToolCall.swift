// One tool call: the tool's arguments read into the endpoint's, the call made through `Service`
// with the session's progress and log, and its outcome (a value, or a stream read to its end or
// its limit) written as MCP's tool result.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec
import NetspecModel

extension MCPServer {
    /// A tool call's result: the call's value as text (and structured when it is an object), or
    /// the error's message with `isError`.
    func call(_ endpoint: Endpoint, _ members: JSONObject, _ context: CallContext = CallContext()) async -> JSONValue {
        let progress = ProgressReporter(context)
        let result = await call(endpoint, members, context, progress: progress)
        // Every progress notification goes out before the response.
        await progress?.finish()
        return result
    }

    private func call(_ endpoint: Endpoint, _ members: JSONObject, _ context: CallContext, progress: ProgressReporter?) async -> JSONValue {
        let arguments: [String: Argument]
        switch Self.arguments(members, for: endpoint) {
        case let .success(read): arguments = read
        case let .failure(problem): return Self.toolError(problem.message)
        }
        do {
            var callOptions = CallOptions(responseValidation: options.validatesResponses ? .warn : nil)
            if let progress {
                callOptions.uploadProgress = { progress.sent($0, $1) }
                callOptions.downloadProgress = { progress.received($0, $1) }
            }
            let request = try service.prepare(endpoint.name, arguments, options: callOptions)
            let started = ContinuousClock.now
            // The path only: a query may carry an API key.
            let target = "\(request.method.rawValue) \(request.url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.url)"
            await context.log(.debug, "\(endpoint.name): \(target)")
            let outcome = try await service.perform(request, options: callOptions)
            let status = if case let .value(response) = outcome { response.status } else { 200 }
            await context.log(.info, "\(endpoint.name): \(target) → \(status) in \(Self.milliseconds(since: started)) ms")
            guard let (value, note) = try await collect(outcome, progress: progress) else {
                return Self.toolError("endpoint '\(endpoint.name)' is a WebSocket, which a tool call cannot hold open")
            }
            // A response without a body (a 204) is an empty result; with an output schema (whose
            // `result` is then optional), its structured content is `{}`, as MCP requires one.
            if case let .value(response) = outcome, response.body.isEmpty {
                var empty: JSONObject = ["content": [], "isError": false]
                if ToolSchema.exportedOutputSchema(of: endpoint) != nil { empty["structuredContent"] = [:] }
                return .object(empty)
            }
            return await toolResult(value, note: note, of: outcome, endpoint, context)
        } catch let error as CallError {
            let message = options.describeError(error)
            await context.log(.error, message)
            return Self.toolError(message)
        } catch {
            return Self.toolError("\(error)")
        }
    }

    /// A tool argument that could not be read: its message.
    struct ArgumentProblem: Error {
        let message: String
    }

    /// The tool's `members` as the endpoint's arguments: bytes arrive as base64 text.
    static func arguments(_ members: JSONObject, for endpoint: Endpoint) -> Result<[String: Argument], ArgumentProblem> {
        var arguments: [String: Argument] = [:]
        for (key, value) in members {
            if endpoint.parameter(named: key)?.type.unwrapped == .data, let text = value.string {
                guard let data = Data(base64Encoded: text) else { return .failure(ArgumentProblem(message: "argument '\(key)' must be base64 text")) }
                arguments[key] = .data(data)
            } else {
                arguments[key] = .value(value)
            }
        }
        return .success(arguments)
    }

    /// The call's value: the response's, or a stream's items up to the limit (with a note saying
    /// where it stopped); `nil` for a WebSocket, which is closed.
    private func collect(_ outcome: CallOutcome, progress: ProgressReporter?) async throws -> (JSONValue, String?)? {
        switch outcome {
        case let .events(events):
            var values: [JSONValue] = []
            var note: String?
            for try await event in events {
                values.append((try? event.json()) ?? .string(event.data))
                progress?.item(values.count, "event")
                if values.count == options.maxEvents { note = "stopped after \(pluralized(options.maxEvents, "event")) (the limit)"; break }
            }
            try Task.checkCancellation()
            return (.array(values), note)
        case let .lines(lines):
            var values: [JSONValue] = []
            var note: String?
            for try await line in lines {
                values.append(line)
                progress?.item(values.count, "line")
                if values.count == options.maxEvents { note = "stopped after \(pluralized(options.maxEvents, "line")) (the limit)"; break }
            }
            try Task.checkCancellation()
            return (.array(values), note)
        case let .bytes(bytes):
            var count = 0
            for try await chunk in bytes { count += chunk.count }
            return (.string("\(count) bytes (binary content is not returned)"), nil)
        case let .webSocket(socket):
            await socket.close()
            return nil
        case let .value(response) where response.isBinary && response.value == .null:
            // Bytes that are no text (an image, an archive), as a byte stream's are.
            return (.string("\(response.body.count) bytes (binary content is not returned)"), nil)
        case let .value(response):
            return (response.value, nil)
        }
    }

    /// MCP's tool result for `value`: its text (cut at the limit), the note, the violations of the
    /// document when responses are validated, and the structured content.
    private func toolResult(_ value: JSONValue, note: String?, of outcome: CallOutcome, _ endpoint: Endpoint, _ context: CallContext) async -> JSONValue {
        var note = note
        var text = String(decoding: value.serialized(), as: UTF8.self)
        if text.utf8.count > options.maxResultBytes {
            text = String(decoding: Array(text.utf8.prefix(options.maxResultBytes)), as: UTF8.self)
            note = (note.map { $0 + "; " } ?? "") + "cut at \(options.maxResultBytes) bytes of \(value.serialized().count) (the limit)"
        }
        var content: [JSONValue] = [["type": "text", "text": .string(text)]]
        if let note { content.append(["type": "text", "text": .string("[netspec: \(note)]")]) }
        // `--validate`: an answer that breaks the document is an error listing how, the value beside.
        if case let .value(response) = outcome, !response.violations.isEmpty {
            let count = "\(pluralized(response.violations.count, "violation"))"
            await context.log(.warning, "\(endpoint.name): the response (\(response.status)) breaks the document's schema (\(count))")
            let lines = response.violations.map { "\n  " + $0.description }.joined()
            let message = "endpoint '\(endpoint.name)': the response (\(response.status)) breaks the document's schema (\(count)):" + lines
            return ["content": .array([["type": "text", "text": .string(message)]] + content), "isError": true]
        }
        var result: JSONObject = ["content": .array(content), "isError": false]
        // With an output schema the structured content is always there (MCP requires it), the
        // whole value even when the text was cut; a value that is not an object is its `result`.
        if let output = ToolSchema.exportedOutputSchema(of: endpoint) {
            if !output.wrapsResult, value.object == nil {
                // An answer that is not the object the document describes cannot be the structured
                // content (MCP's is an object, and clients check it against the output schema).
                let message = "endpoint '\(endpoint.name)': the answer is not the object the document's schema describes, so it has no structured content; it is the text below"
                return ["content": .array([["type": "text", "text": .string(message)]] + content), "isError": true]
            }
            result["structuredContent"] = output.wrapsResult ? ["result": value] : value
        } else if case .object = value, note == nil {
            result["structuredContent"] = value
        }
        return .object(result)
    }
}

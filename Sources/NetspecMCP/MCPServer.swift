#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Netspec
import Synchronization
import NetspecModel

/// A spec's endpoints as Model Context Protocol tools, over newline-delimited JSON-RPC 2.0:
/// `netspec mcp SPEC`.
///
/// Written on our own JSON value rather than on the MCP Swift SDK: the stdio server needs five
/// methods (`initialize`, `notifications/initialized`, `ping`, `tools/list`, `tools/call`) and
/// JSON-RPC's error rules, and a tool's input and output are already `JSONValue`s here.
///
/// Each endpoint is a tool named after it (``toolName(for:taken:)``: MCP's `^[a-zA-Z0-9_-]{1,64}$`),
/// described by its summary and description, with its parameters as the
/// input schema (``ToolSchema``) and `readOnlyHint` for GET and HEAD. A tool call binds its
/// arguments with the normal rules and is a normal call (auth, retry, refresh, timeouts); the
/// result is the shaped value as JSON text, and `structuredContent` when it is an object. A bad
/// argument or an HTTP error is a result with `isError: true` and the message, not a JSON-RPC
/// error; JSON-RPC errors are for frames that are not requests (`id: null` when none can be read).
public struct MCPServer: Sendable {
    /// What the server exposes and how much it returns.
    public struct Options: Sendable {
        /// Only endpoints whose method has no side effects (GET, HEAD, OPTIONS, QUERY).
        public var readOnly: Bool
        /// Only these endpoints (`nil`: all).
        public var tools: Set<String>?
        /// Only endpoints with one of these tags, compared without case (`nil`: all).
        public var tags: Set<String>?
        /// A `tools/list` page holds tools up to this many bytes (at least one tool); the rest
        /// follow by `nextCursor`.
        public var pageBytes: Int = 64 * 1024
        /// The most bytes one answer carries — a tool of `tools/list`, a `describe_operation`, a
        /// resource read, a search: an operation's schemas larger than that are summarised below
        /// their top levels (``SchemaFit``), each summary naming the part that gives it whole.
        public var answerBytes: Int = 64 * 1024
        /// A result's text is cut after this many bytes, with a note.
        public var maxResultBytes: Int
        /// A stream is collected up to this many events or lines.
        public var maxEvents: Int
        /// A failed call's text for the agent (`netspec mcp` words an unset variable's advice as
        /// its `--var`).
        package var describeError: @Sendable (CallError) -> String = { $0.description }

        /// Whether each answer is checked against the document's schema before it is returned: a
        /// violation makes the result an error (`isError`) that lists them, the value beside them.
        public var validatesResponses: Bool

        /// One tool per operation, or three tools that search, describe and call them.
        public enum ToolMode: Sendable, Hashable {
            /// Three tools above 40 exposed operations (``dynamic``), one per operation below.
            case auto
            /// `search_operations`, `describe_operation` and `call_operation`: a few hundred
            /// bytes of `tools/list` however large the API (``MCPServer`` describes them).
            case dynamic
            /// One tool per operation, however many.
            case all
        }

        /// How the operations become tools (`.auto` unless said otherwise).
        public var toolMode: ToolMode = .auto

        /// Tools offered beside the operations' (a workflow document's workflows), listed first.
        /// Name them apart from the operations' tools (``MCPServer/toolNames``): a call of a name
        /// both have runs the extra tool.
        public var extraTools: [MCPTool] = []

        /// The server's title in `initialize`'s `serverInfo`; `nil`: the service's (its
        /// document's `info.title`). A workflow document's server gives the Arazzo document's.
        public var title: String?

        /// What `initialize`'s `instructions` say before the operations' (``extraTools``'
        /// purpose, say), or alone when no operation is exposed; `nil`: the operations' only.
        public var instructions: String?

        /// Creates options.
        public init(readOnly: Bool = false, tools: Set<String>? = nil, maxResultBytes: Int = 64 * 1024, maxEvents: Int = 100, validatesResponses: Bool = false) {
            self.validatesResponses = validatesResponses
            self.readOnly = readOnly
            self.tools = tools
            self.maxResultBytes = maxResultBytes
            self.maxEvents = maxEvents
        }
    }

    /// The protocol revisions spoken, newest first.
    public static let protocolVersions = ["2025-11-25", "2025-06-18"]

    let service: Service
    let options: Options
    let endpoints: [Endpoint]
    /// Each endpoint's tool name, in the same order.
    let names: [String]
    /// The schemas' definitions, named the same in every answer (a summary's `$defs/NAME`
    /// can be asked for later) and each exported once.
    let exportedDefinitions = ExportedDefinitions()
    let pageStart = PageStart()
    /// The index of the exposed operations, when the tools are the three dynamic ones: built at
    /// the first search (13 ms of a 40 ms cold start on OpenAI's 288 operations), not at start.
    private let searchIndex: LazySearch?

    /// The index of the exposed operations (built now if it was not yet).
    var search: OperationSearch? { searchIndex?.index }

    /// Creates a server for the endpoints of a service's spec.
    public init(service: Service, options: Options = Options()) {
        self.service = service
        self.options = options
        // Names are made from every endpoint of the spec, so a tool's name does not depend on
        // which others are exposed.
        var taken: Set<String> = []
        let all = service.spec.endpoints.map { ($0, Self.toolName(for: $0.name, taken: &taken)) }
        let tags = options.tags.map { Set($0.map { $0.lowercased() }) }
        let exposed = all.filter { endpoint, name in
            (!options.readOnly || endpoint.method.isSafe) && (options.tools.map { $0.contains(endpoint.name) || $0.contains(name) } ?? true)
                && (tags.map { tags in endpoint.tags.contains { tags.contains($0.lowercased()) } } ?? true)
        }
        endpoints = exposed.map { $0.0 }
        names = exposed.map { $0.1 }
        let isDynamic = options.toolMode == .dynamic || (options.toolMode == .auto && exposed.count > Self.dynamicThreshold)
        searchIndex = isDynamic ? LazySearch(endpoints, tags: service.spec.tags) : nil
    }

    /// Above this many exposed operations, `.auto` serves the three dynamic tools (Cursor accepts
    /// 40 tools in all).
    public static let dynamicThreshold = 40

    /// Whether the tools are the three dynamic ones.
    public var isDynamic: Bool { searchIndex != nil }

    /// The names of the tools exposed.
    public var toolNames: [String] { names }

    /// An endpoint's tool name: its name when that matches MCP's `^[a-zA-Z0-9_-]{1,64}$` and is
    /// not taken; else every other character as `_`, and a name that is still too long or taken
    /// cut to 55 characters with `_` and 8 hexadecimal digits of a hash of the endpoint's name
    /// after it (then `_2`, `_3`, … should that be taken too). The same spec always gives the
    /// same names.
    package static func toolName(for name: String, taken: inout Set<String>) -> String {
        var tool = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-") ? scalar : "_"
        }))
        if tool.isEmpty { tool = "_" }
        if tool.utf8.count > 64 || taken.contains(tool) {
            // FNV-1a, 32 bits: stable across runs and platforms.
            var hash: UInt32 = 0x811C_9DC5
            for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
            let hex = String(hash, radix: 16)
            tool = String(tool.prefix(55)) + "_" + String(repeating: "0", count: 8 - hex.count) + hex
        }
        var candidate = tool
        var suffix = 2
        while taken.contains(candidate) {
            let tail = "_\(suffix)"
            candidate = String(tool.prefix(64 - tail.count)) + tail
            suffix += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Answers one frame (one line of input): the response line, or `nil` for a notification.
    public func respond(to line: String) async -> String? {
        await respond(to: line, session: nil, notify: nil)
    }

    /// Answers one frame in a client's `session`: the response line, or `nil` for a notification
    /// or a request that was cancelled. `notify` sends this request's notifications (progress,
    /// log messages) ahead of its response.
    public func respond(to line: String, session: MCPSession?, notify: (@Sendable (String) async -> Void)?) async -> String? {
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let message: JSONValue
        do {
            message = try JSONValue(parsing: Array(trimmed.utf8))
        } catch {
            return Self.error(id: .null, code: -32700, message: "Parse error: \(error)")
        }
        if case let .array(batch) = message {
            // JSON-RPC batches were removed from MCP in 2025-06-18.
            return Self.error(id: .null, code: -32600, message: "Invalid Request: batches are not supported (\(batch.count) messages)")
        }
        guard case let .object(object) = message, object["jsonrpc"] == "2.0", let method = object["method"]?.string else {
            let id = message["id"].flatMap { $0.string != nil || $0.int != nil ? $0 : nil } ?? .null
            if message["method"] == nil, message["result"] != nil || message["error"] != nil { return nil }  // a response to us: none are sent
            return Self.error(id: id, code: -32600, message: "Invalid Request: expected a JSON-RPC 2.0 request with a method")
        }
        let id = object["id"]
        if let id, id.string == nil, id.int == nil {
            return Self.error(id: .null, code: -32600, message: "Invalid Request: the id must be a string or an integer")
        }
        let params = object["params"] ?? .object([:])
        guard let id else {
            // A notification: no answer. `notifications/cancelled` stops a request in flight.
            if method == "notifications/cancelled", let request = params["requestId"] { session?.cancel(request) }
            return nil
        }
        return await answer(method, id: id, params: params, session: session, notify: notify)
    }

    // MARK: - Tools

    /// A tool's description is cut after this many characters; the whole one is the resource
    /// `netspec://operations/NAME` (and `describe_operation`'s in dynamic mode).
    public static let descriptionLimit = 1_000

    /// The index of the exposed operation a name names: its tool's name, or its endpoint's as
    /// the command line names it (`issues/list-for-repo` for the tool `issues_list-for-repo`).
    func operationIndex(named name: String) -> Int? {
        names.firstIndex(of: name) ?? endpoints.firstIndex { $0.name == name }
    }

    static let capabilities: JSONValue = [
        "tools": ["listChanged": false],
        "resources": ["listChanged": false, "subscribe": false],
        "logging": [:],
    ]

    /// An endpoint's summary and description, both (a summary does not hide the description),
    /// and a word on streams.
    static func fullDescription(_ endpoint: Endpoint) -> String {
        var description = endpoint.summary ?? "\(endpoint.method.rawValue) \(endpoint.path)"
        if let details = endpoint.details { description += "\n\n" + details }
        if endpoint.stream != nil || endpoint.answersValueOrEvents {
            description += endpoint.stream != nil ? " (a stream: its events are collected up to a limit)"
                : " (the server may answer with events: they are collected up to a limit)"
        }
        return description
    }

    /// A summary's first line, without a closing period, at most 100 characters.
    static func title(_ summary: String) -> String {
        var line = summary.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)?.trimmingWhitespace() ?? summary
        if line.hasSuffix("."), !line.hasSuffix("..") { line.removeLast() }
        return line.shortened(to: 100)
    }

    /// A `tools/list` page: the tools from `start` up to ``Options/pageBytes`` of them (at
    /// least one), and the cursor of the next page when there is one.
    func toolsPage(from start: Int) -> JSONValue {
        var tools: [JSONValue] = []
        var bytes = 0
        var index = start
        while index < endpoints.count {
            let tool = pageStart.take(index) ?? tool(at: index)
            let size = tool.serialized().count + 1
            // The page's envelope (`{"jsonrpc":…,"result":{"tools":[…],"nextCursor":…}}`) is under 100 bytes.
            if !tools.isEmpty, bytes + size > options.pageBytes - 100 {
                pageStart.keep(tool, index)
                break
            }
            tools.append(tool)
            bytes += size
            index += 1
        }
        var page: JSONObject = ["tools": .array(tools)]
        if index < endpoints.count { page["nextCursor"] = .string(String(index)) }
        return .object(page)
    }

    /// The tool that did not fit on the last page made, which begins the next (a large API's
    /// client asks for that one next: made once, not twice).
    final class PageStart: Sendable {
        private let tool = Mutex<(index: Int, tool: JSONValue)?>(nil)

        func keep(_ made: JSONValue, _ index: Int) {
            tool.withLock { $0 = (index, made) }
        }

        /// The tool at `index` if it is the one kept (and no longer kept).
        func take(_ index: Int) -> JSONValue? {
            tool.withLock { kept in
                guard let made = kept, made.index == index else { return nil }
                kept = nil
                return made.tool
            }
        }
    }

    /// What a tool call may send the client besides its result.
    struct CallContext: Sendable {
        var session: MCPSession?
        var notify: (@Sendable (String) async -> Void)?
        /// The request's `_meta.progressToken`: progress notifications are wanted.
        var progressToken: JSONValue?

        /// A `notifications/message` when the session's level lets `level` through.
        func log(_ level: MCPSession.LogLevel, _ text: String) async {
            guard let notify, let session, session.logs(level) else { return }
            await notify(MCPServer.notification("notifications/message", ["level": .string(level.rawValue), "logger": "netspec", "data": .string(text)]))
        }

        /// A `notifications/progress` when the client asked for them.
        func progress(_ count: Int, total: Int? = nil, _ message: String) async {
            guard let notify, let progressToken else { return }
            var params: JSONObject = ["progressToken": progressToken, "progress": .int(count)]
            if let total { params["total"] = .int(total) }
            params["message"] = .string(message)
            await notify(MCPServer.notification("notifications/progress", .object(params)))
        }
    }

    /// Runs a request's work so that `notifications/cancelled` can stop it; `nil` when it did.
    static func cancellable(_ id: JSONValue, in session: MCPSession?, _ work: @escaping @Sendable () async -> JSONValue) async -> JSONValue? {
        guard let session else { return await work() }
        return await session.run(id) { await work() }
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    static func toolError(_ message: String) -> JSONValue {
        ["content": [["type": "text", "text": .string(message)]], "isError": true]
    }

    // MARK: - JSON-RPC

    static func notification(_ method: String, _ params: JSONValue) -> String {
        String(decoding: JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).serialized(), as: UTF8.self)
    }

    static func result(id: JSONValue, _ result: JSONValue) -> String {
        String(decoding: JSONValue.object(["jsonrpc": "2.0", "id": id, "result": result]).serialized(), as: UTF8.self)
    }

    static func error(id: JSONValue, code: Int, message: String) -> String {
        String(decoding: JSONValue.object(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]).serialized(), as: UTF8.self)
    }
}

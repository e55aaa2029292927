import Foundation
@testable import NetspecMCP
import NetspecTestSupport
import Testing

@testable import Netspec

/// What the MCP server answers about every real document in the repository: each answer — a
/// `tools/list` page (`--tools all`), a `describe_operation`, an operation's resource, a search,
/// the document — is at most ``MCPServer/Options/answerBytes`` (64 KiB), and each schema in
/// them (every tool's `inputSchema` and `outputSchema`, every `describe_operation`'s) is JSON
/// Schema 2020-12, as the reference validator (Python's `jsonschema`, Tests/Peers/check_schemas.py)
/// checks it against the meta-schema.
///
/// Two documents at a time (``DocumentGate``): one asked in Swift on the run's thread for heavy
/// work while the other's schemas are checked by Python in a child process. One at a time, the
/// thread waited for Python, a third of the suite's time, at the end of a full run.
@Suite struct MCPRealDocumentTests {
    static let documents = RealDocuments.inRepository + RealDocuments.corpus
    static let gate = DocumentGate(2)

    static func server(_ spec: Spec, mode: MCPServer.Options.ToolMode) -> MCPServer {
        var options = MCPServer.Options()
        options.toolMode = mode
        return MCPServer(service: Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:1", options: .init(mocks: .enabled, usesEnvironment: false))), options: options)
    }

    /// Every answer's size, by what it was, and every schema in them.
    struct Answers {
        var largest: [String: (bytes: Int, what: String)] = [:]
        var schemas: [(where: String, schema: JSONValue)] = []

        mutating func see(_ line: String?, _ kind: String, _ what: String) throws -> JSONValue? {
            let line = try #require(line)
            if line.utf8.count > largest[kind]?.bytes ?? -1 { largest[kind] = (line.utf8.count, what) }
            return try JSONValue(parsing: Array(line.utf8))["result"]
        }

        mutating func schemas(of owner: JSONValue?, _ what: String) {
            for key in ["inputSchema", "outputSchema"] {
                if let schema = owner?[key] { schemas.append(("\(what) \(key)", schema)) }
            }
        }
    }

    static func answers(_ name: String) async throws -> Answers {
        let spec = try await RealDocuments.load(name)
        var answers = Answers()
        let all = Self.server(spec, mode: .all)
        var cursor: String? = nil
        repeat {
            let params = cursor.map { #","params":{"cursor":"\#($0)"}"# } ?? ""
            let page = try answers.see(await all.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"\#(params)}"#), "tools/list", "page after \(cursor ?? "none")")
            for tool in page?["tools"]?.array ?? [] { answers.schemas(of: tool, "tool " + (tool["name"]?.string ?? "")) }
            cursor = page?["nextCursor"]?.string
        } while cursor != nil
        let dynamic = Self.server(spec, mode: .dynamic)
        for tool in dynamic.toolNames {
            let described = try answers.see(await dynamic.respond(to: #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"describe_operation","arguments":{"name":"\#(tool)"}}}"#), "describe", tool)
            answers.schemas(of: described?["structuredContent"], "describe_operation " + tool)
            _ = try answers.see(await dynamic.respond(to: #"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"netspec://operations/\#(tool)"}}"#), "resource", tool)
        }
        for query in ["create", "list", "get", "delete", "update"] {
            _ = try answers.see(await dynamic.respond(to: #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"search_operations","arguments":{"query":"\#(query)","limit":50}}}"#), "search", query)
        }
        let document = try #require(dynamic.documentResource)
        _ = try answers.see(await dynamic.respond(to: #"{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"\#(document.uri)"}}"#), "document", name)
        return answers
    }

    @Test(.enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh)"), arguments: documents)
    func everyAnswerIsBoundedAndEverySchemaIsJSONSchema202012(_ name: String) async throws {
        // Minutes of CPU over the nine documents: on a thread of its own as the task's executor
        // (OwnThread.swift), the answers and the schemas gathered for the check alike.
        await Self.gate.enter()
        do {
            try await onOwnThread { () async throws in try await Self.check(name) }
        } catch {
            await Self.gate.leave()
            throw error
        }
        await Self.gate.leave()
    }

    static func check(_ name: String) async throws {
        let answers = try await Self.answers(name)
        let largest = try #require(answers.largest.values.max { $0.bytes < $1.bytes })
        print("MCPRealDocumentTests \(name): largest answer \(largest.bytes) bytes; " + answers.largest.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.bytes) (\($0.value.what))" }.joined(separator: ", "))
        #expect(largest.bytes <= MCPServer.Options().answerBytes, "\(name): \(largest.what)")
        #expect(answers.largest["describe"] != nil && answers.largest["tools/list"] != nil)

        // A schema's `$defs` are checked one by one, each distinct one once (checking a schema
        // against the meta-schema checks each of its subschemas alike; their `$ref`s are not followed).
        var seen: Set<[UInt8]> = []
        var lines: [UInt8] = []
        var count = 0
        for (owner, schema) in answers.schemas {
            var parts: [(String, JSONValue)] = [(owner, schema)]
            if case var .object(root) = schema, case let .object(definitions)? = root["$defs"] {
                root["$defs"] = nil
                parts = [(owner, .object(root))] + definitions.map { ("\(owner) $defs/\($0.key)", $0.value) }
            }
            for (place, part) in parts where seen.insert(part.serialized()).inserted {
                lines += JSONValue.object(["where": .string(place), "schema": part]).serialized() + [UInt8(ascii: "\n")]
                count += 1
            }
        }
        let result = try await ChildProcess.run(try #require(Peers.python), [Peers.root + "/Tests/Peers/check_schemas.py"], input: .bytes(lines))
        #expect(result.status == 0, "\(result.stderr)")
        let reported = result.stdout.split(separator: "\n").map(String.init)
        #expect(reported.last == #"{"checked": \#(count)}"#)
        #expect(reported.dropLast() == [], "\(name): \(reported.count - 1) schemas are not JSON Schema 2020-12")
    }
}

/// At most `limit` documents at once: each holds its document and its answers, hundreds of
/// megabytes for the largest in a debug build.
actor DocumentGate {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ limit: Int) {
        free = limit
    }

    func enter() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

import Foundation
@testable import NetspecMCP
import Testing

@testable import Netspec

/// `netspec mcp`'s dynamic mode: three tools that search, describe and call a large API's
/// operations; and how well the search finds the operation a task in words means.
@Suite struct MCPDynamicToolsTests {
    static let airflow = TestPaths.root + "/Tests/NetspecTests/Fixtures/airflow/v1.yaml"
    static let openAI = TestPaths.root + "/Tests/NetspecTests/Fixtures/openai/openapi.yaml"

    static func server(_ path: String, mode: MCPServer.Options.ToolMode = .auto) throws -> MCPServer {
        var options = MCPServer.Options()
        options.toolMode = mode
        return MCPServer(
            service: Service(spec: try Spec.load(path: path), provider: Provider(baseURL: "http://127.0.0.1:1", options: .init(mocks: .enabled, usesEnvironment: false))),
            options: options
        )
    }

    static func result(_ server: MCPServer, _ request: String) async throws -> JSONValue? {
        let line = try #require(await server.respond(to: request))
        return try JSONValue(parsing: Array(line.utf8))["result"]
    }

    @Test(arguments: [
        ("listFineTuningJobs", ["list", "fine", "tun", "job"]),
        ("get_dag_runs", ["get", "dag", "run"]),
        ("admin-api-keys-list", ["admin", "api", "key", "list"]),
        ("Cancel the running jobs, please!", ["cancel", "run", "job"]),
        ("/dags/{dag_id}/dagRuns", ["dag", "dag", "id", "dag", "run"]),
        ("policies APIKey", ["policy", "api", "key"]),
    ])
    func wordsAreSplitLoweredAndStemmed(_ text: String, _ terms: [String]) {
        #expect(OperationSearch.terms(text) == terms)
    }

    @Test func aLargeAPIIsThreeToolsThatSearchDescribeAndCall() async throws {
        let server = try Self.server(Self.airflow)
        #expect(server.isDynamic)
        #expect(server.toolNames.count == 89)
        let list = try await Self.result(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        #expect(list?["tools"]?.array?.compactMap { $0["name"]?.string } == ["search_operations", "describe_operation", "call_operation"])
        let size = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)).utf8.count
        #expect(size < 4096, "\(size) bytes")

        let found = try await Self.result(server, #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_operations","arguments":{"query":"list the runs of a DAG","limit":3}}}"#)
        #expect(found?["structuredContent"]?["operations"]?[0] == [
            "name": "get_dag_runs", "summary": "List DAG runs", "tags": ["DAGRun"], "method": "GET", "path": "/dags/{dag_id}/dagRuns",
        ])
        #expect(found?["structuredContent"]?["operations"]?.array?.count == 3)
        // A tag narrows the search, and lists the tag's operations that share no word with it after the others.
        let tagged = try await Self.result(server, #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_operations","arguments":{"query":"list","tag":"Pool"}}}"#)
        #expect(tagged?["structuredContent"]?["operations"]?.array?.compactMap { $0["name"]?.string } == ["get_pools", "get_pool", "post_pool", "delete_pool", "patch_pool"])

        let described = try await Self.result(server, #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"describe_operation","arguments":{"name":"get_pool"}}}"#)
        let description = described?["structuredContent"]
        #expect(description?["method"] == "GET")
        #expect(description?["path"] == "/pools/{pool_name}")
        #expect(description?["readOnly"] == true)
        #expect(description?["inputSchema"]?["required"] == ["pool_name"])
        #expect(description?["auth"] == "none")

        let called = try await Self.result(server, #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"call_operation","arguments":{"name":"get_pool","arguments":{"pool_name":"default_pool"}}}}"#)
        #expect(called?["isError"] == false)
        #expect(called?["structuredContent"] != nil)

        let unknown = try await Self.result(server, #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"describe_operation","arguments":{"name":"get_pols"}}}"#)
        #expect(unknown?["isError"] == true)
        // The command line's suggestions (`Suggestions`), as the command line words them.
        #expect(unknown?["content"]?[0]?["text"] == "no operation 'get_pols' (did you mean 'get_pools' or 'get_pool' or 'get_role'?)")
        // The per-operation tools are not there.
        let line = try #require(await server.respond(to: #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_pool","arguments":{}}}"#))
        #expect(line.contains(#""code":-32602"#))
    }

    @Test func theModeIsChosenByTheNumberOfOperationsUnlessSaid() throws {
        #expect(try Self.server(Self.airflow, mode: .all).isDynamic == false)
        #expect(try Self.server(TestPaths.specs + "/petstore.openapi.yaml").isDynamic == false)
        #expect(try Self.server(TestPaths.specs + "/petstore.openapi.yaml", mode: .dynamic).isDynamic == true)
    }

    /// Tasks in words, as a user would put them, each with the operation meant: written without
    /// copying the operations' summaries.
    static let airflowTasks: [(String, String)] = [
        ("list the runs of a DAG", "get_dag_runs"),
        ("trigger a DAG run", "post_dag_run"),
        ("remove a DAG and its metadata", "delete_dag"),
        ("see which tasks a DAG contains", "get_tasks"),
        ("fetch the logs of a task instance", "get_log"),
        ("show the import errors", "get_import_errors"),
        ("add a new connection to a database", "post_connection"),
        ("test whether a connection works", "test_connection"),
        ("create a worker pool with slots", "post_pool"),
        ("delete a pool", "delete_pool"),
        ("list all variables", "get_variables"),
        ("store a new variable", "post_variables"),
        ("read one variable by its key", "get_variable"),
        ("what version of Airflow is running", "get_version"),
        ("is the instance healthy", "get_health"),
        ("list the installed providers", "get_providers"),
        ("which plugins are loaded", "get_plugins"),
        ("clear task instances so they run again", "post_clear_task_instances"),
        ("change the state of a task instance", "patch_task_instance"),
        ("get the XCom entries a task pushed", "get_xcom_entries"),
        ("see the event log", "get_event_logs"),
        ("list users", "get_users"),
        ("delete a user account", "delete_user"),
        ("create a role", "post_role"),
        ("list every permission", "get_permissions"),
        ("get the source code of a DAG file", "get_dag_source"),
        ("show dataset events", "get_dataset_events"),
        ("current configuration of the instance", "get_config"),
        ("add a note to a DAG run", "set_dag_run_note"),
        ("what dependencies block my task from being scheduled", "get_task_instance_dependencies"),
    ]

    static let openAITasks: [(String, String)] = [
        ("cancel a fine-tuning job", "cancelFineTuningJob"),
        ("start fine-tuning a model on my data", "createFineTuningJob"),
        ("turn text into speech audio", "createSpeech"),
        ("transcribe an audio recording", "createTranscription"),
        ("generate an image from a prompt", "createImage"),
        ("get an embedding vector for some text", "createEmbedding"),
        ("check whether text is harmful", "createModeration"),
        ("upload a file", "createFile"),
        ("download the contents of a file", "downloadFile"),
        ("delete a fine-tuned model", "deleteModel"),
        ("list the available models", "listModels"),
        ("create an assistant", "createAssistant"),
        ("add a message to a thread", "createMessage"),
        ("cancel a run of a thread", "cancelRun"),
        ("search a vector store", "searchVectorStore"),
        ("create a vector store", "createVectorStore"),
        ("cancel a batch", "cancelBatch"),
        ("invite someone to my organization", "inviteUser"),
        ("list the projects of the organization", "list-projects"),
        ("archive a project", "archive-project"),
        ("see the audit logs of the organization", "list-audit-logs"),
        ("how much did my organization cost", "usage-costs"),
        ("delete a stored chat completion", "deleteChatCompletion"),
        ("generate a video from a prompt", "createVideo"),
        ("pause a fine-tuning job", "pauseFineTuningJob"),
    ]

    /// The search quality issue 34 asks for: the intended operation in the top 5 for ≥ 90% of the
    /// tasks and first for ≥ 60%, over Airflow's document and OpenAI's (trimmed to the words a search
    /// reads by `Tests/Peers/trim_openai.py`).
    @Test func searchFindsTheOperationATaskMeans() throws {
        let sets = [(Self.airflow, Self.airflowTasks), (Self.openAI, Self.openAITasks)]
        var (tasks, first, topFive) = (0, 0, 0)
        var misses: [String] = []
        for (path, set) in sets {
            let server = try Self.server(path, mode: .dynamic)
            let search = try #require(server.search)
            for (task, intended) in set {
                let names = search.search(task, limit: 5).map { server.toolNames[$0.index] }
                tasks += 1
                if names.first == intended { first += 1 }
                if names.contains(intended) { topFive += 1 } else { misses.append("\(task) → \(names) (meant \(intended))") }
            }
        }
        print("MCPDynamicToolsTests: \(tasks) tasks, first \(first) (\(first * 100 / tasks)%), top 5 \(topFive) (\(topFive * 100 / tasks)%); not in the top 5: \(misses)")
        #expect(tasks >= 30)
        #expect(Double(topFive) >= 0.9 * Double(tasks), "top 5: \(topFive) of \(tasks)")
        #expect(Double(first) >= 0.6 * Double(tasks), "first: \(first) of \(tasks)")
    }
}

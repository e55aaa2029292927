import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec run` beside `arazzo-runner` 0.9.6 (Python, pinned in Tests/Peers/requirements.txt; run
/// through Tests/Peers/arazzo_run.py, which prints its result as JSON): the same workflow against the
/// same server, the same outputs and the same requests. Where arazzo-runner breaks the Arazzo
/// Specification the test asserts what each does and names the section arazzo-runner breaks.
@Suite(.enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
struct ArazzoPeerTests {
    /// The Arazzo Specification repository's examples, as the fixtures hold them.
    static let examples = CLI.root + "/Tests/NetspecTests/Fixtures/arazzo/examples-1.0.0"

    /// arazzo-runner's result: `{"error", "outputs", "status"}` as one line of JSON.
    static func peer(_ file: String, _ workflow: String, inputs: String, environment: [String: String?] = [:]) async throws -> String {
        let python = try #require(Peers.python)
        let run = try await ChildProcess.run(python, [Peers.root + "/Tests/Peers/arazzo_run.py", file, workflow, inputs], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// The `outputs` member of arazzo-runner's result.
    static func outputs(_ peer: String) throws -> JSONValue {
        try JSONValue(parsing: Array(peer.utf8))["outputs"] ?? .null
    }

    @Test func theShopWorkflowGivesTheSameOutputsAndRequests() async throws {
        let log = Recorder<String>()
        let shop = RunCommandTests.shop(log)
        let handler: TestHandler = { request, writer in
            log.record("Authorization: \(request.header("Authorization") ?? "none")")
            try await shop(request, writer)
        }
        try await withTestServer(handler) { server in
            let folder = try ScratchDirectory()
            try folder.write(Array(RunCommandTests.openAPI.replacingOccurrences(of: "http://127.0.0.1:9", with: server.baseURL).utf8), to: "pets.yaml")
            let file = try folder.write(Array(RunCommandTests.document.utf8), to: "look.arazzo.yaml")
            let ours = try await CLI.run(["run", file, "--input", "petId=1", "--input", "user=ann"])
            #expect(ours.status == 0, "\(ours.stderr)")
            #expect(ours.stdout == #"{"name":"Rex","token":"abc"}"# + "\n")
            let sent = log.all
            let theirs = try await Self.peer(file, "look", inputs: #"{"petId":1,"user":"ann"}"#)
            #expect(theirs == #"{"error":null,"outputs":{"name":"Rex","token":"abc"},"status":"workflow_complete"}"# + "\n")
            #expect(try Self.outputs(theirs) == JSONValue(parsing: Array(ours.stdout.utf8)))
            #expect(sent == ["Authorization: none", "POST /login", "Authorization: Bearer abc", "GET /pets/1"])
            #expect(Array(log.all.dropFirst(sent.count)) == sent)
        }
    }

    /// The pet coupons example against `netspec mock` serving its OpenAPI document, to which the copy
    /// the workflows load adds `servers` (the example has none). Its operations need the implicit
    /// OAuth 2 scheme's token: `--var PETSTORE_AUTH` for netspec, the variable arazzo-runner's
    /// `show-env-mappings` names for it.
    @Test func thePetCouponsExampleAgainstTheMock() async throws {
        let folder = try ScratchDirectory()
        let openAPI = try String(contentsOfFile: Self.examples + "/pet-coupons.openapi.yaml", encoding: .utf8)
        let served = try folder.write(Array(openAPI.utf8), to: "served.openapi.yaml")
        let (mock, base) = try await MockCommandTests.start([served])
        let withServers = openAPI.replacingOccurrences(of: "\ninfo:\n", with: "\nservers: [{ url: \"\(base)\" }]\ninfo:\n")
        try folder.write(Array(withServers.utf8), to: "pet-coupons.openapi.yaml")
        let arazzo = try String(contentsOfFile: Self.examples + "/pet-coupons.arazzo.yaml", encoding: .utf8)
        let file = try folder.write(Array(arazzo.utf8), to: "pet-coupons.arazzo.yaml")
        let token: [String: String?] = ["PETSTORE_PETSTORE_AUTH_ACCESS_TOKEN": "tok"]

        // Agreement: `place-order` alone, one POST each, the mock's order id 10 as the output.
        let order = ["pet_id=10", "quantity=1", "coupon_code=SAVE10"].flatMap { ["--input", $0] }
        let ours = try await CLI.run(["run", file, "place-order", "--var", "PETSTORE_AUTH=tok"] + order)
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(ours.stdout == #"{"workflow_order_id":10}"# + "\n")
        let theirs = try await Self.peer(file, "place-order", inputs: #"{"pet_id":10,"quantity":1,"coupon_code":"SAVE10"}"#, environment: token)
        #expect(theirs == #"{"error":null,"outputs":{"workflow_order_id":10},"status":"workflow_complete"}"# + "\n")
        #expect(try Self.outputs(theirs) == JSONValue(parsing: Array(ours.stdout.utf8)))

        // Difference, where Arazzo is silent (what `$inputs.NAME` is for an optional input not
        // given): without `coupon_code`, netspec leaves the payload's `couponCode` out and the
        // order is placed; arazzo-runner sends `"couponCode": null`, which the schema's string
        // refuses (400), and the workflow fails.
        let plain = try await CLI.run(["run", file, "place-order", "--input", "pet_id=10", "--input", "quantity=1"])
        #expect(plain.stdout == #"{"workflow_order_id":10}"# + "\n", "\(plain.stderr)")
        let theirPlain = try await Self.peer(file, "place-order", inputs: #"{"pet_id":10,"quantity":1}"#, environment: token)
        #expect(theirPlain == #"{"error":"Step failed success criteria","outputs":{"workflow_order_id":null},"status":"error"}"# + "\n")

        // Difference: `buy-available-pet`'s first step lists two Reusable Objects
        // (`reference: $components.parameters.page` with `value: 1`, and `pageSize` with 10). Arazzo
        // 1.0 § Reusable Object and § Step Object (`parameters`: "[Parameter Object | Reusable
        // Object]") make them the step's parameters with the values given; arazzo-runner
        // drops both, so the mock refuses the request without its required `page` (400) and the
        // workflow fails where netspec's succeeds with two requests.
        let buy = try await CLI.run(["run", file, "buy-available-pet", "--var", "PETSTORE_AUTH=tok"])
        #expect(buy.status == 0, "\(buy.stderr)")
        #expect(buy.stdout == #"{"buy_pet_order_id":10}"# + "\n")
        let theirBuy = try await Self.peer(file, "buy-available-pet", inputs: "{}", environment: token)
        #expect(theirBuy == #"{"error":"Step failed success criteria","outputs":{"buy_pet_order_id":null},"status":"error"}"# + "\n")

        mock.terminate()
        let stopped = await mock.wait()
        let requests = stopped.stderr.split(separator: "\n").drop { !$0.hasPrefix("Mocking ") }.dropFirst().map(String.init)
        #expect(requests == [
            "POST /store/order 200 placeOrder",
            "POST /store/order 200 placeOrder",
            "POST /store/order 200 placeOrder",
            "POST /store/order 400 placeOrder",
            "GET /pet/findByStatus?status=available&page=1&pageSize=10 200 findPetsByStatus",
            "POST /store/order 200 placeOrder",
            "GET /pet/findByStatus?status=available 400 findPetsByStatus",
        ])
    }
}

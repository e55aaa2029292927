import Foundation
import Netspec
import NetspecTestSupport
import Testing

/// The Arazzo repository's other examples — OAuth, LoginAndRetrievePets, ExtendedParameters and
/// BNPL (pet coupons: ``ArazzoPeerTests``) — run by `netspec run` and by arazzo-runner 0.9.6
/// against `netspec mock` serving their OpenAPI documents: the outputs, the step outcomes and the
/// requests the mock answered, each example's in its test. Where an example cannot run as
/// written, the served document is given a seed (an overlay in `Fixtures/arazzo/seeds`, whose
/// README says why for each), which the documents the workflows load carry too, with the mock as
/// their server. Where arazzo-runner breaks the Arazzo Specification (1.0.1 section numbers),
/// the test says what each does and which section it breaks.
@Suite(.enabled(if: Peers.python != nil, "needs the Python peers (Tests/Peers/setup.sh); see the printed reason"))
struct ArazzoExamplePeerTests {
    static let fixtures = CLI.root + "/Tests/NetspecTests/Fixtures/arazzo"

    /// `openAPI` (a fixture path) served by `netspec mock` with the seed `seed` applied, and the
    /// same document, seeded, with the mock as its only server, written into `folder` as `name`;
    /// the mock and its base URL.
    static func serve(_ openAPI: String, seed: String?, as name: String, in folder: ScratchDirectory) async throws -> (CLIProcess, String) {
        let seeds = seed.map { [fixtures + "/seeds/" + $0] } ?? []
        let (mock, base) = try await MockCommandTests.start([fixtures + "/" + openAPI] + seeds.flatMap { ["--overlay", $0] })
        let servers = """
            overlay: 1.0.0
            info: { title: The mock as the only server, version: 1.0.0 }
            actions:
              - { target: $.servers, remove: true }
              - { target: $, update: { servers: [{ url: "\(base)" }] } }
            """
        let overlay = try folder.write(Array(servers.utf8), to: "servers.overlay.yaml")
        let written = try await CLI.run(["overlay", fixtures + "/" + openAPI] + seeds + [overlay, "-o", folder.path + "/" + name])
        #expect(written.status == 0, "\(written.stderr)")
        return (mock, base)
    }

    /// An example's Arazzo document copied into `folder`, each pair of `edits` replaced.
    static func copy(_ example: String, to folder: ScratchDirectory, as name: String? = nil, edits: [(String, String)] = []) throws -> String {
        var text = try String(contentsOfFile: fixtures + "/examples-1.0.0/" + example, encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old), "\(example) has no '\(old)'")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return try folder.write(Array(text.utf8), to: name ?? example)
    }

    /// The requests a mock answered (its log lines), once it is stopped.
    static func requests(_ mock: CLIProcess) async -> [String] {
        mock.terminate()
        let stopped = await mock.wait()
        return stopped.stderr.split(separator: "\n").drop { !$0.hasPrefix("Mocking ") }.dropFirst().map(String.init)
    }

    /// OAuth: all three workflows. Seed: the 200 answers get the bodies the criteria read.
    @Test func theOAuthExample() async throws {
        let folder = try ScratchDirectory()
        let (mock, _) = try await Self.serve("examples-1.0.0/oauth.openapi.yaml", seed: "oauth.overlay.yaml", as: "oauth.openapi.yaml", in: folder)
        let file = try Self.copy("oauth.arazzo.yaml", to: folder)
        let client = ["client_id=c", "client_secret=s", "redirect_uri=http://r"].flatMap { ["--input", $0] }
        let inputs = #"{"client_id":"c","client_secret":"s","redirect_uri":"http://r"}"#

        // client-credentials-flow, one POST each: the same output. Its inputs schema names
        // client_id and client_secret only, so netspec refuses redirect_uri (a misspelt name would
        // be dropped: docs/workflows.md "Inputs"), which arazzo-runner takes and ignores.
        let ours = try await CLI.run(["run", file, "client-credentials-flow"] + client.prefix(4))
        #expect(ours.stdout == #"{"access_token":"at-1"}"# + "\n", "\(ours.stderr)")
        let theirs = try await ArazzoPeerTests.peer(file, "client-credentials-flow", inputs: inputs)
        #expect(theirs == #"{"error":null,"outputs":{"access_token":"at-1"},"status":"workflow_complete"}"# + "\n")

        // authorization-code-flow, a GET and a POST each: the same outputs (arazzo-runner's sorted).
        let code = try await CLI.run(["run", file, "authorization-code-flow"] + client)
        #expect(code.stdout == #"{"access_token":"at-1","refresh_token":"rt-1","expires_in":3600}"# + "\n", "\(code.stderr)")
        let theirCode = try await ArazzoPeerTests.peer(file, "authorization-code-flow", inputs: inputs)
        #expect(theirCode == #"{"error":null,"outputs":{"access_token":"at-1","expires_in":3600,"refresh_token":"rt-1"},"status":"workflow_complete"}"# + "\n")
        #expect(try ArazzoPeerTests.outputs(theirCode) == JSONValue(parsing: Array(code.stdout.utf8)))

        // refresh-token-flow: its nested authorization-code-flow runs, then `do-the-refresh` posts a
        // form with `refresh_token`, which the operation does not declare (sent as a JSON body's
        // undeclared member is), and without the `client_id` it requires: both fail that step,
        // netspec before sending it (exit 64, as `netspec call` refuses such a request),
        // arazzo-runner on the mock's 422.
        let mine = ["my_client_id=c", "my_client_secret=s", "my_redirect_uri=http://r"].flatMap { ["--input", $0] }
        let refresh = try await CLI.run(["run", file, "refresh-token-flow"] + mine)
        #expect(refresh.status == 64)
        #expect(refresh.stderr == "error: workflow 'refresh-token-flow': step 'do-the-refresh': endpoint 'get-token': parameter 'client_id': missing required argument (string)\n")
        let theirRefresh = try await ArazzoPeerTests.peer(file, "refresh-token-flow", inputs: #"{"my_client_id":"c","my_client_secret":"s","my_redirect_uri":"http://r"}"#)
        #expect(theirRefresh == #"{"error":"Step failed success criteria","outputs":{"access_token":null,"expires_in":null,"refresh_token":null},"status":"error"}"# + "\n")

        // Mended with the `client_id` (a copy whose refresh payload adds it): both send the form,
        // `refresh_token` in it, and agree on the outputs.
        let mended = try Self.copy("oauth.arazzo.yaml", to: folder, as: "mended.arazzo.yaml", edits: [(
            "refresh_token: $steps.do-the-auth-flow.outputs.my_refresh_token", "refresh_token: $steps.do-the-auth-flow.outputs.my_refresh_token\n            client_id: $inputs.my_client_id"
        )])
        let har = folder.path + "/mended.har"
        let ourMended = try await CLI.run(["run", mended, "refresh-token-flow", "--har", har] + mine)
        #expect(ourMended.stdout == #"{"access_token":"at-1","refresh_token":"rt-1","expires_in":3600}"# + "\n", "\(ourMended.stderr)")
        let archive = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: har))))
        #expect(archive["log"]?["entries"]?[2]?["request"]?["postData"]?["text"] == "grant_type=refresh_token&client_id=c&refresh_token=rt-1")
        let theirMended = try await ArazzoPeerTests.peer(mended, "refresh-token-flow", inputs: #"{"my_client_id":"c","my_client_secret":"s","my_redirect_uri":"http://r"}"#)
        #expect(try ArazzoPeerTests.outputs(theirMended) == JSONValue(parsing: Array(ourMended.stdout.utf8)))

        let authorize = "GET /authorize?client_id=c&redirect_uri=http%3A%2F%2Fr&response_type=code&scope=read&state=12345 200 authorize"
        let token = "POST /oauth/token 200 get-token"
        #expect(await Self.requests(mock) == [
            token, token, authorize, token, authorize, token, authorize, token, authorize, token, "POST /oauth/token 422 get-token",
            authorize, token, token, authorize, token, token,
        ])
    }

    /// LoginAndRetrievePets, its source (swagger-petstore, by URL) the stand-in. Seed: the login
    /// answer's `X-Rate-Limit` and `X-Expires-After`, which its outputs read, and bodies.
    @Test func theLoginAndRetrievePetsExample() async throws {
        let folder = try ScratchDirectory()
        let (mock, _) = try await Self.serve("stand-ins/petstore3.openapi.yaml", seed: "petstore3.overlay.yaml", as: "petstore3.openapi.yaml", in: folder)
        let file = try Self.copy(
            "LoginAndRetrievePets.arazzo.yaml", to: folder,
            edits: [("https://raw.githubusercontent.com/swagger-api/swagger-petstore/master/src/main/resources/openapi.yaml", "./petstore3.openapi.yaml")])
        let ours = try await CLI.run(["run", file, "--input", "username=ann", "--input", "password=pw"])
        #expect(ours.status == 0)
        #expect(ours.stdout == #"{"available":[{"id":1,"name":"Rex","status":"available"}]}"# + "\n")
        #expect(ours.stderr == """
            \(file):46:20: warning: workflow 'loginUserRetrievePet': step 'getPetStep': operationPath '{$sourceDescriptions.petStoreDescription.url}#/paths/~1pet~1findByStatus' points at a path, not an operation; its one operation, GET /pet/findByStatus, is taken (write '…/get')

            """)
        // arazzo-runner finds neither operation — `$sourceDescriptions.petStoreDescription.loginUser`
        // is the form § 4.6.5 Step Object (`operationId`) gives for naming a source's operation —
        // logs each step's error, sends nothing, and reports the workflow complete with no
        // outputs, where § 4.6.5 (`onFailure`: without actions a failed step ends the workflow)
        // makes it a failure.
        let theirs = try await ArazzoPeerTests.peer(file, "loginUserRetrievePet", inputs: #"{"username":"ann","password":"pw"}"#)
        #expect(theirs == #"{"error":null,"outputs":{},"status":"workflow_complete"}"# + "\n")
        #expect(await Self.requests(mock) == [
            "GET /user/login?username=ann&password=pw 200 loginUser", "GET /pet/findByStatus?status=available 200 findPetsByStatus",
        ])
    }

    /// ExtendedParameters, its source the stand-in `animals.yaml`. Seed: the cookies and the
    /// header the workflow (and a step) sends, declared required, so that the mock refuses a
    /// request without them.
    @Test func theExtendedParametersExample() async throws {
        let folder = try ScratchDirectory()
        let (mock, _) = try await Self.serve("stand-ins/animals.yaml", seed: "animals.overlay.yaml", as: "animals.yaml", in: folder)
        let file = try Self.copy("ExtendedParametersExample.arazzo.yaml", to: folder)
        let ours = try await CLI.run(["run", file, "--json"])
        #expect(ours.status == 0, "\(ours.stderr)")
        let report = try JSONValue(parsing: Array(ours.stdout.utf8))
        #expect(report["succeeded"] == true)
        #expect(report["steps"]?[0]?["status"] == 201)
        #expect(report["steps"]?[1]?["status"] == 200)
        // As written, arazzo-runner finds neither `$sourceDescriptions.animals.…` operation
        // (§ 4.6.5) and reports the workflow complete having sent nothing. With plain
        // operationIds it sends the steps but drops the workflow's `parameters`, which § 4.6.4
        // Workflow Object applies to every step ("can be overridden at the step level but cannot
        // be removed there"): the mock refuses its first request (422) and the workflow fails.
        let theirs = try await ArazzoPeerTests.peer(file, "animal-workflow", inputs: "{}")
        #expect(theirs == #"{"error":null,"outputs":{},"status":"workflow_complete"}"# + "\n")
        let plain = try Self.copy("ExtendedParametersExample.arazzo.yaml", to: folder, as: "plain.arazzo.yaml", edits: [("$sourceDescriptions.animals.", "")])
        let theirPlain = try await ArazzoPeerTests.peer(plain, "animal-workflow", inputs: "{}")
        #expect(theirPlain == #"{"error":"Step failed success criteria","outputs":{},"status":"error"}"# + "\n")
        let ourPlain = try await CLI.run(["run", plain])
        #expect(ourPlain.stdout == "{}\n", "\(ourPlain.stderr)")
        #expect(await Self.requests(mock) == [
            "POST /animals 201 postAnimal", "GET /animals/random 200 getRandomAnimal", "POST /animals 422 postAnimal",
            "POST /animals 201 postAnimal", "GET /animals/random 200 getRandomAnimal",
        ])
    }

    /// BNPL, its source (by URL) the repository's `bnpl-openapi.yaml`. Seed: `customer` may be the
    /// object the workflow sends, and the eligibility answer has the `products` its outputs read.
    @Test func theBNPLExample() async throws {
        let folder = try ScratchDirectory()
        let (mock, base) = try await Self.serve("examples-1.0.0/bnpl-openapi.yaml", seed: "bnpl.overlay.yaml", as: "bnpl-openapi.yaml", in: folder)
        let url = ("https://raw.githubusercontent.com/OAI/Arazzo-Specification/main/examples/1.0.0/bnpl-openapi.yaml", "./bnpl-openapi.yaml")
        let file = try Self.copy("bnpl-arazzo.yaml", to: folder, edits: [url])
        let inputs = #"{"customer":{"firstName":"Ann","lastName":"Lee","dateOfBirth":"1990-01-01T00:00:00Z","postalCode":"N1"},"#
            + #""products":[{"productCode":"P1","netAmount":100,"purchaseAmount":{"currency":"GBP","amount":100}}]}"#
        // As written it names three step outputs no step defines and writes one output without
        // `.outputs.`: netspec refuses to load it (65, WorkflowLoadingTests has the messages);
        // arazzo-runner runs it.
        let ours = try await CLI.run(["run", file], stdin: Array(inputs.utf8))
        #expect(ours.status == 65)
        #expect(ours.stderr.split(separator: "\n").count == 4, "\(ours.stderr)")
        // The first step's payload is Arazzo's JSON template (§ 4.6.13 Request Body Object, its
        // "JSON Templated" example): `"customer": "{$inputs.customer}"` is the customer object.
        // arazzo-runner writes the object's Python repr into a string
        // (`"customer": "{'firstName': 'Ann', …}"`), which the mock refuses (422).
        let theirs = try await ArazzoPeerTests.peer(file, "ApplyForLoanAtCheckout", inputs: inputs)
        #expect(theirs == #"{"error":"Step failed success criteria","outputs":{"finalizedPaymentPlan":null},"status":"error"}"# + "\n")

        // With the four mistakes mended, netspec sends the products and the customer as JSON
        // (200), and RFC 9535 decides the branch: `$[?count(@.products) == 0]` selects each member
        // of the answer (none of them has a `products` member), so `qualifyingProductsNotFound`
        // ends the workflow, and its output — of a step not reached — is null.
        let fixed = try Self.copy("bnpl-arazzo.yaml", to: folder, as: "fixed.arazzo.yaml", edits: [
            url,
            ("value: $steps.authenticateCustomerAndAuthorizeLoan.outputs.redirectAuthToken", "value: $steps.initiateBnplTransaction.outputs.redirectAuthToken"),
            ("      loanTransactionResourceUrl: $response.body#/links/self", "      loanTransactionResourceUrl: $response.body#/links/self\n      loanTransactionId: $response.body#/loanTransactionId"),
            ("$steps.retrieveFinalizedPaymentPlan.finalizedPaymentPlan", "$steps.retrieveFinalizedPaymentPlan.outputs.finalizedPaymentPlan"),
        ])
        let run = try await CLI.run(["run", fixed, "-v"], stdin: Array(inputs.utf8))
        #expect(run.status == 0)
        #expect(run.stdout == #"{"finalizedPaymentPlan":null}"# + "\n")
        #expect(run.stderr.hasSuffix("""
            ApplyForLoanAtCheckout.checkLoanCanBeProvided  findEligibleProducts POST \(base)/products  → 200  ✓ $statusCode == 200  ⇒ end

            """), "\(run.stderr)")
        let theirFixed = try await ArazzoPeerTests.peer(fixed, "ApplyForLoanAtCheckout", inputs: inputs)
        #expect(theirFixed == theirs)
        #expect(await Self.requests(mock) == ["POST /products 422 findEligibleProducts", "POST /products 200 findEligibleProducts", "POST /products 422 findEligibleProducts"])
    }
}

import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call` checks the arguments against the document's schemas before sending (also for
/// `--dry-run` and `--curl`; `--no-validate` sends anyway), and `--validate` checks the response.
@Suite struct CallValidationTests {
    static let spec = "specs/shelter.openapi.yaml"

    @Test(arguments: ["--dry-run", "--curl"])
    func argumentsThatBreakTheDocumentAreRefusedWithEveryProblem(preview: String) async throws {
        let result = try await CLI.run(["call", Self.spec, "admitAnimal", "name=", "species=cat", "secret=s", "age:=-1", preview])
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: endpoint 'admitAnimal': 2 problems with the arguments:
              parameter 'name': must be at least 1 character long, got "" (schema at specs/shelter.openapi.yaml:73:31)
              parameter 'age': must be at least 0, got -1 (schema at specs/shelter.openapi.yaml:75:31)

            """)
        #expect(result.status == 64)
    }

    @Test func itemsThatCannotBeConvertedAreReportedTogetherInTheDocumentsWords() async throws {
        let result = try await CLI.run(["call", Self.spec, "admitAnimal", "name=Tom", "species=cat", "secret=s", "age=x", "weight=y", "--dry-run"])
        #expect(result.stderr == """
            error: endpoint 'admitAnimal': 2 problems with the arguments:
              parameter 'age': 'x' is not an integer (a whole number) (age=x)
              parameter 'weight': 'y' is not a number (weight=y)

            """)
        #expect(result.status == 64)
    }

    /// Restish's rule: text is sent as the number it spells where the schema takes that and not a string.
    @Test(arguments: [("ref=42", #""ref":42"#), ("ref=AB", #""ref":"AB""#), ("ref:=\"42\"", #""ref":"42""#)])
    func textIsTypedByTheSchema(item: String, member: String) async throws {
        let result = try await CLI.run(["call", Self.spec, "admitAnimal", "name=Tom", "species=cat", "secret=s", item, "--dry-run", "--no-validate"])
        #expect(result.stdout.hasSuffix(#"{"name":"Tom","species":"cat","secret":"s","# + member + "}\n"))
        #expect(result.status == 0)
    }

    @Test func noValidateSendsAnyway() async throws {
        let result = try await CLI.run(["call", Self.spec, "listAnimals", "limit=500", "--no-validate", "--dry-run"])
        #expect(result.stdout.hasPrefix("GET https://shelter.example.com/v1/animals?limit=500 HTTP/1.1\n"))
        #expect(result.status == 0)
    }

    @Test func validateChecksTheResponse() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"id":"ca-1","name":"","species":"cat"}"#)) { server in
            let result = try await CLI.run(["call", Self.spec, "getAnimal", "id=ca-1", "--base-url", server.baseURL, "--validate"])
            // The value is printed; each violation goes to standard error, and the status says so.
            #expect(result.stdout == #"{"id":"ca-1","name":"","species":"cat"}"# + "\n")
            #expect(result.stderr == "warning: response: /name must be at least 1 character long (schema at specs/shelter.openapi.yaml:73:31)\n")
            #expect(result.status == 1)
            let unchecked = try await CLI.run(["call", Self.spec, "getAnimal", "id=ca-1", "--base-url", server.baseURL])
            #expect(unchecked.stderr == "")
            #expect(unchecked.status == 0)
        }
    }
}

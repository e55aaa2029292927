import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec run`'s options and inputs checked before anything is sent (docs/workflows.md), each
/// once taken without a word: `--dry-run` with an option only a sent run acts on (a usage error
/// naming both, as `netspec call --dry-run` refuses them) and `--dry-run --har` recording the
/// request printed; a `--server` URL no base URL can be (the steps before its source's were sent,
/// then exit 78); an `--input` the inputs schema does not name (dropped).
@Suite struct RunOptionChecksTests {
    /// Each was ignored: `-v` printed nothing, `--mock`, `--timeout`, `--max-steps` and `--replay`
    /// had nothing to act on.
    @Test(arguments: [
        (["-v"], "-v"), (["--mock"], "--mock"), (["--timeout", "5"], "--timeout"), (["--max-steps", "5"], "--max-steps"),
        (["--replay", "some.har"], "--replay"),
    ])
    func dryRunWithAnOptionOfASentRunIsAUsageError(_ options: [String], _ named: String) async throws {
        let path = try RunCommandTests.files()
        let result = try await CLI.run(["run", path, "--input", "petId=1", "--dry-run"] + options)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --dry-run prints the first request and sends nothing, so \(named) has nothing to act on\n"), "\(result.stderr)")
        #expect(result.stdout == "")
    }

    /// `--dry-run --har` wrote a recording without an entry; the request printed is on record as
    /// not sent, as `netspec call --dry-run --har` records it (docs/har.md).
    @Test func dryRunWithHARRecordsTheRequestAsNotSent() async throws {
        let path = try RunCommandTests.files()
        let har = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("dry.har").path
        let result = try await CLI.run(["run", path, "--input", "petId=1", "--input", "user=ann", "--dry-run", "--har", har])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("POST http://127.0.0.1:9/login HTTP/1.1\n"))
        let entries = try JSONValue(parsing: Array(FileManager.default.contents(atPath: har) ?? Data()))["log"]?["entries"]
        #expect(entries?.array?.count == 1)
        let entry = entries?[0]
        #expect(entry?["request"]?["method"] == "POST" && entry?["request"]?["url"] == "http://127.0.0.1:9/login")
        #expect(entry?["request"]?["postData"]?["text"] == #"{"user":"ann"}"#)
        #expect(entry?["response"]?["status"] == 0)
        #expect(entry?["_dryRun"] == true && entry?["comment"] == "not sent: netspec run --dry-run printed it")
    }

    /// A `--server` URL is checked as `--base-url` is, before anything is sent (a character
    /// counted in the whole value); the run sent the steps before that source's, then exit 78.
    @Test(arguments: [
        ("pets=http://127.0.0.1:9/a#b", "--server 'pets=http://127.0.0.1:9/a#b': '#' (character 26) would start a fragment, which a base URL cannot have"),
        ("pets=http://u:p@127.0.0.1:9", "--server 'pets=http://<redacted>@127.0.0.1:9': it holds credentials (before '@'), which netspec does not send from a URL: give them in an Authorization header or by the spec's auth"),
        ("pets=ftp://x", "--server 'pets=ftp://x': it must start with http:// or https://"),
    ])
    func aServerURLThatCannotBeABaseURLIsAUsageError(_ server: String, _ message: String) async throws {
        let path = try RunCommandTests.files()
        let result = try await CLI.run(["run", path, "--input", "petId=1", "--server", server])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
    }

    /// An `--input` or a standard input member the inputs schema does not name (it names its
    /// properties, and has no `additionalProperties`) is refused as a step's parameter is by
    /// `netspec validate`: it was dropped, and the request sent without it; so is a name given
    /// twice by `--input`.
    @Test(arguments: [
        (["--input", "petId=1", "--input", "usr=ann"], "", "error: --input usr=ann: workflow 'look' has no input 'usr' (did you mean 'user'?)"),
        (["--input", "petId=1", "--input", "colour:=1"], "", "error: --input colour:=1: workflow 'look' has no input 'colour' (its inputs are: petId, user)"),
        ([], #"{"petId": 1, "usr": "ann", "pet": 2}"#, """
            error: standard input: member 'pet': workflow 'look' has no input 'pet' (did you mean 'petId'?)
            error: standard input: member 'usr': workflow 'look' has no input 'usr' (did you mean 'user'?)
            """),
        // Twice by --input: refused, where the last once won without a word (over standard input, it wins).
        (["--input", "petId=1", "--input", "petId:=2"], "", "error: --input petId:=2: input 'petId' is already given by --input petId=1; give it once (a list as --input petId:='[…]')"),
    ])
    func anInputTheSchemaDoesNotNameIsAUsageError(_ options: [String], _ stdin: String, _ message: String) async throws {
        let path = try RunCommandTests.files()
        let result = try await CLI.run(["run", path, "--dry-run"] + options, stdin: Array(stdin.utf8))
        #expect(result.status == 64)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout == "")
    }

    /// An `--input` or `--server` without a name before its `=`: the input was taken as one
    /// named '' (a schema that takes other properties takes it), the server's URL as its source.
    @Test(arguments: [
        (["--input", "=1"], "--input '=1' must be NAME=VALUE or NAME:=JSON: its NAME is empty"),
        (["--input", ":=1"], "--input ':=1' must be NAME=VALUE or NAME:=JSON: its NAME is empty"),
        (["--server", "=http://127.0.0.1:9"], "--server '=http://127.0.0.1:9' must be SOURCE=URL: its SOURCE is empty"),
    ])
    func anOptionWithoutANameIsAUsageError(_ options: [String], _ message: String) async throws {
        let document = RunCommandTests.document.replacing(
            "properties: { petId: { type: integer }, user: { type: string } } }", with: "properties: { petId: { type: integer }, user: { type: string } }, additionalProperties: true }")
        let path = try RunCommandTests.files(document)
        let result = try await CLI.run(["run", path, "--dry-run", "--input", "petId=1"] + options)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
        #expect(result.stdout == "")
    }

    /// A schema that takes other properties (`additionalProperties` other than `false`) takes any name.
    @Test func aSchemaThatTakesOtherPropertiesTakesAnyName() async throws {
        let document = RunCommandTests.document.replacing(
            "properties: { petId: { type: integer }, user: { type: string } } }", with: "properties: { petId: { type: integer }, user: { type: string } }, additionalProperties: true }")
        let path = try RunCommandTests.files(document)
        let result = try await CLI.run(["run", path, "--dry-run", "--input", "petId=1", "--input", "usr=ann"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}

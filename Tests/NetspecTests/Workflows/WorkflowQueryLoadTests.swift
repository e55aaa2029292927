import Netspec
import NetspecWorkflows
import Testing

/// Every query a workflow document writes is compiled at load (docs/workflows.md, "What is checked
/// at load"): a Selector Object's `selector` by its `type`, a replacement's `target` by its
/// `targetSelectorType`, a `regex`, `jsonpath` or `xpath` criterion's condition by its type — each
/// malformed one an error at its own file:line:column, all of a document's at once, where before
/// it failed mid-run, after earlier steps had changed the server. One valid and one malformed
/// query of each kind (`Fixtures/arazzo/checks/queries*.arazzo.yaml`).
@Suite struct WorkflowQueryLoadTests {
    static let folder = WorkflowLoadingTests.folder + "/checks"

    /// A query of the document: its kind, its place, and the error it gets (`nil`: it loads).
    typealias Case = (kind: String, place: String, error: String?)

    static let step = "workflow 'queries': step"
    static let cases11: [Case] = [
        ("jsonpointer selector", "17:57", nil),
        ("jsonpointer selector", "20:57", "\(step) 'select': parameter 'X-Status': the selector 'status' is not a JSON pointer (RFC 6901): it starts with '/' (/items/0/id), or is empty for the whole value"),
        ("jsonpath criterion", "24:24", nil),
        ("jsonpath criterion", "27:24", "\(step) 'select': criterion '$[?@.status = 'sold']': the condition is not a JSONPath query (RFC 9535): column 13: expected ',' or ']' after a selector"),
        ("jsonpath criterion with an embedded expression", "30:24", nil),
        ("xpath criterion", "33:24", nil),
        ("xpath criterion (xpath-30)", "36:24", "\(step) 'select': criterion '//pet[': the condition is not in the XPath subset Netspec runs: column 7: expected an expression"),
        ("regex criterion", "39:24", nil),
        ("regex criterion", "42:24", "\(step) 'select': criterion '^2(\\d\\d$': the condition '^2(\\d\\d$' is not a regular expression this engine can run (expected ')')"),
        ("jsonpath selector", "45:55", nil),
        ("jsonpath selector", "46:56", "\(step) 'select': output 'broken': the selector '$[0' is not a JSONPath query (RFC 9535): column 4: expected ',' or ']' after a selector"),
        ("xpath selector", "47:54", nil),
        ("xpath selector", "48:53", "\(step) 'select': output 'sum': the selector '/pets/pet + 1' is not in the XPath subset Netspec runs: column 11: arithmetic is not in the XPath subset Netspec runs"),
        ("jsonpointer selector (rfc6901)", "49:55", "\(step) 'select': output 'tilde': the selector '/a~2b' is not a JSON pointer (RFC 6901): column 3: '~' is followed by '0' or '1' ('~0' is '~', '~1' is '/')"),
        ("selector context", "50:28", "\(step) 'select': output 'bare': 'response.body' is not a runtime expression: it starts with '$' ($inputs.…, $steps.…, $response.body…)"),
        ("jsonpointer target", "57:23", nil),
        ("jsonpointer target", "59:23", "\(step) 'replace': replacement 'user/name': the target is not a JSON pointer (RFC 6901): it starts with '/' (/items/0/id), or is empty for the whole value"),
        ("jsonpath target", "61:23", nil),
        ("jsonpath target", "64:23", "\(step) 'replace': replacement '$.tags[': the target is not a JSONPath query (RFC 9535): column 8: expected a selector and ']'"),
        ("xpath target", "67:23", nil),
        ("xpath target", "70:23", "\(step) 'replace': replacement '//user/name[': the target is not in the XPath subset Netspec runs: column 13: expected an expression"),
        ("xpath target giving a value", "73:23", "\(step) 'replace': replacement 'count(//user)': the XPath gives a value, not nodes: a target is a location path (/order/line, //item/@qty)"),
        ("component parameter's selector", "81:51", "components: parameter 'petHeader': the selector '$..' is not a JSONPath query (RFC 9535): column 4: expected a member name, '*' or '[' after '..'"),
        ("component parameter's expression", "85:14", "components: parameter 'petId': runtime expression '$inputs': '$inputs' needs a name after it ('$inputs.NAME')"),
        ("component action's xpath criterion", "92:22", "components: failureActions 'retryOnOldPets': criterion '//pet[@age >': the condition is not in the XPath subset Netspec runs: column 13: expected an expression"),
        ("component action's simple criterion", "99:22", "components: successActions 'endWhenDone': criterion '$statusCode = 200': condition '$statusCode = 200': column 13: unexpected '=': expected an operator (&&, ||, ==, !=, <, <=, >, >=) or the end"),
    ]

    /// Arazzo 1.0: criteria with the Expression Type Object form, JSON pointer targets.
    static let cases10: [Case] = [
        ("jsonpath criterion (draft-goessner)", "16:24", nil),
        ("jsonpath criterion (draft-goessner)", "21:24", "\(step) 'find': criterion '$.pets[(@.length-1)]': the condition is not a JSONPath query (RFC 9535): column 8: expected a selector: a quoted name, '*', an index, a slice or '?' and a filter"),
        ("xpath criterion (xpath-10)", "26:24", nil),
        ("xpath criterion (xpath-10)", "31:24", "\(step) 'find': criterion '/pets/pet[@id = ]': the condition is not in the XPath subset Netspec runs: column 17: expected a step: a name, '*', '@', '.', '..', text() or node()"),
        ("regex criterion of an action", "40:28", nil),
        ("regex criterion of an action", "43:28", "\(step) 'find': action 'retryOnServerError': criterion '^5[': the condition '^5[' is not a regular expression this engine can run (expected custom character class members)"),
        ("jsonpointer target", "51:23", nil),
        ("jsonpointer target", "53:23", "\(step) 'login': replacement '#/user/name': the target is not a JSON pointer (RFC 6901): it starts with '/' (/items/0/id), or is empty for the whole value (a URI fragment's '#' is not written here)"),
    ]

    static let documents: [(file: String, cases: [Case])] = [("queries.arazzo.yaml", cases11), ("queries-1.0.arazzo.yaml", cases10)]

    /// Each malformed query is said at its place, in document order, all at once; no valid one is.
    @Test(arguments: documents.indices)
    func everyMalformedQueryIsAnErrorAtItsPlace(_ index: Int) async {
        let (name, cases) = Self.documents[index]
        let file = Self.folder + "/" + name
        do {
            _ = try await Workflows.load(path: file)
            Issue.record("\(name) loaded")
        } catch {
            let lines = error.description.split(separator: "\n").map { String($0.dropFirst(file.count + 1)) }
            #expect(lines == cases.compactMap { item in item.error.map { "\(item.place): error: \($0)" } })
            for item in cases where item.error == nil {
                #expect(!lines.contains { $0.hasPrefix(item.place.prefix { $0 != ":" } + ":") }, "\(item.kind) at \(item.place)")
            }
        }
    }

    /// The Arazzo repository's schema tests that pass (ArazzoConformanceTests) have their queries
    /// compiled (their sources, example.com URLs, given the petstore stand-in): all compile but
    /// oauth-example.yaml's `$.access_token != null`, written as a `jsonpath` criterion, which is
    /// not an RFC 9535 query (the repository's examples-1.0.0/oauth.arazzo.yaml writes
    /// `$[?@.access_token != null]`); run, it failed every time.
    @Test func theSchemaTestsQueriesCompile() async throws {
        let stand = WorkflowLoadingTests.folder + "/stand-ins/petstore3.openapi.yaml"
        var found: [String] = []
        for name in ArazzoConformanceTests.passing {
            let path = ArazzoConformanceTests.folder + "/pass/" + name
            let document = try ArazzoDocument.read(path: path)
            let sources = Dictionary(uniqueKeysWithValues: document.sourceDescriptions.map { ($0.name.value, stand) })
            do {
                _ = try await Workflows.load(path: path, sources: sources)
            } catch {
                let queries = [": the selector '", ": the target ", ": the condition ", ": the XPath gives a value", "error: components: "]
                found += error.description.split(separator: "\n").filter { line in queries.contains { line.contains($0) } }.map { "\(name)\($0.dropFirst(path.count))" }
            }
        }
        let criterion = "criterion '$.access_token != null': the condition is not a JSONPath query (RFC 9535): column 16: expected '.', '..' or '[' to start a segment"
        #expect(found == [
            "oauth-example.yaml:63:24: error: workflow 'refresh-token-flow': step 'do-the-refresh': \(criterion)",
            "oauth-example.yaml:103:24: error: workflow 'client-credentials-flow': step 'get-client-creds-token': \(criterion)",
            "oauth-example.yaml:153:24: error: workflow 'authorization-code-flow': step 'browser-authorize': \(criterion)",
            "oauth-example.yaml:173:24: error: workflow 'authorization-code-flow': step 'get-access-token': \(criterion)",
        ])
    }
}

import Netspec
import NetspecCheck
import Testing

/// The fuzz phase's negative cases break a value in one of the coverage phase's ways
/// (docs/check.md): another type, outside its `enum`, and just past a length or range limit or
/// not its `format`.
@Suite struct CheckFuzzTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Limits, version: '1' }
        paths:
          /search:
            get:
              operationId: search
              parameters:
                - { name: q, in: query, required: true, schema: { type: string, minLength: 2, maxLength: 3 } }
              responses: { '200': { description: found }, '400': { description: refused } }
          /page:
            get:
              operationId: page
              parameters:
                - { name: n, in: query, required: true, schema: { type: integer, minimum: 1, maximum: 9 } }
              responses: { '200': { description: found }, '400': { description: refused } }
          /day:
            get:
              operationId: day
              parameters:
                - { name: d, in: query, required: true, schema: { type: string, format: date } }
              responses: { '200': { description: found }, '400': { description: refused } }
        """

    @Test(arguments: [
        ("search", ["q=a", "q=aaaa"]),
        ("page", ["n=0", "n=10", "n=not-a-number", "n=1.5"]),
        ("day", ["d=not-a-date"]),
    ])
    func theNegativeCasesBreakEveryLimit(operation: String, broken: [String]) throws {
        let checker = Checker(spec: try Spec(yaml: Self.document, file: "limits.yaml"))
        let options = CheckOptions(phases: [.fuzz], include: [operation], maxExamples: 60, seed: 1)
        let queries = Set(checker.plannedRequests(baseURL: "http://h", options: options).compactMap { $0.split(separator: "?").last.map(String.init) })
        for value in broken { #expect(queries.contains(value), "\(value) not among \(queries.sorted())") }
    }
}

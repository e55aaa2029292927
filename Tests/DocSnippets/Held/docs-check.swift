// docs/check.md's Swift block, verbatim between `// snippet docs/check.md N` and
// `// end snippet docs/check.md N` (see DocSnippetTests).

import Netspec

// snippet docs/check.md 1
import NetspecCheck

// end snippet docs/check.md 1
// snippet docs/check.md 1
func checkTheServer(at base: String) async throws {
    let spec = try Spec.load(path: "petstore.yaml")
    let checker = Checker(spec: spec, provider: Provider(variables: ["BEARER_AUTH": "test-token"]))
    let report = await checker.run(baseURL: base, options: CheckOptions(maxExamples: 20, workers: 4, seed: 1))
    for failure in report.failures {
        print(failure.operation, failure.check.rawValue, failure.message)
        print(failure.reproduceWithCurl)
    }
    assert(report.passed)
}
// end snippet docs/check.md 1

// docs/validation.md's Swift block, verbatim between `// snippet docs/validation.md N` and
// `// end snippet docs/validation.md N` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func validationWarn() async throws {
        // snippet docs/validation.md 1
        let api = Service(spec: try .load(path: "specs/shelter.openapi.yaml"))
        let animal = try await api.call("getAnimal", ["id": "ca-1"], options: CallOptions(responseValidation: .warn))
        for violation in animal.violations { print(violation) }   // "/name must be at least 1 character long (schema at …)"
        // end snippet docs/validation.md 1
    }
}

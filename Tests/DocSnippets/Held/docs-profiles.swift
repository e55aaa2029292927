// docs/profiles.md's Swift block, verbatim between `// snippet docs/profiles.md N` and
// `// end snippet docs/profiles.md N` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func profilesProvider() throws {
        // snippet docs/profiles.md 1
        let spec = try Spec.load(path: "specs/users.yaml")
        let provider = try Provider.profile("staging", for: spec)
        let api = Service(spec: spec, provider: provider)
        // end snippet docs/profiles.md 1
        _ = api
    }
}

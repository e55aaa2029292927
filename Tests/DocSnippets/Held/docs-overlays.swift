// docs/overlays.md's Swift block, verbatim between `// snippet docs/overlays.md N` and
// `// end snippet docs/overlays.md N` (see DocSnippetTests).

// snippet docs/overlays.md 1
import Netspec

// end snippet docs/overlays.md 1

extension DocSnippets {
    static func overlaysLoad() throws {
        // snippet docs/overlays.md 1
        let spec = try Spec.load(path: "openapi.yaml", overlays: ["public.overlay.yaml"])
        for warning in spec.warnings { print(warning) }   // an action that selected nothing, among others
        let service = Service(spec: spec)
        // end snippet docs/overlays.md 1
        _ = service
    }
}

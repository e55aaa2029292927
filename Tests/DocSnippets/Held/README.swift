// README.md's Swift blocks, verbatim between `// snippet README.md N` and `// end snippet README.md N`
// (see DocSnippetTests). Block 1 is a package manifest, parsed by `swift package dump-package` instead.

import Netspec

extension DocSnippets {
    static func readmeThreeLines() async throws {
        // snippet README.md 2
        let api = Service(spec: try .load(path: "specs/users.yaml"))    // base URL, auth and mocks come from the spec
        let user = try await api.getUser(id: "johne")                   // a Response: user["name"]?.string
        let profile: Profile = try await api.getUser(id: "johne")       // or decoded as any Decodable type
        // end snippet README.md 2
        _ = (user, profile)
    }

    static func readmeOpenAPI() async throws {
        // snippet README.md 3
        let petstore = Service(spec: try .load(path: "specs/petstore.openapi.yaml"))
        let pets = try await petstore.listPets(tags: ["a", "b"], xRequestID: "r1")   // X-Request-ID, by its camelCase alias
        // end snippet README.md 3
        _ = pets
    }
}

/// One sub-resource a stateful mock server keeps that is not a collection's item: a path with
/// `PUT`, `GET` and `DELETE` (and no `POST`) that is neither a collection nor its item, whose `GET`
/// declares a 404 or whose document shows it there at the start — GitHub's `/gists/{gist_id}/star`,
/// `/user/following/{username}`, `/repos/{owner}/{repo}/subscription`,
/// `/repos/{owner}/{repo}/interaction-limits`. `PUT` stores it, `PATCH` merges into it, `GET`
/// reads it (a 404 when it is not there), `DELETE` removes it; each set of path values is one
/// (`/gists/1/star` apart from `/gists/2/star`), inferred from the document (``ResourceInference``).
package struct InferredSingleton: Sendable {
    /// What an endpoint does to the sub-resource.
    package enum Role: String, Sendable {
        /// `PUT`: stores it (its body, when the request has one; else its presence).
        case store
        /// `GET`: answers it, or the declared 404.
        case read
        /// `DELETE`: removes it.
        case remove
        /// `PATCH`: merges the request's patch into what it holds.
        case merge
    }

    /// The path template (`/gists/{gist_id}/star`).
    package var path: String
    /// The path's placeholders, in order: the values that tell one apart from another.
    package var placeholders: [String]
    /// The endpoints by name, with what each does.
    package var roles: [String: Role]
    /// Whether it is there before any `PUT` (and after a reset): when the `GET`'s success
    /// response has an example, unless an `x-netspec-mock` `present:` says otherwise.
    package var startsPresent: Bool
    /// The item paths of the stored resources it is below (`/gists/{gist_id}`): their deletion
    /// removes it.
    package var parents: [String]

    /// The line `--stateful -v` prints: `/gists/{gist_id}/star: sub-resource per {gist_id}, below
    /// /gists/{gist_id}, starts absent; store (PUT), read (GET), remove (DELETE)` (no `store (PUT),
    /// ` for a path without `PUT`; `, merge (PATCH)` after them when the path has a `PATCH`).
    package var summary: String {
        let per = placeholders.isEmpty ? "one sub-resource" : "sub-resource per " + placeholders.map { "{\($0)}" }.joined(separator: ", ")
        let below = parents.last.map { ", below \($0)" } ?? ""
        let store = roles.values.contains(.store) ? "store (PUT), " : ""
        let merge = roles.values.contains(.merge) ? ", merge (PATCH)" : ""
        return "\(path): \(per)\(below), starts \(startsPresent ? "present" : "absent"); \(store)read (GET), remove (DELETE)\(merge)"
    }
}

extension ResourceInference {
    /// The sub-resources of the paths that are not the resources' (``InferredSingleton``): a path
    /// with `GET` and `DELETE` and no `POST`, whose `GET` does not answer a scalar and declares a
    /// 404 (the answer when it is not there), or, declaring none, starts present (the document
    /// shows it there: GitHub's `/notifications/threads/{thread_id}/subscription`, whose read
    /// after its `DELETE` is the mock's own 404). Its `PUT`, if any, stores it; its `PATCH`
    /// merges. Without a `PUT` nothing can put it back, so it is kept only when it starts present:
    /// an item the document shows whose collection cannot create (OpenAI's
    /// `/chatkit/threads/{thread_id}`), read until its `DELETE` and the 404 after.
    static func singletons(paths: [String], byPath: [String: [Endpoint]], hints: [String: ResourceHints], resources: [InferredResource]) -> [InferredSingleton] {
        let taken = Set(resources.flatMap { [$0.collectionPath, $0.createPath, $0.itemPath] })
        var found: [InferredSingleton] = []
        for path in paths where !taken.contains(path) {
            let endpoints = byPath[path] ?? []
            let read = endpoints.first { $0.method == .get }, store = endpoints.first { $0.method == .put }
            guard let read, let remove = endpoints.first(where: { $0.method == .delete }), !endpoints.contains(where: { $0.method == .post }),
                  !answersAScalar(read) else { continue }
            let merge = endpoints.first { $0.method == .patch }
            let given = [read, store, remove, merge].compactMap { $0.flatMap { hints[$0.name]?.present } }.last
            let hasExample = read.responses.success.map { !$0.examples.isEmpty } ?? false
            let startsPresent = given ?? hasExample
            guard startsPresent || (store != nil && read.responses.matching(status: 404)?.status == .code(404)) else { continue }
            var roles: [String: InferredSingleton.Role] = [read.name: .read, remove.name: .remove]
            if let store { roles[store.name] = .store }
            if let merge { roles[merge.name] = .merge }
            found.append(InferredSingleton(
                path: path, placeholders: read.pathTemplate.placeholderNames, roles: roles, startsPresent: startsPresent,
                parents: resources.map(\.itemPath).filter { path.hasPrefix($0 + "/") }.sorted { $0.count < $1.count }
            ))
        }
        return found
    }
}

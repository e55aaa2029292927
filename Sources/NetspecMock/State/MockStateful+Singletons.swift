import Netspec
import NetspecModel

/// The answers of the sub-resources that are not a collection's items (``InferredSingleton``:
/// GitHub's `PUT`, `GET` and `DELETE /gists/{gist_id}/star`).
extension MockStateful {
    /// What an endpoint does to a sub-resource, `nil` for one that is not a sub-resource's.
    func singletonRole(of endpoint: Endpoint) -> (singleton: Int, role: InferredSingleton.Role)? { singletonRoles[endpoint.name] }

    /// The answer to a checked request for a sub-resource's endpoint; `nil` to answer as without
    /// `--stateful` (a read of one present with no body put, a write whose answer has no schema).
    func answer(_ request: Received, endpoint: Endpoint, singleton role: (singleton: Int, role: InferredSingleton.Role)) -> Answer? {
        let singleton = singletons[role.singleton]
        let values = singleton.placeholders.map { Self.decoded(request.pathValues[$0]) }
        let key = MockSingletonState.Key(singleton: role.singleton, values: values)
        let missing = Answer.document(status: 404, detail: "\(request.path) is not there (never put, or deleted)")
        switch role.role {
        case .read:
            switch singletonState.entry(key, startsPresent: singleton.startsPresent) {
            case .absent: return missing
            case .present(.none): return nil
            case let .present(.some(body)): return storedAnswer(body, endpoint: endpoint)
            }
        case .store:
            let body: JSONValue? = request.body.isEmpty ? .none : Self.members(of: request, endpoint: endpoint)
            singletonState.write(.present(body), at: key, startsPresent: singleton.startsPresent)
            return body.flatMap { storedAnswer($0, endpoint: endpoint) }
        case .remove:
            let before = singletonState.write(.absent, at: key, startsPresent: singleton.startsPresent)
            // Deleting one that is not there: the operation's own 404 when it declares one.
            if before == .absent, endpoint.responses.matching(status: 404)?.status == .code(404) { return missing }
            return nil
        case .merge:
            // Merged into what it holds (its base when no body was put), as an item's `PATCH`.
            let patch = Self.members(of: request, endpoint: endpoint)
            // Made at start-up for every sub-resource with a `PATCH`.
            let base = singletonBases[role.singleton] ?? .object([:])
            do throws(JSONPatch.Failure) {
                let merged = try singletonState.update(key, startsPresent: singleton.startsPresent) { (entry: MockSingletonState.Entry) throws(JSONPatch.Failure) in
                    guard case let .present(held) = entry else { return entry }
                    return .present(try JSONPatch.patched(held ?? base, by: patch, contentType: request.contentType))
                }
                guard case let .present(.some(body)) = merged else { return missing }
                return storedAnswer(body, endpoint: endpoint)
            } catch {
                return Self.unpatchable(error)
            }
        }
    }

    /// What a sub-resource holds when it is there with no body put: the JSON its `GET` answers
    /// then, else `{}` (``singletonBases``).
    static func base(of singleton: InferredSingleton, in spec: Spec) -> JSONValue {
        guard let read = singleton.roles.first(where: { $0.value == .read }).flatMap({ spec.endpoint(named: $0.key) }),
              let mock = try? read.mockAnswer(), mock.contentType.map(MediaType.isJSON) == true,
              let value = try? JSONValue(parsing: mock.body) else { return .object([:]) }
        return value
    }

    /// A stored body as an endpoint's success answer: conformed to its JSON schema; no body for
    /// a success without content (204); `nil` (as without `--stateful`) for one with other content.
    private func storedAnswer(_ body: JSONValue, endpoint: Endpoint) -> Answer? {
        let shape = shapes[endpoint.name] ?? AnswerShape(endpoint)
        if let schema = shape.schema { return .json(status: shape.status, value: Self.conformed(body, to: schema)) }
        return shape.hasContent ? nil : .json(status: shape.status, value: nil)
    }

    /// Forgets the sub-resources below an item of the resource at `index` just deleted
    /// (`/gists/1/star` with `/gists/1`): those ``singletonsBelow`` lists for it.
    func forgetSingletons(below index: Int, pathValues: [String: String]) {
        let below = singletonsBelow[index]
        guard !below.isEmpty else { return }
        let resource = resources[index]
        let values = (resource.parentPlaceholders + [resource.idPlaceholder]).map { Self.decoded(pathValues[$0]) }
        singletonState.forget(below: values, singletons: below)
    }

    /// The sub-resources below each resource's items, by the resource's index: those whose
    /// parents include its item path (`/gists/{gist_id}/star` for `/gists`), worked out once.
    static func singletons(below resources: [InferredResource], in singletons: [InferredSingleton]) -> [[Int]] {
        resources.map { resource in singletons.indices.filter { singletons[$0].parents.contains(resource.itemPath) } }
    }

    /// The roles of the sub-resources' endpoints, by endpoint name.
    static func roles(of singletons: [InferredSingleton]) -> [String: (singleton: Int, role: InferredSingleton.Role)] {
        var roles: [String: (singleton: Int, role: InferredSingleton.Role)] = [:]
        for (index, singleton) in singletons.enumerated() {
            for (name, role) in singleton.roles { roles[name] = (index, role) }
        }
        return roles
    }

}

import Netspec
import NetspecModel

/// A stateful mock server's answers (`netspec mock --stateful`): the endpoints of the inferred
/// resources (``ResourceInference``) create, read, replace, merge, delete and list items kept
/// in one ``MockStore``; every other endpoint is answered as without `--stateful`.
struct MockStateful: Sendable {
    /// What the responder sends.
    enum Answer: Sendable {
        /// A JSON body (none for `nil`) with the status and headers.
        case json(status: Int, value: JSONValue?, headers: [(name: String, value: String)] = [])
        /// The document's own answer for the status (its 404, its 409), else a problem with the detail.
        case document(status: Int, detail: String)
        /// An RFC 9457 problem.
        case problem(status: Int, title: String, detail: String)
    }

    /// What a request carries that the state needs.
    struct Received {
        var path: String
        var pathValues: [String: String]
        var query: String?
        var contentType: String?
        var body: [UInt8]
        /// The body's members as the request's check parsed them, when it did (a JSON or YAML
        /// object, a form read as JSON members): not parsed again.
        var members: JSONObject? = nil
    }

    let resources: [InferredResource]
    let roles: [String: (resource: Int, role: InferredResource.Role)]
    let store: MockStore
    /// Each resource endpoint's success answer, read once from the document.
    let shapes: [String: AnswerShape]
    /// Seeds of the values made for server-owned members.
    let seeds = MockSeeds(base: 1)
    /// The schemas answers are conformed to, by endpoint name (``conformingSchemas(of:)``).
    let conforming: [String: JSONSchema]
    /// The resources each endpoint below an item path is below, by endpoint name (``parents(in:resources:)``).
    let parents: [String: [Int]]
    /// The sub-resources that are not a collection's items (``InferredSingleton``), their
    /// endpoints' roles and what is written to them.
    let singletons: [InferredSingleton]
    let singletonRoles: [String: (singleton: Int, role: InferredSingleton.Role)]
    /// The sub-resources below each resource's items, by the resource's index (``singletons(below:in:)``):
    /// a `DELETE` forgets those without going over every sub-resource.
    let singletonsBelow: [[Int]]
    let singletonState = MockSingletonState()
    /// What each sub-resource with a `PATCH` holds when it is there with no body put (at the
    /// start, or after a `PUT` without one), which the `PATCH` merges into: the JSON its `GET`
    /// answers then (the document's example, else a value from its schema), else `{}`; `nil` for
    /// one without a `PATCH`, whose `GET` answer is not written at start-up for nothing.
    let singletonBases: [JSONValue?]

    /// The resources of a spec, and the store filled with the seeds: `seedData` (collection path →
    /// items) when given, else the document's examples.
    ///
    /// - Throws: ``MockServer/StateError`` for seed data that names no collection or is not a list of objects.
    init(spec: Spec, seedData: [String: JSONValue]?) throws(MockServer.StateError) {
        let inference = ResourceInference(spec: spec)
        resources = inference.resources
        var roles: [String: (resource: Int, role: InferredResource.Role)] = [:]
        for (index, resource) in resources.enumerated() {
            for (name, role) in resource.roles { roles[name] = (index, role) }
        }
        self.roles = roles
        singletons = inference.singletons
        singletonRoles = Self.roles(of: inference.singletons)
        singletonsBelow = Self.singletons(below: inference.resources, in: inference.singletons)
        // `.none`, not `nil`: JSONValue is ExpressibleByNilLiteral.
        singletonBases = inference.singletons.map { singleton -> JSONValue? in
            singleton.roles.values.contains(.merge) ? .some(Self.base(of: singleton, in: spec)) : .none
        }
        var shapes: [String: AnswerShape] = [:]
        for endpoint in spec.endpoints where roles[endpoint.name] != nil || singletonRoles[endpoint.name] != nil {
            shapes[endpoint.name] = AnswerShape(endpoint, creates: roles[endpoint.name]?.role == .create)
        }
        self.shapes = shapes
        conforming = Self.conformingSchemas(of: resources)
        parents = Self.parents(in: spec, resources: resources)
        let state = if let seedData { try MockSeedData.state(from: seedData, resources: resources) } else { MockSeedData.state(examplesOf: spec, resources: resources) }
        // Deleted ids are remembered only where a path below the item can ask for them.
        store = MockStore(seeds: state, remembersDeletions: Set(parents.values.joined()))
    }

    /// What an endpoint does to a resource, `nil` for one that is not a resource's.
    func role(of endpoint: Endpoint) -> (resource: Int, role: InferredResource.Role)? { roles[endpoint.name] }

    /// The status an endpoint of the state answers with when it succeeds (its success
    /// response's), whose media types the request's `Accept` must take.
    func successStatus(of endpoint: Endpoint) -> Int {
        (shapes[endpoint.name] ?? AnswerShape(endpoint)).status
    }

    /// The state back to its seeds: the items, and the sub-resources' initial states.
    func reset() {
        store.reset()
        singletonState.reset()
    }

    /// The answer to a checked request for `endpoint`, whose role is `role`.
    func answer(_ request: Received, endpoint: Endpoint, role: (resource: Int, role: InferredResource.Role)) -> Answer {
        let resource = resources[role.resource]
        let maker = MockItemMaker(resource: resource)
        let key = MockStore.Key(resource: role.resource, parents: resource.parentPlaceholders.map { Self.decoded(request.pathValues[$0]) })
        let body = Self.members(of: request, endpoint: endpoint)
        switch role.role {
        case .create:
            return create(body, request: request, endpoint: endpoint, resource: role.resource, key: key, maker: maker)
        case .list:
            return list(store.items(in: key), request: request, endpoint: endpoint, resource: resource)
        default:
            break
        }
        let id = maker.idText(.string(Self.decoded(request.pathValues[resource.idPlaceholder]))) ?? ""
        // Its text is made only for an item that is not there.
        func missing() -> Answer { .document(status: 404, detail: "\(resource.collectionPath) has no item with \(resource.idPlaceholder) \(id)") }
        switch role.role {
        case .read:
            return store.item(id, in: key).map { itemAnswer($0, endpoint: endpoint) } ?? missing()
        case .replace:
            let changed = store.update(id, in: key) { old in maker.item(from: body, id: id, previous: old, seed: seeds.next()) }
            return changed.map { itemAnswer($0, endpoint: endpoint) } ?? missing()
        case .merge:
            do throws(JSONPatch.Failure) {
                let changed = try store.update(id, in: key) { (old: JSONValue) throws(JSONPatch.Failure) -> JSONValue in
                    var patched = try JSONPatch.patched(old, by: body, contentType: request.contentType)
                    // A merge patch that is no object (GitHub's gist update takes `null`) changes
                    // no member: the item stays as it is.
                    if patched.object == nil, !JSONPatch.isJSONPatch(request.contentType) { patched = old }
                    try unfit(patched, previous: old, patch: body, contentType: request.contentType, endpoint: endpoint, resource: resource)
                    return maker.item(from: patched, id: id, previous: old, seed: seeds.next())
                }
                return changed.map { itemAnswer($0, endpoint: endpoint) } ?? missing()
            } catch {
                return Self.unpatchable(error)
            }
        case .delete:
            guard let removed = store.item(id, in: key), store.remove(id, in: key) else { return missing() }
            forgetSingletons(below: role.resource, pathValues: request.pathValues)
            return describedAnswer(removed, endpoint: endpoint)
        case .create, .list:
            return missing()
        }
    }

    private func create(_ body: JSONValue, request: Received, endpoint: Endpoint, resource index: Int, key: MockStore.Key, maker: MockItemMaker) -> Answer {
        let id = maker.givenID(in: body) ?? maker.newID(store: store, index: index)
        let item = maker.item(from: body, id: id, seed: seeds.next())
        // An id already stored is the document's 409 when it declares one (its example, or a
        // body from its schema, as a 404 is); else the create
        // replaces the item (Docker's `POST /volumes/create` of a name it has answers 201 too),
        // so that every answer is one the document describes.
        if store.upsert(item, id: id, in: key, replacing: { endpoint.responses.matching(status: 409) == nil }) == .taken {
            return .document(status: 409, detail: "\(resources[index].collectionPath) already has an item with \(resources[index].idPlaceholder) \(id)")
        }
        var headers: [(name: String, value: String)] = []
        if resources[index].declaresLocation {
            var collection = request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
            // Created by `POST /volumes/create`: the item is below `/volumes`.
            if resources[index].createPath != resources[index].collectionPath, let slash = collection.lastIndex(of: "/") {
                collection = String(collection[..<slash])
            }
            var encoded: [UInt8] = []
            PercentEncoding.append(id, to: &encoded, style: .pathSegment)
            headers.append(("Location", collection + "/" + String(decoding: encoded, as: UTF8.self)))
        }
        let answer = describedAnswer(item, endpoint: endpoint, id: (maker.idValue(id), resources[index]))
        guard case let .json(status, value, _) = answer else { return answer }
        return .json(status: status, value: value, headers: headers)
    }

    /// An endpoint's success answer as the document declares it.
    struct AnswerShape: Sendable {
        var status: Int
        /// Its JSON schema, if it declares one.
        var schema: JSONSchema?
        /// The member holding the item when the schema is an object of one (`{pet: {...}}`).
        var wrapper: String?
        /// Whether it has a body: content or an example (not a 204); one not declared (a Netspec
        /// spec's endpoint without `mock:`) has.
        var hasContent: Bool

        /// The shape of `endpoint`'s success answer: its first success response's; for a create
        /// (`creates`) that declares `201` beside it (Kubernetes' `200`, `201` and `202`), the 201's.
        init(_ endpoint: Endpoint, creates: Bool = false) {
            var success = endpoint.responses.success
            schema = ResourceInference.successSchema(of: endpoint)?.schema
            if creates, let status = ResourceInference.createdStatus(of: endpoint), let created = endpoint.responses.declared.first(where: { $0.status == status }) {
                success = created
                schema = ResourceInference.successSchema(of: endpoint, status: status)?.schema
            }
            status = success.map { $0.status == .default ? 200 : $0.status.representativeCode } ?? 200
            wrapper = ResourceInference.unwrapped(schema).1
            hasContent = success.map { !$0.content.isEmpty || !$0.examples.isEmpty } ?? true
        }
    }

    /// An item as an endpoint's success answer: as stored, or wrapped in the member that holds
    /// it when the answer's schema is an object of one such member (`{pet: {...}}`); no body for
    /// a response without content (204).
    func itemAnswer(_ stored: JSONValue, endpoint: Endpoint) -> Answer {
        let item = conforming[endpoint.name].map { Self.conformed(stored, to: $0) } ?? stored
        let shape = shapes[endpoint.name] ?? AnswerShape(endpoint)
        guard let schema = shape.schema else {
            return .json(status: shape.status, value: shape.hasContent ? item : Optional<JSONValue>.none)
        }
        if let wrapper = shape.wrapper {
            var object = schema.example(direction: .response, seed: nil)?.object ?? [:]
            object[wrapper] = item
            return .json(status: shape.status, value: .object(object))
        }
        return .json(status: shape.status, value: item)
    }

    /// A create's or a `DELETE`'s answer: the item when the answer's schema takes it, else the
    /// answer the schema describes with the item's members it declares (OpenAI's and Stripe's
    /// deletes, `{id, object, deleted: true}`: the item's `id` and `object`, `deleted` made) and,
    /// for a create, the new id in its id member (Docker's `POST /networks/create`, `{Id, Warning}`).
    func describedAnswer(_ item: JSONValue, endpoint: Endpoint, id: (value: JSONValue, resource: InferredResource)? = nil) -> Answer {
        let shape = shapes[endpoint.name] ?? AnswerShape(endpoint)
        guard let schema = shape.schema, shape.wrapper == nil else { return itemAnswer(item, endpoint: endpoint) }
        // A create answering a schema of its own (Docker's `{Id, Warning}`) answers its members
        // only, even where the item (completed by that schema too) would pass it.
        let ownSchema = id.map { created in created.resource.itemSchema.map { !schema.isSame(as: $0) } ?? false } ?? false
        let undeclared = ownSchema && {
            let names = Set(schema.propertyNames)
            return !names.isEmpty && (item.object?.keys.contains { !names.contains($0) } ?? false)
        }()
        guard undeclared || !schema.isValid(item, direction: .response) else { return itemAnswer(item, endpoint: endpoint) }
        var answer = schema.example(direction: .response, seed: nil)?.object ?? [:]
        for name in schema.propertyNames {
            guard let value = item.object?[name], schema.property(named: name)?.validate(value, direction: .response).isEmpty ?? false else { continue }
            answer[name] = value
        }
        // A create answering the item beside other members (DigitalOcean's `{droplet: {…}, links:
        // {…}}`, one of two shapes): the item is in the member its read wraps it in.
        if let resource = id?.resource, let member = resource.readEndpoint.flatMap({ shapes[$0]?.wrapper }),
           answer[member] != nil || schema.property(named: member) != nil {
            answer[member] = item
        }
        if let (value, resource) = id, let field = ResourceInference.idMember(
            placeholder: resource.idField ?? resource.idPlaceholder, collection: "", schema: schema
        ), schema.property(named: field)?.validate(value, direction: .response).isEmpty ?? false {
            answer[field] = value
        }
        return .json(status: shape.status, value: .object(answer))
    }

    /// A request body's members: as the request's check parsed them, when it did; else a form's
    /// items (Stripe creates with a form) as the objects their bracket names write, typed by the
    /// body's schema; a YAML body's value; a JSON body's.
    static func members(of request: Received, endpoint: Endpoint) -> JSONValue {
        guard !request.body.isEmpty else { return .object([:]) }
        if let members = request.members { return .object(members) }
        if let type = request.contentType, MockRequestPlan.baseType(of: type) == "application/x-www-form-urlencoded" {
            let items = ReceivedRequest.items(String(decoding: request.body, as: UTF8.self))
            return .object(MockRequestReader.BodyReader.members(ofItems: items, schema: try? endpoint.requestSchema))
        }
        if let type = request.contentType, MediaType.isYAML(type), case let .success(json) = MockRequestReader.BodyReader.jsonBytes(ofYAML: request.body) {
            return (try? JSONValue(parsing: json)) ?? .object([:])
        }
        return (try? JSONValue(parsing: request.body)) ?? .object([:])
    }

    /// The answer to a `PATCH` whose JSON Patch cannot be applied, or whose result the item's
    /// schema does not take: a 422 problem saying why.
    static func unpatchable(_ failure: JSONPatch.Failure) -> Answer {
        let detail = failure.breaksSchema ? failure.message : "the JSON Patch cannot be applied: \(failure.message)"
        return .problem(status: 422, title: "Unprocessable Content", detail: detail)
    }

    /// Throws when a patched item no longer fits the item's schema, as a `PUT` of it would be
    /// refused by its check: it is not an object, a member the patch changed holds a value
    /// the member's schema does not take (`/year` set to `"nan"` for an integer), or a member the
    /// item's schema requires was removed (`{"title": null}`, `remove /title`). A member a
    /// merge patch's own schema declares was checked with the request (a value the request may
    /// send but an answer may not is made anew, as a create's is); `readOnly` members keep
    /// their stored values and `writeOnly` ones are not stored, so neither is judged.
    func unfit(
        _ patched: JSONValue, previous: JSONValue, patch: JSONValue, contentType: String?, endpoint: Endpoint, resource: InferredResource
    ) throws(JSONPatch.Failure) {
        guard case let .object(item) = patched else {
            let kind = patched.kindName
            let article = kind.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
            throw JSONPatch.Failure(message: "the patched item must be a JSON object, not \(article) \(kind)", breaksSchema: true)
        }
        let vouched = !JSONPatch.isJSONPatch(contentType) ? Set((try? endpoint.requestSchema)?.propertyNames ?? []) : []
        var problems: [String] = []
        let required = Set(resource.itemSchema?.requiredNames ?? [])
        for member in resource.members where member.name != resource.idField && !member.isReadOnly && !member.isWriteOnly && !vouched.contains(member.name) {
            guard let value = item[member.name] else {
                // Removed: made up again, it would be a value the client never sent.
                if required.contains(member.name), previous.object?[member.name] != nil {
                    problems.append("/\(member.name) was removed, which the schema requires")
                }
                continue
            }
            guard value != previous.object?[member.name] else { continue }
            for violation in member.schema.validate(value, direction: .request) {
                problems.append("/\(member.name)\(violation.instancePath) \(violation.message)")
            }
        }
        guard problems.isEmpty else {
            throw JSONPatch.Failure(message: "the patched item does not fit the schema: " + problems.joined(separator: "; "), breaksSchema: true)
        }
    }

    static func decoded(_ value: String?) -> String {
        PercentEncoding.decoded(value ?? "", plusIsSpace: false)
    }
}

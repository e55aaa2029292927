/// Finds the resources a stateful mock keeps, with no configuration: a path with `POST` whose
/// path with one more placeholder segment (`/pets` and `/pets/{petId}`) has `GET` is a
/// resource, unless the item's `GET` or the `POST` answers a scalar (a string holds no item);
/// `GET` of the collection (unless it answers a scalar) lists it, and `GET`, `PUT`, `PATCH` and
/// `DELETE` of the item read, replace, merge and delete. The id is the item path's placeholder (its type from its
/// parameter's schema), the item's schema the item `GET`'s JSON answer (unwrapped when that is an
/// object of one member holding an object, `{pet: {...}}`). A collection without `POST` of its own
/// is created by `POST` of its `/create` path (Docker's `POST /volumes/create` for `/volumes` and
/// `/volumes/{name}`). `x-netspec-mock` changes what is found (``ResourceHints``).
package struct ResourceInference {
    /// The last segment of a path whose `POST` creates in the collection above it when that
    /// collection has no `POST` of its own (Docker's `/volumes/create`, `/networks/create`).
    package static let createSegment = "/create"

    package private(set) var resources: [InferredResource] = []
    /// The sub-resources kept that are not a collection's items (GitHub's `/gists/{gist_id}/star`).
    package private(set) var singletons: [InferredSingleton] = []
    /// What is wrong with the hints, one sentence each.
    package private(set) var problems: [String] = []

    package init(spec: Spec) {
        var byPath: [String: [Endpoint]] = [:]
        var paths: [String] = []
        var hints: [String: ResourceHints] = [:]
        for endpoint in spec.endpoints where !endpoint.pathTemplate.isAbsoluteURL && endpoint.stream == nil {
            let hint = ResourceHints(endpoint.mockResource, endpoint: endpoint.name, problems: &problems)
            hints[endpoint.name] = hint
            guard hint.isResource else { continue }
            let path = Self.shape(of: endpoint.pathTemplate)
            if byPath[path] == nil { paths.append(path) }
            byPath[path, default: []].append(endpoint)
        }
        // A `/create` path is its parent's create, the parent a collection even with no operation of its own.
        var collections = paths.filter { !Self.isCreatePath($0) }
        for path in paths where Self.isCreatePath(path) && !collections.contains(String(path.dropLast(Self.createSegment.count))) {
            collections.append(String(path.dropLast(Self.createSegment.count)))
        }
        for path in collections {
            let post = { (path: String) in byPath[path]?.first { $0.method == .post } }
            guard let create = post(path) ?? post(path + Self.createSegment) else { continue }
            let items = paths.filter { $0.hasPrefix(path + "/{") && !$0.dropFirst(path.count + 2).contains("/") && $0.hasSuffix("}") }
            guard let itemPath = items.first(where: { item in byPath[item]?.contains { $0.method == .get } ?? false }),
                  let read = byPath[itemPath]?.first(where: { $0.method == .get }),
                  !Self.answersAScalar(read), !Self.answersAScalar(create) else { continue }
            let list = byPath[path]?.first { $0.method == .get && !Self.answersAScalar($0) }
            var endpoints = [create] + (list.map { [$0] } ?? [])
            // An item path with `POST` and neither `PATCH` nor `PUT` updates by `POST` (Stripe's
            // `POST /v1/customers/{customer}`: "any parameters not provided will be left
            // unchanged"); beside a `PUT` it is something else (Gitea's `POST …/contents/{filepath}` creates).
            let itemOperations = byPath[itemPath] ?? []
            let updatesByPOST = !itemOperations.contains { $0.method == .patch || $0.method == .put }
            endpoints += itemOperations.filter { [.get, .put, .patch, .delete].contains($0.method) || (updatesByPOST && $0.method == .post) }
            var merged = ResourceHints(nil, endpoint: "", problems: &problems)
            for endpoint in endpoints {
                guard let hint = hints[endpoint.name] else { continue }
                merged.idField = hint.idField ?? merged.idField
                merged.ids = hint.ids ?? merged.ids
                merged.wrapper = hint.wrapper ?? merged.wrapper
            }
            resources.append(Self.resource(collection: path, create: create, list: list, read: read, itemEndpoints: endpoints, hints: merged))
        }
        singletons = Self.singletons(paths: paths, byPath: byPath, hints: hints, resources: resources)
    }

    /// Whether a path is a `/create` path below a collection (`/volumes/create`).
    static func isCreatePath(_ path: String) -> Bool {
        path.hasSuffix(createSegment) && path.count > createSegment.count
    }

    /// A template's path with placeholders as `{name}` (`{+path}` as `{path}`), to compare paths.
    package static func shape(of template: PathTemplate) -> String {
        template.segments.map { segment in
            switch segment {
            case let .literal(text): text
            case let .placeholder(name, _, _): "{\(name)}"
            }
        }.joined()
    }

    private static func resource(collection path: String, create: Endpoint, list: Endpoint?, read: Endpoint, itemEndpoints: [Endpoint], hints: ResourceHints) -> InferredResource {
        let idPlaceholder = read.pathTemplate.placeholderNames.last ?? "id"
        // A read answering one of several shapes (Stripe's `anyOf [customer, deleted_customer]`)
        // names no members: the create's answer says what an item is.
        let readSchema = unwrapped(successSchema(of: read)?.schema).0
        let createSchema = successSchema(of: create, status: createdStatus(of: create))?.schema
        let itemSchema = readSchema?.propertyNames.isEmpty ?? true ? unwrapped(createSchema).0 ?? readSchema : readSchema
        let idParameter = read.parameters.first { $0.location == .path && $0.wireName == idPlaceholder }
        let collection = path.split(separator: "/").last.map(String.init) ?? ""
        let idField = hints.idField ?? idMember(placeholder: idPlaceholder, collection: collection, schema: itemSchema, described: idParameter?.summary)
        let idSchema = idField.flatMap { itemSchema?.property(named: $0) } ?? (try? idParameter?.schema)
        var roles: [String: InferredResource.Role] = [create.name: .create]
        for endpoint in itemEndpoints {
            switch endpoint.method {
            case .get where endpoint == read: roles[endpoint.name] = .read
            case .get: roles[endpoint.name] = .list
            case .put: roles[endpoint.name] = .replace
            case .patch: roles[endpoint.name] = .merge
            case .post where endpoint != create: roles[endpoint.name] = .merge
            case .delete: roles[endpoint.name] = .delete
            default: continue
            }
        }
        let declaresLocation = create.responses.declared.contains { response in
            response.status.isSuccess && response.headers.contains { $0.name.lowercased() == "location" }
        }
        let wrapper = hints.wrapper ?? list.flatMap { listWrapper(successSchema(of: $0)?.schema, item: itemSchema) }
        let answers = answerSchemas(roles: roles, endpoints: itemEndpoints, listWrapper: wrapper)
        let members = Self.members(item: itemSchema, create: create, endpoints: itemEndpoints, answers: answers)
        var resource = InferredResource(
            collectionPath: path, createPath: shape(of: create.pathTemplate), itemPath: shape(of: read.pathTemplate), idPlaceholder: idPlaceholder,
            parentPlaceholders: create.pathTemplate.placeholderNames, idField: idField, ids: hints.ids ?? idKind(idSchema),
            itemSchema: itemSchema, members: members, answerSchemas: answers, listWrapper: wrapper,
            declaresLocation: declaresLocation, roles: roles, listEndpoint: list?.name, readEndpoint: read.name
        )
        resource.idParent = idField == nil ? idParent(placeholder: idPlaceholder, schema: itemSchema) : nil
        if let idField, idField.lowercased().hasSuffix("name"), let body = try? create.requestSchema, body.property(named: idField) == nil {
            resource.givenIDMember = namingMember(placeholder: idPlaceholder, schema: body, item: itemSchema)
        }
        resource.mergesByPOST = itemEndpoints.contains { $0.method == .post && roles[$0.name] == .merge }
        return resource
    }

    /// The members items are completed by: the item schema's, then those of each other answer
    /// schema it lacks, in the endpoints' order (``InferredResource/members``) — but not those of
    /// a create's answer of a schema of its own (Docker's `POST /networks/create`, `{Id, Warning}`
    /// for a `Network`; OpenAI's admin key's create, which adds the `value` "only shown on
    /// create"), which is none of the item's (the mock makes that answer apart), save that a
    /// member `writeOnly` in it stays `writeOnly`, so it is not stored (Airflow's user `password`).
    static func members(item: JSONSchema?, create: Endpoint, endpoints: [Endpoint], answers: [String: JSONSchema]) -> [InferredResource.Member] {
        let ownAnswer = item.flatMap { item in answers[create.name].flatMap { $0.isSame(as: item) ? nil : $0 } }
        var distinct = item.map { [$0] } ?? []
        for endpoint in endpoints where ownAnswer == nil || endpoint != create {
            guard let schema = answers[endpoint.name], !distinct.contains(where: { $0.isSame(as: schema) }) else { continue }
            distinct.append(schema)
        }
        var members = InferredResource.Member.of(distinct)
        for member in InferredResource.Member.of(ownAnswer.map { [$0] } ?? []) where member.isWriteOnly {
            if let index = members.firstIndex(where: { $0.name == member.name }) {
                members[index].isWriteOnly = true
            } else {
                members.append(member)
            }
        }
        return members
    }

    /// The schema each endpoint answers an item under: its success answer's, unwrapped (`{pet:
    /// {...}}`); a list's, the schema of its items (in `listWrapper` when it has one); a
    /// `DELETE`'s none (its answer is made apart).
    private static func answerSchemas(roles: [String: InferredResource.Role], endpoints: [Endpoint], listWrapper: String?) -> [String: JSONSchema] {
        var schemas: [String: JSONSchema] = [:]
        for endpoint in endpoints {
            guard let role = roles[endpoint.name], role != .delete,
                  let answer = successSchema(of: endpoint, status: role == .create ? createdStatus(of: endpoint) : nil)?.schema else { continue }
            if role == .list {
                schemas[endpoint.name] = (listWrapper.flatMap { answer.property(named: $0) } ?? answer).itemsSchema
            } else {
                schemas[endpoint.name] = unwrapped(answer).0
            }
        }
        return schemas
    }

    /// Whether an endpoint's success answer is a string, number or Boolean, which holds no item
    /// (Kubernetes' `GET …/pods/{name}/proxy` and `…/proxy/{path}`: `type: string`).
    static func answersAScalar(_ endpoint: Endpoint) -> Bool {
        guard let schema = successSchema(of: endpoint)?.schema, !schema.declaresType("object"), !schema.declaresType("array") else { return false }
        return ["string", "integer", "number", "boolean"].contains { schema.declaresType($0) }
    }

    /// The status a create answers with where it declares 201 beside another success status
    /// (Kubernetes' creates declare 200, 201 and 202): 201, whose schema is the create's answer
    /// schema; `nil` for its first success response's.
    package static func createdStatus(of create: Endpoint) -> ResponseStatus? {
        guard create.responses.success?.status != .code(201), create.responses.declared.contains(where: { $0.status == .code(201) }) else { return nil }
        return .code(201)
    }

    /// The status and compiled JSON schema of an endpoint's success answer (or of its answer
    /// under `status`), if it has one.
    package static func successSchema(of endpoint: Endpoint, status: ResponseStatus? = nil) -> (status: Int, schema: JSONSchema)? {
        for entry in endpoint.responses.schemas where (status.map { entry.status == $0 } ?? entry.status.isSuccess) && (MediaType.isJSON(entry.mediaType) || entry.mediaType.hasPrefix("*/*")) {
            guard let schema = try? entry.schema?.compiled() else { continue }
            return (entry.status.representativeCode, schema)
        }
        return nil
    }

    /// An item's schema out of an answer that wraps it (`{pet: {...}}`: one member, an object
    /// with properties), and the wrapping member; the schema itself otherwise.
    package static func unwrapped(_ schema: JSONSchema?) -> (JSONSchema?, String?) {
        guard let schema else { return (nil, nil) }
        let names = schema.propertyNames
        if names.count == 1, let inner = schema.property(named: names[0]), !inner.propertyNames.isEmpty, !inner.declaresType("array") {
            return (inner, names[0])
        }
        return (schema, nil)
    }

    /// The member of an item that holds its id: the placeholder's own name (in any case); for a
    /// placeholder that is a name — it ends with `name` (`{domain_name}`), its parameter's
    /// `described` text calls it a name and not an id ("The name of the tag" for DigitalOcean's
    /// `{tag_id}`, "name of the organization to get" for Gitea's `{org}`), or it names the
    /// collection's item, which has no `id` (Gitea's `/branches/{branch}`) — a string member
    /// `name`; for a placeholder that names an id (`petId`, `pet_id`, `id`) or the collection's
    /// item (Jupyter's `/api/sessions/{session}`), `id`, else the member it ends with (`PetID` →
    /// `petID`); otherwise none (`{index}`: the id is only in the path).
    package static func idMember(placeholder: String, collection: String, schema: JSONSchema?, described: String? = nil) -> String? {
        guard let schema else { return placeholder }
        // An object or array member (Gitea's issue's `assignee`, a user) cannot hold an id.
        let names = schema.propertyNames.filter { name in
            guard let member = schema.property(named: name) else { return false }
            return !member.declaresType("object") && !member.declaresType("array")
        }
        if names.contains(placeholder) { return placeholder }
        // Docker's `/volumes/{name}` and its volumes' `Name`.
        if let named = names.first(where: { $0.lowercased() == placeholder.lowercased() }) { return named }
        let squeezed = Self.squeezed(placeholder)
        let items = Self.squeezed(collection)
        let namesTheItem = [squeezed, squeezed + "s", squeezed + "es"].contains(items)
        if names.contains("name"), schema.property(named: "name")?.declaresType("string") ?? false,
           squeezed.hasSuffix("name") || callsItAName(described) || (namesTheItem && !names.contains("id")) {
            return "name"
        }
        if names.contains("id"), namesTheItem { return "id" }
        guard squeezed.hasSuffix("id") else { return nil }
        if names.contains("id") { return "id" }
        return names.first { name in name.lowercased().hasSuffix("id") && squeezed.hasSuffix(Self.squeezed(name)) }
    }

    /// A name lowercased without its `-` and `_`, as names are compared across conventions
    /// (`tag_name`, `tagName`, `tag-name`).
    static func squeezed(_ name: String) -> String {
        name.lowercased().filter { $0 != "-" && $0 != "_" }
    }

    /// The object member of `schema` with a string member named `placeholder`, which holds an
    /// item's id when no member of its own does: `metadata` when it has one (a Kubernetes event's
    /// `involvedObject` has a `name` too), else the first.
    package static func idParent(placeholder: String, schema: JSONSchema?) -> String? {
        guard let schema else { return nil }
        let holders = schema.propertyNames.filter { name in
            guard let member = schema.property(named: name), !member.declaresType("array"),
                  let inner = member.property(named: placeholder) else { return false }
            return inner.declaresType("string")
        }
        return holders.contains("metadata") ? "metadata" : holders.first
    }

    /// The string member of a create request's body that names the new item by the
    /// placeholder's name: `tag_name` for `{tag}`; of several, the one required
    /// (`new_branch_name`, not `old_branch_name`, for `{branch}`). Without one, the one required
    /// string member whose name ends in `name` that the item has too: Gitea's org create gives
    /// the org's name as `username`, which its `Organization` also has.
    static func namingMember(placeholder: String, schema: JSONSchema, item: JSONSchema?) -> String? {
        let named = squeezed(placeholder) + "name"
        let strings = schema.propertyNames.filter { schema.property(named: $0)?.declaresType("string") ?? false }
        let members = strings.filter { squeezed($0).hasSuffix(named) }
        if members.count == 1 { return members[0] }
        let required = members.filter(schema.requiredNames.contains)
        if required.count == 1 { return required[0] }
        guard members.isEmpty, let item else { return nil }
        let shared = strings.filter { name in
            schema.requiredNames.contains(name) && squeezed(name).hasSuffix("name") && item.property(named: name) != nil
        }
        return shared.count == 1 ? shared[0] : nil
    }

    /// Whether a parameter's description calls it a name ("The name of the tag") and not an id
    /// ("ID or name of the container", "The unique identifier of the gist").
    static func callsItAName(_ text: String?) -> Bool {
        guard let text else { return false }
        let words = Set(text.lowercased().split { !$0.isLetter && !$0.isNumber })
        return words.contains("name") && words.isDisjoint(with: ["id", "ids", "identifier", "uuid"])
    }

    package static func idKind(_ schema: JSONSchema?) -> InferredResource.IDKind {
        guard let schema else { return .sequence }
        if schema.declaresType("integer") || schema.declaresType("number") { return .sequence }
        return schema.keyword("format") == .string("uuid") ? .uuid : .string
    }

    /// The member of a list's answer that holds its items: none for an array; of an object, the
    /// first array member among the usual names (`data`, `items`, `results`…), else its first
    /// array member — of those whose items have a member of `item` (the item schema) when some
    /// have: GitHub's SCIM user list holds its users in `Resources`, not in its first array,
    /// `schemas`, of strings.
    package static func listWrapper(_ schema: JSONSchema?, item: JSONSchema? = nil) -> String? {
        guard let schema, !schema.declaresType("array") else { return nil }
        var arrays = schema.propertyNames.filter { schema.property(named: $0)?.declaresType("array") ?? false }
        let members = Set(item?.propertyNames ?? [])
        let holding = arrays.filter { name in
            (schema.property(named: name)?.itemsSchema?.propertyNames ?? []).contains(where: members.contains)
        }
        if !holding.isEmpty { arrays = holding }
        return ["data", "items", "results", "content", "records", "values", "value", "list", "elements"].first(where: arrays.contains) ?? arrays.first
    }
}

/// One resource a stateful mock server keeps (`netspec mock --stateful`): a collection path
/// with `POST` (create) and usually `GET` (list), and an item path one placeholder below it
/// (`GET`, `PUT`, `PATCH` — or `POST` where it has no `PATCH` —, `DELETE`), inferred from the
/// document (``ResourceInference``).
package struct InferredResource: Sendable {
    /// What an endpoint does to the resource.
    package enum Role: String, Sendable {
        case create, list, read, replace, merge, delete
    }

    /// How a created item's id is made when the request does not give one.
    package enum IDKind: String, Sendable {
        /// 1, 2, 3…, past the largest integer id stored.
        case sequence
        /// A random UUID (`format: uuid`).
        case uuid
        /// The sequence's number as text (a string id of no other format).
        case string
    }

    /// The collection's path template (`/owners/{ownerId}/pets`).
    package var collectionPath: String
    /// The create operation's path template: the collection's, or its `/create` path where the
    /// collection has no `POST` of its own (Docker's `/volumes/create`).
    package var createPath: String
    /// The item's path template (`/owners/{ownerId}/pets/{petId}`).
    package var itemPath: String
    /// The item path's last placeholder: the id as routed.
    package var idPlaceholder: String
    /// The collection path's placeholders: the parents that keep a nested collection apart.
    package var parentPlaceholders: [String]
    /// The member of a stored item that holds its id (`nil`: the item has none; the id is only
    /// in the path).
    package var idField: String?
    /// The object member of a stored item that holds the id, under the placeholder's name, when
    /// no member of the item's own does: Kubernetes' `metadata`, whose `name` is the `{name}` of
    /// `/api/v1/namespaces/{namespace}/configmaps/{name}` (``ResourceInference/idParent(placeholder:schema:)``).
    package var idParent: String?
    /// The create request's body member that names a new item when the body has no id member
    /// (Gitea's `tag_name` for a tag's `{tag}`, its `name`; `new_branch_name` for `{branch}`).
    package var givenIDMember: String?
    package var ids: IDKind
    /// The schema of a stored item (the item `GET`'s answer, unwrapped), which completes a
    /// created item with its server-owned members.
    package var itemSchema: JSONSchema?
    /// The members a stored item is completed by (read once, not per request): those of the
    /// item schema, then those of every schema in ``answerSchemas`` it lacks, each with every
    /// schema that declares it, so a stored item is what each answer it is returned under asks
    /// for; not those of a create's answer of a schema other than the item schema (Docker's
    /// `{Id, Warning}` for a network), save its `writeOnly` ones, which are not stored.
    package var members: [Member] = []
    /// The schema each endpoint of the resource answers an item under, by endpoint name: the
    /// create's, read's, replace's and merge's answers (unwrapped), the list's items.
    package var answerSchemas: [String: JSONSchema] = [:]
    /// The member of the list's answer that holds the items (`{data: [...]}`); `nil`: a bare array.
    package var listWrapper: String?
    /// Whether the create operation's answer declares a `Location` header.
    package var declaresLocation: Bool
    /// The endpoints by name, with what each does.
    package var roles: [String: Role]
    /// The names of the list endpoint, for the seeds of the document's examples.
    package var listEndpoint: String?
    package var readEndpoint: String?
    /// Whether the merge is the item path's `POST` (it has no `PATCH`: Stripe's updates).
    package var mergesByPOST = false

    /// One member of the item's schemas, as the stateful mock completes an item.
    package struct Member: Sendable {
        package var name: String
        /// The schema its values are made from: the first that declares it (the item schema's,
        /// when it does), unless a later one narrows it (``narrows(_:)``) and it does not.
        package var schema: JSONSchema
        /// Every schema of an answer the item is returned under that declares it, ``schema`` first.
        package var schemas: [JSONSchema]
        /// `readOnly` in any of them (``isWriteOnly`` and ``isRequired`` alike: any).
        package var isReadOnly: Bool
        package var isWriteOnly: Bool
        package var isRequired: Bool
        /// `date-time` or `date`.
        package var format: String?
        /// A `date-time` member stamped again at each change (`updated…`, `modified…`, `changed…`).
        package var changesOnUpdate: Bool

        /// The members of `schemas`, in their order: a member several declare is one, with each
        /// of their schemas for it.
        package static func of(_ schemas: [JSONSchema]) -> [Member] {
            var members: [Member] = []
            var positions: [String: Int] = [:]
            for schema in schemas {
                let required = Set(schema.requiredNames)
                for name in schema.propertyNames {
                    guard let property = schema.property(named: name) else { continue }
                    let isReadOnly = property.keyword("readOnly") == .bool(true), isWriteOnly = property.keyword("writeOnly") == .bool(true)
                    if let position = positions[name] {
                        // The one that says more of a value is made from first (GitHub's list's
                        // `created_at` is a `date-time`, its read's any string).
                        if Self.narrows(property) && !Self.narrows(members[position].schema) {
                            members[position].schemas.insert(property, at: 0)
                            members[position].schema = property
                            let format = property.keyword("format")?.string
                            if format == "date-time" || format == "date" { members[position].format = format }
                        } else {
                            members[position].schemas.append(property)
                        }
                        members[position].isReadOnly = members[position].isReadOnly || isReadOnly
                        members[position].isWriteOnly = members[position].isWriteOnly || isWriteOnly
                        members[position].isRequired = members[position].isRequired || required.contains(name)
                        continue
                    }
                    let format = property.keyword("format")?.string
                    positions[name] = members.count
                    members.append(Member(
                        name: name, schema: property, schemas: [property], isReadOnly: isReadOnly, isWriteOnly: isWriteOnly, isRequired: required.contains(name),
                        format: format == "date-time" || format == "date" ? format : nil,
                        changesOnUpdate: ["updated", "modified", "changed"].contains { name.lowercased().hasPrefix($0) }
                    ))
                }
            }
            return members
        }

        /// Whether a member's schema narrows its values beyond a type (`format`, `enum`, `const`, `pattern`).
        static func narrows(_ schema: JSONSchema) -> Bool {
            ["format", "enum", "const", "pattern"].contains { schema.keyword($0) != nil }
        }
    }

    /// The line `--stateful -v` prints: `/pets → /pets/{petId}: id {petId} in member 'id', sequence ids; create, list, read, delete`.
    package var summary: String {
        let order: [Role] = [.create, .list, .read, .replace, .merge, .delete]
        let operations = order.compactMap { role in roles.values.contains(role) ? role.rawValue + (role == .merge && mergesByPOST ? " (POST)" : "") : nil }
        let holder = idField ?? idParent.map { "\($0).\(idPlaceholder)" }
        let given = givenIDMember.map { ", given as '\($0)'" } ?? ""
        let id = "id {\(idPlaceholder)}" + (holder.map { " in member '\($0)'\(given)" } ?? " (not a member)")
        let wrapper = listWrapper.map { "; list in '\($0)'" } ?? ""
        let created = createPath == collectionPath ? "" : " (created by POST \(createPath))"
        return "\(collectionPath)\(created) → \(itemPath): \(id), \(ids.rawValue) ids; \(operations.joined(separator: ", "))\(wrapper)"
    }
}

/// The `x-netspec-mock` keys an operation or path item may give (a Netspec spec's `mock: {
/// resource: … }`): `resource: false` leaves it out of the stored resources, `id` names the
/// member that holds the id, `ids` how ids are made, `wrapper` the list answer's member that
/// holds the items, `present` whether a sub-resource (``InferredSingleton``) is there at the start.
package struct ResourceHints: Sendable {
    package var isResource = true
    package var present: Bool?
    package var idField: String?
    package var ids: InferredResource.IDKind?
    package var wrapper: String?

    package static let keys = ["resource", "id", "ids", "wrapper", "present"]

    /// The hints of an endpoint, and what is wrong with them (unknown keys, wrong values).
    package init(_ value: JSONValue?, endpoint: String, problems: inout [String]) {
        guard let value else { return }
        let context = "endpoint '\(endpoint)': x-netspec-mock"
        if case let .bool(flag) = value {
            isResource = flag
            return
        }
        guard case let .object(object) = value else {
            problems.append("\(context) must be a mapping with \(Self.keys.joined(separator: ", ")) or a Boolean, found \(value)")
            return
        }
        for (key, member) in object {
            switch (key, member) {
            case let ("resource", .bool(flag)): isResource = flag
            case let ("id", .string(name)): idField = name
            case let ("ids", .string(kind)) where InferredResource.IDKind(rawValue: kind) != nil: ids = InferredResource.IDKind(rawValue: kind)
            case let ("wrapper", .string(name)): wrapper = name
            case let ("present", .bool(flag)): present = flag
            case ("resource", _), ("present", _): problems.append("\(context): '\(key)' must be true or false, found \(member)")
            case ("ids", _): problems.append("\(context): 'ids' must be sequence, uuid or string, found \(member)")
            case ("id", _), ("wrapper", _): problems.append("\(context): '\(key)' must be a member name (a string), found \(member)")
            default: problems.append("\(context): unknown key '\(key)' (it takes \(Self.keys.joined(separator: ", ")))")
            }
        }
    }
}

import Netspec
import NetspecModel

/// A stored item as each answer it is returned under asks for it, and a deleted item's nested
/// paths gone with it.
///
/// A resource's endpoints may answer an item under different schemas (GitHub's gists: a
/// `gist-simple` read, `base-gist` list items). The stored item is completed by all of them
/// but a create's answer of a schema of its own (``InferredResource/members``,
/// ``MockItemMaker``); what no one value can satisfy (two `enum`s of one member, a member one
/// schema requires and another's `additionalProperties: false` refuses) is made per answer here.
extension MockStateful {
    /// The schemas to conform answers to, by endpoint name: every answer schema of a resource
    /// whose endpoints answer under more than one; none for a resource answered under its item
    /// schema alone (the item is made from that schema).
    static func conformingSchemas(of resources: [InferredResource]) -> [String: JSONSchema] {
        var found: [String: JSONSchema] = [:]
        for resource in resources {
            let answers = resource.answerSchemas
            guard let item = resource.itemSchema, answers.values.contains(where: { !$0.isSame(as: item) }) else { continue }
            for (name, schema) in answers { found[name] = schema }
        }
        return found
    }

    /// `item` made valid for `schema` when it is not: a member the schema requires and the item
    /// lacks, or holds a value the schema's member does not take, made from the member's
    /// schema; such an optional member, and a `writeOnly` one, left out; when still not valid,
    /// the members the schema does not declare left out too. An item a schema of no members
    /// (`oneOf`, `anyOf`) does not take is answered as that schema's own value.
    static func conformed(_ item: JSONValue, to schema: JSONSchema) -> JSONValue {
        guard !schema.isValid(item, direction: .response) else { return item }
        let names = schema.propertyNames
        guard case var .object(object) = item, !names.isEmpty else { return schema.example(direction: .response, seed: nil) ?? item }
        let required = Set(schema.requiredNames)
        for name in names {
            guard let property = schema.property(named: name) else { continue }
            if property.keyword("writeOnly") == .bool(true) {
                object[name] = nil
            } else if let value = object[name] {
                guard !property.isValid(value, direction: .response) else { continue }
                object[name] = required.contains(name) ? property.example(direction: .response, seed: nil) : nil
            } else if required.contains(name) {
                object[name] = property.example(direction: .response, seed: nil)
            }
        }
        if !schema.isValid(.object(object), direction: .response) {
            for key in object.map(\.key) where !names.contains(key) { object[key] = nil }
        }
        return .object(object)
    }

    /// For each endpoint below a resource's item path (Airflow's
    /// `/dags/{dag_id}/dagRuns/{dag_run_id}/taskInstances` below a run's), the resources it is below.
    static func parents(in spec: Spec, resources: [InferredResource]) -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for endpoint in spec.endpoints where !endpoint.pathTemplate.isAbsoluteURL {
            let path = ResourceInference.shape(of: endpoint.pathTemplate)
            for (index, resource) in resources.enumerated() where path.hasPrefix(resource.itemPath + "/") {
                found[endpoint.name, default: []].append(index)
            }
        }
        return found
    }

    /// The 404 of a request below an item that was deleted (its nested collection's items and
    /// its sub-resources go with it); `nil` when the request is below none, or below items that
    /// are there or were never created (those answer as without `--stateful`).
    func deletedParent(of endpoint: Endpoint, pathValues: [String: String]) -> Answer? {
        for index in parents[endpoint.name] ?? [] {
            let resource = resources[index]
            let key = MockStore.Key(resource: index, parents: resource.parentPlaceholders.map { Self.decoded(pathValues[$0]) })
            let id = MockItemMaker(resource: resource).idText(.string(Self.decoded(pathValues[resource.idPlaceholder]))) ?? ""
            if store.wasDeleted(id, in: key) {
                return .document(status: 404, detail: "\(resource.collectionPath) has no item with \(resource.idPlaceholder) \(id)")
            }
        }
        return nil
    }
}

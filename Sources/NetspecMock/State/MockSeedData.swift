import Netspec
import NetspecModel

/// The items a stateful mock starts with (and `reset` goes back to): `--seed-data FILE.json`, a
/// map of collection path to items (`{"/pets": [{"id": 1, "name": "Rex"}], "/owners/1/pets":
/// […]}`), else the document's examples of each top-level resource's list (a response example,
/// else one in the answer's schema; else of its item).
/// Each is completed as a created item is (``MockItemMaker``); an item without an id gets the
/// next of the sequence.
enum MockSeedData {
    /// The state `data` describes.
    ///
    /// - Throws: ``MockServer/StateError`` naming the collection path (and item) that is wrong.
    static func state(from data: [String: JSONValue], resources: [InferredResource]) throws(MockServer.StateError) -> MockStore.State {
        var state = MockStore.State()
        let collections = resources.map(\.collectionPath).joined(separator: ", ")
        for (path, value) in data.sorted(by: { $0.key < $1.key }) {
            guard let (index, parents) = resources.indices.lazy.compactMap({ index in parentValues(of: path, template: resources[index].collectionPath).map { (index, $0) } }).first else {
                throw .init("'\(path)' is not a collection of the stateful mock (its collections: \(collections.isEmpty ? "none" : collections))")
            }
            if parents.contains(where: { $0.hasPrefix("{") && $0.hasSuffix("}") }) {
                throw .init("'\(path)' is a nested collection: give its parents' values (\(resources[index].collectionPath) as /owners/1/pets)")
            }
            guard case let .array(items) = value else { throw .init("'\(path)' must be a list of items, found \(value)") }
            for (position, item) in items.enumerated() {
                guard item.object != nil else { throw .init("'\(path)'[\(position)] must be an object, found \(item)") }
                guard add(item, to: &state, resource: resources[index], index: index, parents: parents) else {
                    throw .init("'\(path)'[\(position)]: its id is already given to another item of the collection")
                }
            }
        }
        return state
    }

    /// The state of the document's examples: each top-level resource's list example's items,
    /// else its item example.
    static func state(examplesOf spec: Spec, resources: [InferredResource]) -> MockStore.State {
        var state = MockStore.State()
        for (index, resource) in resources.enumerated() where resource.parentPlaceholders.isEmpty {
            var items: [JSONValue] = []
            if let list = resource.listEndpoint.flatMap(spec.endpoint(named:)), let example = firstExample(of: list) ?? schemaExample(of: list, resource: resource) {
                items = example.array ?? resource.listWrapper.flatMap { example.object?[$0]?.array } ?? []
            }
            if items.isEmpty, let read = resource.readEndpoint.flatMap(spec.endpoint(named:)), let example = firstExample(of: read) {
                let (_, wrapper) = ResourceInference.unwrapped(ResourceInference.successSchema(of: read)?.schema)
                items = [wrapper.flatMap { example.object?[$0] } ?? example]
            }
            for item in items where item.object != nil {
                _ = add(item, to: &state, resource: resource, index: index, parents: [])
            }
        }
        return state
    }

    /// Stores a seed, completed, under its id (the next of the sequence without one); `false`
    /// when the id is taken.
    private static func add(_ item: JSONValue, to state: inout MockStore.State, resource: InferredResource, index: Int, parents: [String]) -> Bool {
        let maker = MockItemMaker(resource: resource)
        let id: String
        if let given = maker.id(of: item) {
            id = given
        } else if resource.ids == .uuid {
            id = "00000000-0000-4000-8000-" + String(String(state.counter + 1).suffix(12)).leftPadded(to: 12)
        } else {
            id = String((state.sequences[index] ?? 0) + 1)
        }
        // A seed's own server-owned members are kept, as a stored item's are.
        let completed = maker.item(from: item, id: id, previous: item, seed: UInt64(state.counter))
        return state.insert(completed, id: id, in: MockStore.Key(resource: index, parents: parents))
    }

    /// The first example of an endpoint's success response written as a value.
    private static func firstExample(of endpoint: Endpoint) -> JSONValue? {
        for example in endpoint.responses.success?.examples ?? [] {
            if case let .value(value, _, _, _) = example.payload { return value }
        }
        return nil
    }

    /// A list's example written in its answer's schema rather than as a response example: the
    /// schema's `example` (the array, or the object holding it), its array member's, its items'
    /// (one item); else, when the items' id member has an `example`, the answer made from the
    /// schema's examples (Docker's `GET /volumes`, `{Volumes: [...], Warnings: [...]}`, whose
    /// `Volume` gives an example per member, `Name: tardis` among them), as without `--stateful`.
    private static func schemaExample(of list: Endpoint, resource: InferredResource) -> JSONValue? {
        guard let schema = ResourceInference.successSchema(of: list)?.schema else { return nil }
        if let example = schema.keyword("example") { return example }
        let array = resource.listWrapper.flatMap { schema.property(named: $0) } ?? schema
        if let example = array.keyword("example") { return .array(example.array ?? [example]) }
        guard let items = array.itemsSchema else { return nil }
        if let example = items.keyword("example") { return .array([example]) }
        guard let field = resource.idField, items.property(named: field)?.keyword("example") != nil else { return nil }
        return schema.example(direction: .response, seed: nil)
    }

    /// The parents' values when `path` is the collection `template` (`/owners/7/pets` for
    /// `/owners/{ownerId}/pets`: `["7"]`; the template itself gives its placeholders).
    static func parentValues(of path: String, template: String) -> [String]? {
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        let wanted = template.split(separator: "/", omittingEmptySubsequences: false)
        guard given.count == wanted.count else { return nil }
        var values: [String] = []
        for (text, pattern) in zip(given, wanted) {
            if pattern.hasPrefix("{"), pattern.hasSuffix("}") {
                guard !text.isEmpty else { return nil }
                values.append(PercentEncoding.decoded(text, plusIsSpace: false))
            } else if text != pattern {
                return nil
            }
        }
        return values
    }
}

extension String {
    /// The text with `0`s before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

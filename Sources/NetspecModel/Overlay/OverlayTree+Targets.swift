/// What an action checks of the places its target selected before it changes them.
extension OverlayTree {
    /// The kind of node `index`.
    func kind(of index: Int32) -> YAMLStorage.Kind { storage.record(index).kind }

    /// The node at `path`, or `nil` when the tree no longer has it (an earlier target of the same
    /// action, holding this one, was replaced by a value without it).
    func existingNode(at path: JSONPath.NormalizedPath) -> Int32? {
        var node = root
        for component in path.components {
            let record = storage.record(node)
            let first = Int(record.first)
            switch (component, record.kind) {
            case let (.index(index), .sequence) where index < Int(record.count):
                node = storage.child(first + index)
            case let (.name(name), .mapping):
                guard let pair = storage.position(ofKey: name, inPairsFrom: first, count: Int(record.count) / 2) else { return nil }
                node = storage.child(first + 2 * pair + 1)
            default:
                return nil
            }
        }
        return node
    }

    /// What is wrong with the kinds of an update's or copy's targets, if they are not all objects,
    /// all arrays or all primitives (Overlay 1.1.0, Action Object: they MUST be): "$['a'] (an
    /// object) and $['a']['b'] (a primitive)".
    static func mixedKinds(_ targets: [(path: JSONPath.NormalizedPath, kind: YAMLStorage.Kind)]) -> String? {
        guard let first = targets.first, let other = targets.first(where: { $0.kind != first.kind }) else { return nil }
        func name(_ kind: YAMLStorage.Kind) -> String {
            switch kind {
            case .mapping: "an object"
            case .sequence: "an array"
            case .scalar: "a primitive"
            }
        }
        return "\(first.path) (\(name(first.kind))) and \(other.path) (\(name(other.kind))): "
            + "the nodes an update or a copy is applied to must be all objects, all arrays or all primitives"
    }
}

/// What an action checks of the places its target selected before it changes them.
extension OverlayTree {
    /// The kind of node `index`.
    func kind(of index: Int32) -> YAMLStorage.Kind { storage.record(index).kind }

    /// `places` without those given before: an update or a copy is applied to each place once,
    /// in the order it was first selected, whether or not one place is inside another (as
    /// ``OverlayTree/remove(_:)`` removes a place selected twice once).
    ///
    /// A place selected twice has one node, so only the paths of places at a node reached
    /// before are compared (nodes are shared: an alias, a value an update put in many places).
    static func distinct(_ places: [Place]) -> [Place] {
        var first: [Int32: JSONPath.NormalizedPath] = [:]
        var others: [Int32: Set<JSONPath.NormalizedPath>] = [:]  // Of nodes reached more than once.
        var result: [Place] = []
        for place in places {
            guard let earlier = first[place.node] else {
                first[place.node] = place.path
                result.append(place)
                continue
            }
            if place.path != earlier, others[place.node, default: [earlier]].insert(place.path).inserted { result.append(place) }
        }
        return result
    }

    /// Whether one of `paths` is inside another: ``OverlayTree/update(_:with:)`` applies those
    /// in order, ``OverlayTree/replace(_:)`` all others at once.
    static func nests(_ paths: [JSONPath.NormalizedPath]) -> Bool {
        let all = Set(paths.map(\.components))
        return paths.contains { path in
            (0..<path.components.count).contains { all.contains(Array(path.components.prefix($0))) }
        }
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

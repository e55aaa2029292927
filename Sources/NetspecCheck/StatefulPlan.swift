import Netspec
import NetspecModel

/// A sequence of the stateful phase: a link the document declares (its source operation, then
/// its target with the values the link names), or a resource the stateful mock's inference finds
/// (``ResourceInference``), with the parents a nested collection needs created first.
enum StatefulPlan: Sendable {
    /// Create → read → update → delete → read again; `chain` holds the parents (outermost first)
    /// and the resource last.
    case resource(chain: [InferredResource])
    /// The link's source operation, then its target.
    case link(source: Endpoint, link: ResponseLink, target: Endpoint)

    /// The operations the sequence creates (each parent's and its own), or the link's source and target.
    var operations: [String] {
        switch self {
        case let .resource(chain): chain.compactMap { $0.endpointName(.create) }
        case let .link(source, _, target): [source.name, target.name]
        }
    }
}

extension CheckRun {
    /// The sequences of the stateful phase: each link between selected operations of a success
    /// response; then each inferred resource whose create and read operations are selected and
    /// whose create operation declares no links (the document's links say how to follow it).
    func statefulPlans() -> [StatefulPlan] {
        let selected = Set(endpoints.map(\.name))
        var plans: [StatefulPlan] = []
        var linkedSources: Set<String> = []
        for source in endpoints {
            for response in source.responses.declared where response.status.isSuccess {
                for link in response.links {
                    guard let name = link.target, selected.contains(name), let target = endpoint(named: name) else { continue }
                    plans.append(.link(source: source, link: link, target: target))
                    linkedSources.insert(source.name)
                }
            }
        }
        let resources = ResourceInference(spec: checker.spec).resources
        for resource in resources {
            guard let create = resource.endpointName(.create), let read = resource.readEndpoint,
                  selected.contains(create), selected.contains(read), !linkedSources.contains(create) else { continue }
            plans.append(.resource(chain: Self.parents(of: resource, in: resources) + [resource]))
        }
        return plans
    }

    /// The resources a nested collection's path runs under, outermost first: the one whose item
    /// path its collection path continues (`/owners/{ownerId}` for `/owners/{ownerId}/pets`), and its own.
    static func parents(of resource: InferredResource, in resources: [InferredResource]) -> [InferredResource] {
        let candidates = resources.filter { resource.collectionPath.hasPrefix($0.itemPath + "/") }
        guard let parent = candidates.max(by: { $0.itemPath.count < $1.itemPath.count }) else { return [] }
        return parents(of: parent, in: resources) + [parent]
    }

    func endpoint(named name: String) -> Endpoint? {
        checker.spec.endpoints.first { $0.name == name }
    }
}

extension InferredResource {
    /// The name of the endpoint that does `role`, the first in name order when several do.
    func endpointName(_ role: Role) -> String? {
        roles.filter { $0.value == role }.keys.sorted().first
    }
}

import Testing

import Netspec
import NetspecModel

/// What an error says about a name that is not there: the close names, or all of a few, or — for
/// a document of many (Kubernetes' 1,123 operations, whose list made a 47 KB message) — how many,
/// those that begin alike, and how to see them all, in one short line.
@Suite struct SuggestionsTests {
    static let few = ["getUser", "createUser", "getTodos"]
    static let many = (1...30).map { "listThing\($0)" } + ["deleteThing", "readOther"]

    @Test(arguments: [
        ("getUsr", few, " (did you mean 'getUser'?)"),
        ("zzz", few, "; its endpoints are: getUser, createUser, getTodos"),
        ("zzz", [String](), ""),
        ("nosuch", many, "; it has 32 endpoints; see them all"),
        ("listThingsEverywhere", many, "; it has 32 endpoints, 30 of them starting with 'listThing': listThing1, listThing2, listThing3, listThing4, listThing5, …; see them all"),
        ("readOthers", many, " (did you mean 'readOther'?)"),
    ])
    func unknownNames(_ name: String, _ names: [String], _ expected: String) {
        #expect(Suggestions.unknownName(name, among: names, noun: "endpoint", seeAll: "see them all") == expected)
    }

    @Test func kubernetesOperations() async throws {
        let spec = try await RealDocuments.load("kubernetes/swagger.json")
        let names = spec.endpoints.map(\.name)
        let seeAll = "netspec list k8s.json lists them all"
        #expect(Suggestions.unknownName("nosuch", among: names, noun: "endpoint", seeAll: seeAll) == "; it has 1123 endpoints; netspec list k8s.json lists them all")
        #expect(
            Suggestions.unknownName("listCoreV1PodsEverywhere", among: names, noun: "operation", seeAll: seeAll)
                == "; it has 1123 operations, 2 of them starting with 'listCoreV1Pod': listCoreV1PodForAllNamespaces, listCoreV1PodTemplateForAllNamespaces; netspec list k8s.json lists them all"
        )
        #expect(Suggestions.unknownName("listCoreV1NamespacedPods", among: names, noun: "endpoint", seeAll: seeAll) == " (did you mean 'listCoreV1NamespacedPod' or 'listCoreV1Namespace'?)")
    }
}

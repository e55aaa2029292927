import Foundation
import NetspecFacadeGenerator
import NetspecTestSupport
import Testing

import Netspec

/// `netspec facade`'s text: the golden facade of specs/shop.yaml (ShopAPI.swift beside this file,
/// compiled into these tests), names made Swift identifiers by one rule, the same bytes twice.
@Suite struct FacadeGeneratorTests {
    /// The facade of specs/shop.yaml, as generated.
    static func shopFacade() throws -> String {
        let spec = try Spec.load(path: TestPaths.specs + "/shop.yaml")
        return FacadeGenerator(spec: spec, source: "specs/shop.yaml").generate()
    }

    @Test func theShopFacadeIsTheGoldenFile() throws {
        let golden = try String(contentsOfFile: TestPaths.root + "/Tests/NetspecTests/Facade/ShopAPI.swift", encoding: .utf8)
        let generated = try Self.shopFacade()
        #expect(generated == golden, "regenerate: .build/debug/netspec facade specs/shop.yaml -o Tests/NetspecTests/Facade/")
        #expect(try Self.shopFacade() == generated)
    }

    @Test(arguments: [
        ("getOrder", "getOrder"), ("X-Rate-Limit", "xRateLimit"), ("page[size]", "pageSize"), ("$filter", "filter"),
        ("2fa", "_2fa"), ("API-Key", "apiKey"), ("ID", "ID"), ("repos/get-content", "reposGetContent"), ("-", "value"), ("_", "value"),
        ("snake_case", "snake_case"), ("héllo", "hLlo"),
    ])
    func namesBecomeIdentifiers(name: String, identifier: String) {
        #expect(SwiftIdentifier.make(name) == identifier)
    }

    @Test func keywordsAreBacktickedAndCollisionsNumbered() {
        #expect(SwiftIdentifier.declared("default") == "`default`")
        #expect(SwiftIdentifier.declared("for") == "`for`")
        #expect(SwiftIdentifier.declared("async") == "async")
        #expect(SwiftIdentifier.unique(["a", "a", "a2", "a"], avoiding: ["b"]) == ["a", "a2", "a22", "a3"])
        #expect(SwiftIdentifier.typeName("GitHub v3 REST API") == "GitHubV3RESTAPI")
        #expect(SwiftIdentifier.typeName("3scale") == "API3scale")
    }

    /// A service name that is a keyword once made a type name gets `API` after it, as one like a
    /// type the facade uses does (`struct Self`, `struct Any` did not compile).
    @Test(arguments: [
        ("netspec: 1\nservice: Any\nendpoints: {}\n", "AnyAPI"),
        ("netspec: 1\nservice: self\nendpoints: {}\n", "SelfAPI"),
        ("openapi: 3.0.3\ninfo: { title: self, version: '1' }\npaths: {}\n", "SelfAPI"),
        ("netspec: 1\nservice: Response\nendpoints: {}\n", "ResponseAPI"),
        ("netspec: 1\nservice: shop\nendpoints: {}\n", "Shop"),
    ])
    func aKeywordServiceNameGetsAPIAfterIt(yaml: String, typeName: String) throws {
        let generator = FacadeGenerator(spec: try Spec(yaml: yaml, file: "s.yaml"), source: "s.yaml")
        #expect(generator.typeName == typeName)
        #expect(generator.generate().contains("internal struct \(typeName): Sendable {"))
    }

    /// Endpoints and parameters whose names clash once made identifiers, keywords, a member the
    /// facade has (`service`), a service named like a type it uses: each gets one name, always the same.
    @Test func clashesAreResolvedTheSameWayEveryTime() throws {
        let yaml = """
            netspec: 1
            service: Service
            baseURL: http://127.0.0.1
            endpoints:
              get-item:
                GET: /a/{id}
                params: { id: Int, ID: { type: Int?, in: query }, self: { type: String?, in: query } }
              get_item:
                GET: /b
              getItem:
                GET: /c
              service:
                GET: /d
              default:
                POST: /e
                params: { _: JSON, body: { type: String, in: query } }
            """
        let spec = try Spec(yaml: yaml, file: "clash.yaml")
        let text = FacadeGenerator(spec: spec, source: "clash.yaml").generate()
        let declarations = text.split(separator: "\n").filter { $0.contains(" func ") || $0.contains(" struct ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(declarations == [
            "internal struct ServiceAPI: Sendable {",
            "internal func `default`(body: String, _ body2: JSONValue) async throws(CallError) -> Response {",
            "internal func getItem(id: Int, ID: Int? = nil, `self` self_: String? = nil) async throws(CallError) -> Response {",
            "internal func getItem2() async throws(CallError) -> Response {",
            "internal func get_item() async throws(CallError) -> Response {",
            "internal func service_() async throws(CallError) -> Response {",
        ])
        #expect(text.contains("""
                    try await self.service.call("get-item", Argument.arguments(for: "get-item", [
                        "id": id,
                        "ID": ID,
                        "self": self_,
                    ]))
            """))
        #expect(text.contains(#"Argument.arguments(for: "default", ["body": body, "_": body2])"#))
    }
}

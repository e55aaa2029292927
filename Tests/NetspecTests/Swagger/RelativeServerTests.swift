import Foundation
import Testing

@testable import Netspec
import NetspecModel
@testable import NetspecMock

/// A relative server (OpenAPI's `servers: [{url: /api/v1}]`, as Airflow 2 writes it) under the
/// caller's base URL: an origin takes its path, a base URL with a path (`/` alone included)
/// replaces it; the mock serves the operations under it.
@Suite struct RelativeServerTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Airflow-like, version: "1" }
        servers: [{ url: /api/v1 }]
        paths:
          /dags:
            get: { operationId: get_dags, responses: { "200": { description: ok } } }
        """

    @Test(arguments: [
        ("http://host:8080", "http://host:8080/api/v1/dags"),
        ("https://example.com?key=1", "https://example.com/api/v1/dags?key=1"),
        ("http://host:8080/", "http://host:8080/dags"),
        ("http://host:8080/api/v1", "http://host:8080/api/v1/dags"),
        ("https://example.com/other/path?key=1", "https://example.com/other/path/dags?key=1"),
    ])
    func takenUnderTheBaseURL(baseURL: String, url: String) throws {
        let spec = try Spec(yaml: Self.document)
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.basePath == "/api/v1")
        let api = Service(spec: spec, provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
        #expect(try api.prepare("get_dags").url == url)
        let local = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try local.prepare("get_dags", options: CallOptions(baseURL: baseURL)).url == url)
    }

    @Test func theMockServesUnderThePath() throws {
        let router = MockRouter(spec: try Spec(yaml: Self.document))
        for path in ["/api/v1/dags", "/dags"] {
            guard case let .endpoint(endpoint, _) = router.match(method: .get, path: path) else {
                Issue.record("\(path) not routed")
                continue
            }
            #expect(endpoint.name == "get_dags")
        }
    }

    @Test(arguments: [
        ("/api/v1", "http://h:8080/x/y", "http://h:8080/api/v1"),
        ("api/v1", "http://h:8080/x/y", "http://h:8080/x/api/v1"),
        ("../v2/", "http://h/a/b/c.yaml", "http://h/a/v2/"),
        ("./common.yaml#/Pet", "https://h/specs/api.yaml", "https://h/specs/common.yaml#/Pet"),
        ("//other:9/p", "https://h/a", "https://other:9/p"),
        ("https://x/./a/../b", "http://h/", "https://x/b"),
        ("/", "http://h:1/deep/path", "http://h:1/"),
        ("?q=1", "http://h/a/b?z=0", "http://h/a/b?q=1"),
    ])
    func urlReferencesResolveAsRFC3986Says(reference: String, base: String, result: String) {
        #expect(URLReference.resolve(reference, against: base) == result)
    }
}

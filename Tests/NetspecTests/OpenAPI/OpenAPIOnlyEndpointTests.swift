import Foundation
import NetspecTestServer
import Testing
import Netspec
import NetspecTestSupport

/// `netspec call` compiles only the operation it calls: for every operation of a document, the
/// endpoint read alone is the endpoint a full read gives (fields and marks), with the same
/// shared parts.
@Suite struct OpenAPIOnlyEndpointTests {
    static var documents: [String] {
        let specs = TestPaths.specs + "/"
        let kin = "/usr/share/gocode/src/github.com/getkin/kin-openapi/openapi3/testdata/"
        return [specs + "petstore.openapi.yaml"]
            + ["lxkns.yaml", "link-example.yaml", "callbacks.yml"].map { kin + $0 }
                .filter { FileManager.default.fileExists(atPath: $0) }
    }

    @Test(arguments: documents)
    func eachOperationAloneIsTheFullReadsEndpoint(_ path: String) throws {
        let full = try Spec.load(path: path)
        #expect(!full.endpoints.isEmpty)
        for endpoint in full.endpoints {
            let alone = try Spec.load(path: path, only: endpoint.name)
            #expect(alone.endpoints == [endpoint], "\(endpoint.name)")
            #expect(alone.baseURL == full.baseURL && alone.service == full.service && alone.auth == full.auth)
        }
    }

    /// `/things` and `/things/` both make `getThings`; the second becomes `getThings2`.
    static let clashingNames = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /things:
                get: {responses: {"200": {description: ok}}}
                post: {responses: {"200": {description: ok}}}
              /things/:
                get: {responses: {"200": {description: ok}}}
            """

    /// Generated names that could depend on which operations can be read, and names no
    /// operation has, read the whole document.
    @Test(arguments: [
        ("getThings", ["getThings", "postThings", "getThings2"]),
        ("getThings2", ["getThings", "postThings", "getThings2"]),
        ("nope", ["getThings", "postThings", "getThings2"]),
    ])
    func ambiguousOrUnknownNamesReadEverything(_ name: String, expected: [String]) throws {
        let spec = try Spec(yaml: Self.clashingNames, file: "t.yaml")
        #expect(spec.endpoints.map(\.name) == expected)
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array(Self.clashingNames.utf8), to: "t.yaml")
        #expect(try Spec.load(path: path, only: name).endpoints.map(\.name) == expected)
        #expect(try Spec.load(path: path, only: "postThings").endpoints.map(\.name) == expected)
    }
}

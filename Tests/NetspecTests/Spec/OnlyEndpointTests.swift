import Foundation
import NetspecTestServer
import Testing
import Netspec
import NetspecTestSupport

/// `netspec call` compiles only the endpoint it calls (and those its `refresh:` names): for every
/// endpoint of the example specs, the endpoint read alone is the one a full read gives, and the
/// service's keys are the same.
@Suite struct OnlyEndpointTests {
    static var specs: [String] {
        let folder = TestPaths.specs
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yaml") && !$0.contains("openapi") }.sorted().map { folder + "/" + $0 }
    }

    @Test(arguments: specs)
    func eachEndpointAloneIsTheFullReadsEndpoint(_ path: String) throws {
        let full = try Spec.load(path: path)
        #expect(!full.endpoints.isEmpty)
        for endpoint in full.endpoints {
            let alone = try Spec.load(path: path, only: endpoint.name)
            #expect(alone.endpoints.first == endpoint, "\(endpoint.name)")
            #expect(alone.baseURL == full.baseURL && alone.service == full.service && alone.auth == full.auth && alone.headers == full.headers)
        }
    }

    static let spec = """
        netspec: 1
        service: S
        baseURL: http://127.0.0.1:1
        auth: { bearer: "${TOKEN}", refresh: { endpoint: login, token: access_token } }
        endpoints:
          login:
            POST: /login
            auth: none
          broken:
            GET: /x/{missing}
          getUser:
            GET: /users/{id}
            params: { id: String }
          withOwnRefresh:
            GET: /own
            auth: { bearer: "${OTHER}", refresh: { endpoint: renew, token: t } }
          renew:
            POST: /renew
            auth: none
        """

    @Test(arguments: [
        ("getUser", ["login", "getUser"]),
        ("withOwnRefresh", ["login", "withOwnRefresh", "renew"]),
        ("login", ["login"]),
    ])
    func onlyTheEndpointAndTheRefreshEndpointsAreCompiled(name: String, expected: [String]) throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/s.yaml"
        try Self.spec.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Spec.load(path: path, only: name).endpoints.map(\.name) == expected)
    }

    @Test func aWholeReadStillChecksEveryEndpoint() throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/s.yaml"
        try Self.spec.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SpecError.self) { try Spec.load(path: path) }
        // The broken endpoint itself, and a name no endpoint has (read whole, to suggest names).
        for name in ["broken", "getUsr"] {
            let error = try #require(throws: SpecError.self) { try Spec.load(path: path, only: name) }
            #expect(error.description.contains("s.yaml:10:"), "\(error.description)")
        }
    }

    @Test func aMissingRefreshEndpointIsStillAnError() throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/s.yaml"
        try Self.spec.replacingOccurrences(of: "endpoint: login", with: "endpoint: logon").write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: SpecError.self) { try Spec.load(path: path, only: "getUser") }
        #expect(error.description == "\(path):4:7: error: auth: refresh endpoint 'logon' is not an endpoint of this spec (did you mean 'login'?)")
    }
}

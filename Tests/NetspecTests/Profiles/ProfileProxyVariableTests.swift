import Netspec
import NetspecTestSupport
import Testing

/// One reader of the proxy variables (`Provider.Options.Proxy.variable(_:in:)`): a profile's proxy
/// read `no_proxy` with a closure of its own, which took an all-blank value (`no_proxy='  '`) for
/// a list that lists nothing, where a request's routing ignores it, as curl does, and reads `NO_PROXY`.
@Suite struct ProfileProxyVariableTests {
    static let config = """
        profiles:
          p:
            proxy: http://proxy.example:3128
        """

    @Test func aProfilesProxyIgnoresAnAllBlankVariableAsRoutingDoes() throws {
        let (scratch, directory, home) = try ProfileTests.tree(user: nil, project: Self.config)
        let spec = try Spec(yaml: ProfileTests.spec, file: "users.yaml")
        let variables = ["no_proxy": " \t ", "NO_PROXY": "127.0.0.1"]
        let profile = try Provider.profile("p", for: spec, directory: directory, environment: home.merging(variables) { $1 }).options.proxy
        let routing = Provider.Options.Proxy.environment(variables.merging(["http_proxy": "http://proxy.example:3128"]) { $1 })
        let url = "http://127.0.0.1:8080/echo"
        #expect(profile.note(for: url) == "direct: NO_PROXY lists 127.0.0.1")
        #expect(routing.note(for: url) == "direct: NO_PROXY lists 127.0.0.1")
        #expect(profile.note(for: "http://api.example.com/echo") == "via proxy http://proxy.example:3128 (profile p: proxy)")
        // Both blank: no list at all, so every host goes through the profile's proxy.
        let blank = try Provider.profile("p", for: spec, directory: directory, environment: home.merging(["no_proxy": " ", "NO_PROXY": ""]) { $1 })
        #expect(blank.options.proxy.note(for: url) == "via proxy http://proxy.example:3128 (profile p: proxy)")
        #expect(Provider.Options.Proxy.variable("https_proxy", in: ["https_proxy": "  "]) == nil)
        #expect(Provider.Options.Proxy.noProxyVariable(in: variables)?.name == "NO_PROXY")
        withExtendedLifetime(scratch) {}
    }
}

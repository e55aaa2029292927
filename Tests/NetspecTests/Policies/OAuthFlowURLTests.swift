import Testing

@testable import NetspecModel

/// The OAuth flows as the readers take them: `deviceAuthorization` read (and not warned about)
/// whatever the OpenAPI version, and every URL of the flows read checked where it is written —
/// no fragment (RFC 6749 §3.1, §3.2), http or https or a relative path, no credentials.
@Suite struct OAuthFlowURLTests {
    static func openAPI(_ version: String, authorizationURL: String = "/authorize") -> String {
        """
        openapi: \(version)
        info: {title: Items, version: "1"}
        servers: [{url: "http://127.0.0.1:1"}]
        components:
          securitySchemes:
            oauth:
              type: oauth2
              flows:
                authorizationCode: {authorizationUrl: "\(authorizationURL)", tokenUrl: /token, scopes: {}}
                deviceAuthorization: {deviceAuthorizationUrl: /device, tokenUrl: /token, scopes: {}}
        security: [{oauth: []}]
        paths: {/items: {get: {operationId: listItems, responses: {"200": {description: ok}}}}}
        """
    }

    /// 3.0 and 3.1 documents read the device flow, as `auth login --device` uses it: no warning
    /// says it is not read (one did, for `deviceAuthorization` and `deviceAuthorizationUrl`).
    @Test(arguments: ["3.0.3", "3.1.0", "3.2.0"])
    func theDeviceFlowIsReadWithoutAWarningInEveryVersion(version: String) throws {
        let spec = try Spec(yaml: Self.openAPI(version), file: "items.yaml")
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.endpoint(named: "listItems")?.auth?.grant?.device == .init(start: "/device", token: "/token"))
    }

    /// An unknown key of a flow is still said in 3.0, with the device flow's key as the one meant.
    @Test func anUnknownFlowKeyIsStillWarnedAbout() throws {
        let spec = try Spec(yaml: Self.openAPI("3.0.3").replacing("deviceAuthorizationUrl: /device", with: "deviceAuthorizationUrl: /device, deviceAuthorizationURL: /d"), file: "items.yaml")
        #expect(spec.warnings.map(\.description) == ["items.yaml:10:64: warning: 'oauth': 'deviceAuthorizationURL' is not a key of an OAuth Flow object, so it is not read (did you mean 'deviceAuthorizationUrl'?)"])
    }

    static let prefix = "items.yaml:9:47: error: security scheme 'oauth': the authorizationCode flow's 'authorizationUrl' is not a URL netspec can use: "

    /// A URL that cannot be used is an error at its place (a fragment made the login URL
    /// `…/authorize#frag?response_type=code…`, whose query never reached the server).
    @Test(arguments: [
        ("http://127.0.0.1:1/authorize#tenant", "'#' (character 29) starts a fragment, which the URL of an OAuth 2 endpoint cannot have (RFC 6749 §3.1, §3.2)"),
        ("/authorize#x", "'#' (character 11) starts a fragment, which the URL of an OAuth 2 endpoint cannot have (RFC 6749 §3.1, §3.2)"),
        ("ftp://127.0.0.1:1/authorize", "its scheme is 'ftp': it must be an http:// or https:// URL, or a path relative to the base URL"),
        ("mailto:a@b", "its scheme is 'mailto': it must be an http:// or https:// URL, or a path relative to the base URL"),
        ("https://user:pw@auth.example/authorize", "it holds credentials (before '@'), which netspec does not send from a URL: give them in an Authorization header or by the spec's auth"),
        ("https://{tenant}.auth.example/authorize", "'{' (character 9) cannot be in a host"),
        ("https://auth.example:99999/authorize", "port 99999 (character 22) is out of range (1 to 65535)"),
        ("HTTPS://auth.example/a%zz", "'%' (character 23) must start an escape such as %25 (a '%' itself)"),
    ])
    func aFlowURLThatCannotBeUsedIsAnErrorAtItsPlace(url: String, problem: String) {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: Self.openAPI("3.1.0", authorizationURL: url), file: "items.yaml") }
        #expect(error?.description == Self.prefix + problem)
    }

    /// A URL that can be used is kept, percent-encoded where RFC 3986 requires (a space was
    /// printed in the login URL as it was).
    @Test(arguments: [
        ("/authorize", "/authorize"),
        ("authorize", "authorize"),
        ("//auth.example/authorize", "//auth.example/authorize"),
        ("https://auth.example/o auth/authorize?x=1", "https://auth.example/o%20auth/authorize?x=1"),
        ("/o auth", "/o%20auth"),
    ])
    func aFlowURLThatCanBeUsedIsKept(url: String, kept: String) throws {
        let spec = try Spec(yaml: Self.openAPI("3.1.0", authorizationURL: url), file: "items.yaml")
        #expect(spec.endpoint(named: "listItems")?.auth?.grant?.authorizationCode == .init(start: kept, token: "/token"))
    }

    /// Netspec YAML's `oauth2:` flows and Swagger 2.0's are checked the same way.
    @Test func netspecAndSwaggerFlowsAreCheckedToo() {
        let netspec = #expect(throws: SpecError.self) {
            try Spec(yaml: """
                netspec: 1
                service: Items
                baseURL: http://127.0.0.1:1
                auth:
                  oauth2:
                    flows:
                      clientCredentials: {tokenUrl: "https://auth.example/token#x"}
                endpoints:
                  listItems:
                    GET: /items
                """, file: "items.yaml")
        }
        #expect(netspec?.description == "items.yaml:7:37: error: auth: oauth2: flows: the clientCredentials flow's 'tokenUrl' is not a URL netspec can use: '#' (character 27) starts a fragment, which the URL of an OAuth 2 endpoint cannot have (RFC 6749 §3.1, §3.2)")
        let swagger = #expect(throws: SpecError.self) {
            try Spec(yaml: """
                swagger: "2.0"
                info: {title: Old, version: "1"}
                host: 127.0.0.1:1
                securityDefinitions:
                  code: {type: oauth2, flow: accessCode, authorizationUrl: "ftp://127.0.0.1:1/authorize", tokenUrl: "http://127.0.0.1:1/token", scopes: {}}
                security: [{code: []}]
                paths: {/x: {get: {operationId: x, responses: {"200": {description: ok}}}}}
                """, file: "old.yaml")
        }
        #expect(swagger?.description == "old.yaml:5:60: error: security definition 'code': 'authorizationUrl' is not a URL netspec can use: its scheme is 'ftp': it must be an http:// or https:// URL, or a path relative to the base URL")
    }

    /// The implicit and password flows are never used, so their URLs are not checked.
    @Test func theURLsOfFlowsNeverUsedAreNotChecked() throws {
        let spec = try Spec(yaml: Self.openAPI("3.1.0").replacing("        deviceAuthorization:", with: "        implicit: {authorizationUrl: \"x#y\", scopes: {}}\n        deviceAuthorization:"), file: "items.yaml")
        #expect(spec.endpoint(named: "listItems")?.auth?.grant?.refused == [AuthPolicy.Grant.implicitRefusal])
    }
}

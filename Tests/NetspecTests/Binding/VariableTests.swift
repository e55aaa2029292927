import Foundation
import Testing

import Netspec

/// `${NAME}` variables in the base URL, headers and string defaults, resolved at call time from
/// the provider (then, when allowed, the environment); `${NAME:-fallback}`, `$$`, and the error
/// for a variable set nowhere.
@Suite struct VariableTests {
    static let endpoint = """
            GET: /items
            headers: { X-Key: "k-${KEY}", X-Region: "${REGION:-eu-west}" }
            params:
              scope: { default: "${SCOPE:-all} items" }
        """ + "\n"
    static let service = "baseURL: https://${HOST}/v${VERSION:-1}\n"

    static func golden(_ variables: [String: String]) async throws -> Golden {
        try await Binding.golden(Self.endpoint, service: Self.service, provider: Binding.provider(baseURL: nil, variables: variables))
    }

    @Test func everyPlaceResolvesFromTheProvider() async throws {
        let request = try await Self.golden(["HOST": "api.example.com", "VERSION": "3", "KEY": "s3cr3t", "REGION": "us", "SCOPE": "mine"])
        #expect(request == Golden("GET", "https://api.example.com/v3/items?scope=mine%20items", headers: [
            "X-Key: k-s3cr3t", "X-Region: us",
        ] + Golden.jsonTail))
    }

    @Test(arguments: [
        ([String: String](), "https://api.example.com/v1/items?scope=all%20items", "X-Region: eu-west"),
        (["VERSION": "", "REGION": "", "SCOPE": ""], "https://api.example.com/v1/items?scope=all%20items", "X-Region: eu-west"),
        (["VERSION": "2"], "https://api.example.com/v2/items?scope=all%20items", "X-Region: eu-west"),
    ])
    func fallbacksApplyWhenUnsetOrEmpty(extra: [String: String], url: String, region: String) async throws {
        let request = try await Self.golden(["HOST": "api.example.com", "KEY": "k"].merging(extra) { $1 })
        #expect(request.url == url)
        #expect(request.headers.prefix(2) == ["X-Key: k-k", region])
    }

    @Test func anEmptyValueWithoutFallbackIsUsedAsIs() async throws {
        let request = try await Self.golden(["HOST": "api.example.com", "KEY": ""])
        #expect(request.headers.first == "X-Key: k-")
    }

    @Test func anArgumentReplacesATemplatedDefault() async throws {
        let request = try await Binding.golden(
            Self.endpoint, service: Self.service, ["scope": "${SCOPE}"],
            provider: Binding.provider(baseURL: nil, variables: ["HOST": "h.example.com", "KEY": "k", "SCOPE": "x"])
        )
        #expect(request.url == "https://h.example.com/v1/items?scope=%24%7BSCOPE%7D")
    }

    @Test func dollarDollarIsALiteralDollar() async throws {
        let request = try await Binding.golden("    GET: /x\n    headers: { X-Price: \"$$5 and $HOME\" }\n")
        #expect(request.headers.first == "X-Price: $5 and $HOME")
    }

    @Test func variablesAreReadAtCallTime() throws {
        let provider = Binding.provider(variables: ["TOKEN": "one"])
        let api = try Binding.service(Binding.yaml("    GET: /x\n", service: "headers: { Authorization: \"Bearer ${TOKEN}\" }\n"), provider: provider)
        let first = try api.prepare("e").headerFields.first?.value
        provider.setVariable("TOKEN", to: "two")
        let second = try api.prepare("e").headerFields.first?.value
        #expect([first, second] == ["Bearer one", "Bearer two"])
    }

    // MARK: - Unresolved

    @Test(arguments: [
        (["KEY": "k"], "endpoint 'e': variable 'HOST' is not set (used in the base URL); set it with Provider(variables:) or in the environment"),
        (["HOST": "h.example.com"], "endpoint 'e': variable 'KEY' is not set (used in header 'X-Key'); set it with Provider(variables:) or in the environment"),
    ])
    func unsetVariablesAreErrorsNamingWhereTheyAreUsed(variables: [String: String], message: String) throws {
        let actual = try Binding.failure(Self.endpoint, service: Self.service, provider: Binding.provider(baseURL: nil, variables: variables))
        #expect(actual == "configuration unsetVariable: " + message)
    }

    @Test func anUnsetVariableInADefaultNamesTheParameter() throws {
        let endpoint = "    GET: /x\n    params:\n      region: { default: \"${REGION}\" }\n"
        let actual = try Binding.failure(endpoint)
        #expect(actual == "configuration unsetVariable: endpoint 'e': parameter 'region': variable 'REGION' is not set (used in its default); set it with Provider(variables:) or in the environment")
    }

    @Test func theEnvironmentIsConsultedOnlyWhenAllowed() throws {
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        let yaml = Binding.yaml("    GET: /x\n", service: "headers: { X-Home: \"${HOME}\" }\n")
        let allowed = try Binding.service(yaml, provider: Provider(baseURL: Binding.baseURL, options: .init(usesEnvironment: true)))
        let fromEnvironment = try allowed.prepare("e").headerFields.first?.value
        #expect(fromEnvironment == home)
        let overridden = try Binding.service(yaml, provider: Provider(baseURL: Binding.baseURL, variables: ["HOME": "/p"], options: .init(usesEnvironment: true)))
        let fromProvider = try overridden.prepare("e").headerFields.first?.value
        #expect(fromProvider == "/p")
        let refused = try Binding.service(yaml)
        #expect(Binding.failure(of: refused, "e")
            == "configuration unsetVariable: endpoint 'e': variable 'HOME' is not set (used in header 'X-Home'); set it with Provider(variables:) or in the environment")
    }

    @Test func aProviderBaseURLIsTakenLiterally() throws {
        let api = try Binding.service(Binding.yaml("    GET: /x\n", service: Self.service), provider: Binding.provider(baseURL: "https://p.example.com/$HOST"))
        let actual = try api.prepare("e").url
        #expect(actual == "https://p.example.com/$HOST/x")
    }
}

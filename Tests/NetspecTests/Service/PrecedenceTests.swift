import Testing

@testable import Netspec

/// The one precedence rule, call over provider over spec over the default (``CallSettings``),
/// for every setting more than one level can give: each setting is tried with every combination
/// of the levels that can give it, and the value that wins must be the highest level's.
@Suite struct PrecedenceTests {
    /// A level that can give a setting.
    enum Level: String, CaseIterable, Sendable {
        case call, provider, spec
    }

    /// One setting: the levels that can give it, and what the call ends up with when `given`
    /// levels give their value (each level's value names the level: "call", "provider", "spec";
    /// nothing given: "default").
    struct Setting: Sendable, CustomStringConvertible {
        let description: String
        let levels: [Level]
        let effective: @Sendable (_ given: Set<Level>) throws -> String
    }

    /// A service whose spec gives every setting it can when `spec` is true, through a provider
    /// made with `options` (and `baseURL`).
    static func service(spec: Bool, baseURL: String? = nil, options: Provider.Options = Provider.Options(usesEnvironment: false)) throws -> Service {
        let yaml = spec
            ? """
            netspec: 1
            service: S
            baseURL: https://spec.example.com
            tls: { ca: /spec/ca.pem, minVersion: "1.2" }
            retry: { max: 3 }
            endpoints:
              e: { GET: /e, timeout: 3, cache: reload }
            """
            : "netspec: 1\nservice: S\nendpoints:\n  e: { GET: /e }\n"
        return Service(spec: try Spec(yaml: yaml, file: "s.yaml"), provider: Provider(baseURL: baseURL, options: options))
    }

    /// The settings of one call to `e`.
    static func settings(_ given: Set<Level>, call: CallOptions, options: Provider.Options) throws -> (CallSettings, Service, CallOptions) {
        let api = try service(spec: given.contains(.spec), options: given.contains(.provider) ? options : Provider.Options(usesEnvironment: false))
        let callOptions = given.contains(.call) ? call : CallOptions()
        return (CallSettings(call: callOptions, endpoint: try api.endpoint(named: "e"), provider: api.provider), api, callOptions)
    }

    static let settings: [Setting] = [
        Setting(description: "base URL", levels: [.call, .provider, .spec]) { given in
            let api = try service(spec: given.contains(.spec), baseURL: given.contains(.provider) ? "https://provider.example.com" : nil)
            let call = CallOptions(baseURL: given.contains(.call) ? "https://call.example.com" : nil)
            guard given.contains(.call) || given.contains(.provider) || given.contains(.spec) else { return "default" }
            return String(try api.prepare("e", options: call).url.dropFirst("https://".count).prefix { $0 != "." })
        },
        Setting(description: "time limit", levels: [.call, .provider, .spec]) { given in
            var options = Provider.Options(usesEnvironment: false)
            options.timeouts.request = .seconds(2)
            let timeout = try settings(given, call: CallOptions(timeout: .seconds(1)), options: options).0.timeout
            return [.seconds(1): "call", .seconds(2): "provider", .seconds(3): "spec", .seconds(60): "default"][timeout] ?? "\(timeout)"
        },
        Setting(description: "connect time limit", levels: [.call, .provider]) { given in
            var options = Provider.Options(usesEnvironment: false)
            options.timeouts.connect = .seconds(2)
            let timeout = try settings(given, call: CallOptions(connectTimeout: .seconds(1)), options: options).0.connectTimeout
            return [.seconds(1): "call", .seconds(2): "provider", .seconds(10): "default"][timeout] ?? "\(timeout)"
        },
        Setting(description: "mocks", levels: [.call, .provider]) { given in
            // The call turns off what the provider turns on.
            let (settings, _, _) = try settings(given, call: CallOptions(usesMock: false), options: Provider.Options(mocks: .enabled, usesEnvironment: false))
            return given.contains(.call) ? (settings.usesMock ? "provider" : "call") : (settings.usesMock ? "provider" : "default")
        },
        Setting(description: "request validation", levels: [.call, .provider]) { given in
            let (_, api, call) = try settings(
                given, call: CallOptions(requestValidation: .off), options: Provider.Options(validation: .init(requests: .warn), usesEnvironment: false)
            )
            return [.off: "call", .warn: "provider", .strict: "default"][CallSettings.requestValidation(call: call, provider: api.provider)] ?? "?"
        },
        Setting(description: "response validation", levels: [.call, .provider]) { given in
            let (_, api, call) = try settings(
                given, call: CallOptions(responseValidation: .strict), options: Provider.Options(validation: .init(responses: .warn), usesEnvironment: false)
            )
            return [.strict: "call", .warn: "provider", .off: "default"][CallSettings.responseValidation(call: call, provider: api.provider)] ?? "?"
        },
        Setting(description: "retry", levels: [.provider, .spec]) { given in
            let (_, api, _) = try settings(given, call: CallOptions(), options: Provider.Options(retry: RetryPolicy(maxRetries: 2), usesEnvironment: false))
            let retry = CallSettings.retry(endpoint: try api.endpoint(named: "e"), provider: api.provider)
            return [2: "provider", 3: "spec"][retry?.maxRetries ?? 0] ?? "default"
        },
        Setting(description: "cache policy", levels: [.call, .spec]) { given in
            let (_, api, call) = try settings(given, call: CallOptions(cachePolicy: .returnCacheElseLoad), options: Provider.Options(usesEnvironment: false))
            let policy = CallSettings.cachePolicy(call: call, endpoint: try api.endpoint(named: "e"), cache: HTTPCache())
            return [.returnCacheElseLoad: "call", .reload: "spec", .useProtocol: "default"][policy] ?? "?"
        },
        Setting(description: "TLS trust", levels: [.provider, .spec]) { given in
            let (_, api, _) = try settings(given, call: CallOptions(), options: Provider.Options(tls: TLSSettings(caFile: "/provider/ca.pem"), usesEnvironment: false))
            return api.tls.caFile.map { String($0.dropFirst().prefix { $0 != "/" }) } ?? "default"
        },
    ]

    /// Every combination of a setting's levels.
    static var cases: [(Setting, Set<Level>)] {
        settings.flatMap { setting in
            (0..<(1 << setting.levels.count)).map { mask in
                (setting, Set(setting.levels.indices.filter { mask & (1 << $0) != 0 }.map { setting.levels[$0] }))
            }
        }
    }

    @Test(arguments: cases)
    func theHighestLevelThatGivesASettingWins(_ setting: Setting, _ given: Set<Level>) throws {
        let winner = Level.allCases.first { given.contains($0) }?.rawValue ?? "default"
        #expect(try setting.effective(given) == winner, "\(setting) given by \(given.map(\.rawValue).sorted())")
    }

    /// The spec's TLS and the provider's merge field by field: what the provider leaves unset
    /// comes from the spec.
    @Test func tlsMergesFieldByField() throws {
        let api = try Self.service(spec: true, options: Provider.Options(tls: TLSSettings(caFile: "/provider/ca.pem"), usesEnvironment: false))
        #expect(api.tls.caFile == "/provider/ca.pem")
        #expect(api.tls.minimumVersion == .v1_2)
    }
}

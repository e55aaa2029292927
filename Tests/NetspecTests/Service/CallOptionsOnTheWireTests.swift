import Logging
import NetspecTestServer
import NetspecTestSupport
import Testing

@testable import Netspec

/// The one precedence rule seen from outside, through the by-name form's per-call options
/// (`api.e.with(options)(…)`, issue 52.3): each setting that a call and a provider (or a spec)
/// can both give is given at every combination of its levels, each level with a value of its
/// own, and what reached the wire (or the prepared request) must be the highest level's value.
@Suite struct CallOptionsOnTheWireTests {
    typealias Level = PrecedenceTests.Level

    /// One setting: its levels, and the level whose value the call observably used.
    struct Setting: Sendable, CustomStringConvertible {
        let description: String
        let levels: [Level]
        let observed: @Sendable (_ given: Set<Level>) async throws -> String
    }

    /// A Netspec spec giving, when `spec` is true, every setting a spec can give for `e` (and its
    /// time limit for `limited`, so that a loaded machine cannot end the other calls).
    static func netspecSpec(_ spec: Bool) -> String {
        spec
            ? """
            netspec: 1
            service: S
            baseURL: https://spec.example.com
            headers: { X-Level: spec, User-Agent: spec }
            endpoints:
              e: { GET: /e, mock: { body: { answeredBy: mock } } }
              limited: { GET: /e, timeout: 0.4 }
            """
            : "netspec: 1\nservice: S\nendpoints:\n  e: { GET: /e, mock: { body: { answeredBy: mock } } }\n  limited: { GET: /e }\n"
    }

    /// An OpenAPI document whose `e` takes `n >= 1` and answers an object that must hold `ok`.
    static let document = """
        openapi: 3.1.0
        info: { title: V, version: "1" }
        paths:
          /e:
            get:
              operationId: e
              parameters: [{ name: n, in: query, schema: { type: integer, minimum: 1 } }]
              responses:
                "200":
                  description: ok
                  content: { application/json: { schema: { type: object, required: [ok] } } }
        """

    static func service(_ yaml: String, file: String = "s.yaml", baseURL: String?, options: Provider.Options) throws -> Service {
        Service(spec: try Spec(yaml: yaml, file: file), provider: Provider(baseURL: baseURL, options: options))
    }

    /// What a validation setting did: threw, sent and logged a warning, or sent without a word.
    static func validationOutcome(_ call: @Sendable (Service) async throws(CallError) -> Response, options: Provider.Options, server: TestServer) async throws -> String {
        let log = CapturingLogHandler(level: .warning)
        var options = options
        options.logging.logger = log.logger()
        let api = try service(document, file: "v.yaml", baseURL: server.baseURL, options: options)
        do {
            _ = try await call(api)
        } catch {
            return "threw"
        }
        return log.messages.contains { $0.level == .warning } ? "warned" : "silent"
    }

    static let settings: [Setting] = [
        Setting(description: "base URL", levels: [.call, .provider, .spec]) { given in
            let api = try service(
                netspecSpec(given.contains(.spec)), baseURL: given.contains(.provider) ? "https://provider.example.com" : nil, options: .init(usesEnvironment: false)
            )
            let call = CallOptions(baseURL: given.contains(.call) ? "https://call.example.com" : nil)
            guard !given.isEmpty else { return "default" }
            return String(try await api.e.with(call).prepare().url.dropFirst("https://".count).prefix { $0 != "." })
        },
        Setting(description: "time limit", levels: [.call, .provider, .spec]) { given in
            // call 100 ms, provider 200 ms, spec 400 ms; the message names the limit that ended it.
            guard !given.isEmpty else {
                let api = try service(netspecSpec(false), baseURL: "http://127.0.0.1:9", options: .init(usesEnvironment: false))
                return CallSettings(call: CallOptions(), endpoint: try api.endpoint(named: "limited"), provider: api.provider).timeout == .seconds(60) ? "default" : "?"
            }
            return try await withTestServer(TestHandlers.slow(delay: .seconds(3))) { server in
                var options = Provider.Options(usesEnvironment: false)
                if given.contains(.provider) { options.timeouts.request = .milliseconds(200) }
                let api = try service(netspecSpec(given.contains(.spec)), baseURL: server.baseURL, options: options)
                let call = CallOptions(timeout: given.contains(.call) ? .milliseconds(100) : nil)
                let error = await callError { try await api.limited.with(call)() }
                return ["the request to 127.0.0.1:\(server.port) timed out after 100 ms": "call", "the request to 127.0.0.1:\(server.port) timed out after 200 ms": "provider", "the request to 127.0.0.1:\(server.port) timed out after 400 ms": "spec"][error?.description ?? ""] ?? "\(String(describing: error))"
            }
        },
        Setting(description: "mocks", levels: [.call, .provider]) { given in
            // The provider turns mocks on; the call turns them off over it, or on over the default.
            try await withTestServer(TestHandlers.json(body: #"{"answeredBy":"server"}"#)) { server in
                let api = try service(
                    netspecSpec(false), baseURL: server.baseURL, options: .init(mocks: given.contains(.provider) ? .enabled : .disabled, usesEnvironment: false)
                )
                let call = CallOptions(usesMock: given.contains(.call) ? !given.contains(.provider) : nil)
                let mocked = try await api.e.with(call)().value["answeredBy"] == "mock"
                if given.contains(.call) { return mocked == !given.contains(.provider) ? "call" : "provider" }
                return mocked ? "provider" : "default"
            }
        },
        Setting(description: "headers", levels: [.call, .spec]) { given in
            try await withTestServer(TestHandlers.echo) { server in
                let api = try service(netspecSpec(given.contains(.spec)), baseURL: server.baseURL, options: .init(usesEnvironment: false))
                let call = CallOptions(headers: given.contains(.call) ? [("X-Level", "call")] : [])
                let report = try await api.e.with(call)()
                let sent = report.value["headers"]?.array?.filter { $0[0]?.string == "X-Level" }.compactMap { $0[1]?.string } ?? []
                return sent.isEmpty ? "default" : sent.joined(separator: ",")
            }
        },
        Setting(description: "User-Agent", levels: [.call, .provider, .spec]) { given in
            try await withTestServer(TestHandlers.echo) { server in
                let options = Provider.Options(usesEnvironment: false, userAgent: given.contains(.provider) ? "provider" : nil)
                let api = try service(netspecSpec(given.contains(.spec)), baseURL: server.baseURL, options: options)
                let call = CallOptions(headers: given.contains(.call) ? [("User-Agent", "call")] : [])
                let report = try await api.e.with(call)()
                let sent = report.value["headers"]?.array?.filter { $0[0]?.string == "User-Agent" }.compactMap { $0[1]?.string } ?? []
                return sent == [Provider.Options.defaultUserAgent] ? "default" : sent.joined(separator: ",")
            }
        },
        Setting(description: "request validation", levels: [.call, .provider]) { given in
            // call: off (sent, silent); provider: warn; default: strict (n=0 breaks minimum: 1).
            try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
                let call = CallOptions(requestValidation: given.contains(.call) ? .off : nil)
                let outcome = try await validationOutcome(
                    { api throws(CallError) in try await api.e.with(call)(n: 0) },
                    options: .init(validation: .init(requests: given.contains(.provider) ? .warn : .strict), usesEnvironment: false), server: server
                )
                return ["silent": "call", "warned": "provider", "threw": "default"][outcome] ?? outcome
            }
        },
        Setting(description: "response validation", levels: [.call, .provider]) { given in
            // call: strict (throws); provider: warn; default: off (the answer lacks ok).
            try await withTestServer(TestHandlers.json(body: #"{"ko":true}"#)) { server in
                let call = CallOptions(responseValidation: given.contains(.call) ? .strict : nil)
                let outcome = try await validationOutcome(
                    { api throws(CallError) in try await api.e.with(call)(n: 1) },
                    options: .init(validation: .init(responses: given.contains(.provider) ? .warn : .off), usesEnvironment: false), server: server
                )
                return ["threw": "call", "warned": "provider", "silent": "default"][outcome] ?? outcome
            }
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
    func theHighestLevelThatGivesASettingWinsOnTheWire(_ setting: Setting, _ given: Set<Level>) async throws {
        let winner = Level.allCases.first { given.contains($0) }?.rawValue ?? "default"
        #expect(try await setting.observed(given) == winner, "\(setting) given by \(given.map(\.rawValue).sorted())")
    }
}

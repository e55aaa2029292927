import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// A `{stage}` (an OpenAPI server's placeholder) or a `${stage}` in a base URL given in Swift —
/// `Provider(baseURL:)`, `CallOptions(baseURL:)` — is no variable: a base URL given is sent as it
/// is written, and was, percent-encoded (`http://127.0.0.1:PORT/%7Bstage%7D/x`), without a word.
/// Every form of call refuses it before anything is sent, a configuration error naming where it
/// was given, as the command line's `--base-url` does (GivenBaseURLBraceTests). A spec's own
/// `baseURL` keeps its `${stage}` variables.
@Suite struct GivenBaseURLBraceCallTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          e:
            GET: /x
          ev:
            GET: /events
            stream: sse
          ws:
            GET: /chat
            stream: websocket

        """
    static let hint = "is no variable here: a base URL given is sent as it is written, so write the value in its place (a brace itself, %7B and %7D)"

    /// Each form of call: `call`, `prepare`, `events`, `bytes`, `connect`.
    static func attempts(_ api: Service, _ options: CallOptions) async -> [(String, CallError?)] {
        [
            ("call", await callError { try await api.call("e", options: options) }),
            ("prepare", await callError { try api.prepare("e", options: options) }),
            ("events", await callError { try await api.events("ev", options: options) }),
            ("bytes", await callError { try await api.bytes("e", options: options) }),
            ("connect", await callError { try await api.connect("ws", options: options) }),
        ]
    }

    /// `PORT` is the test server's port; the message shows the URL as given.
    @Test(arguments: [
        ("http://127.0.0.1:PORT/{stage}", "{stage}"),
        ("http://127.0.0.1:PORT/${stage}/v1", "${stage}"),
        ("http://127.0.0.1:PORT/v1?region={region}", "{region}"),
    ])
    func aBracedNameInProvidersBaseURLIsAConfigurationError(given: String, braced: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let base = given.replacing("PORT", with: String(server.port))
            let api = try makeService(Self.yaml, baseURL: base)
            for (form, error) in await Self.attempts(api, CallOptions()) {
                let endpoint = ["events": "ev", "connect": "ws"][form] ?? "e"
                #expect(error?.configuration?.reason == .setup, "\(form)")
                #expect(error?.description == "endpoint '\(endpoint)': invalid base URL '\(base)' (Provider.baseURL): '\(braced)' \(Self.hint)", "\(form)")
            }
            #expect(server.requestCount == 0)
        }
    }

    /// A call's own base URL is refused the same way, over a provider's that works; credentials in
    /// it are not shown.
    @Test(arguments: [
        ("http://127.0.0.1:PORT/{stage}", "http://127.0.0.1:PORT/{stage}", "{stage}"),
        ("http://127.0.0.1:PORT/${stage}", "http://127.0.0.1:PORT/${stage}", "${stage}"),
        ("http://ada:PASS-SEKRIT@127.0.0.1:PORT/{stage}", "http://<redacted>@127.0.0.1:PORT/{stage}", "{stage}"),
    ])
    func aBracedNameInCallOptionsBaseURLIsAConfigurationError(given: String, shown: String, braced: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let port = String(server.port)
            let api = try makeService(Self.yaml, server: server)
            let options = CallOptions(baseURL: given.replacing("PORT", with: port))
            for (form, error) in await Self.attempts(api, options) {
                let endpoint = ["events": "ev", "connect": "ws"][form] ?? "e"
                #expect(error?.configuration?.reason == .setup, "\(form)")
                #expect(
                    error?.description == "endpoint '\(endpoint)': invalid base URL '\(shown.replacing("PORT", with: port))' (CallOptions.baseURL): '\(braced)' \(Self.hint)",
                    "\(form)")
            }
            #expect(server.requestCount == 0)
        }
    }

    /// A base URL given without braces, and a spec's `baseURL` with its `${stage}` variable, are sent.
    @Test func aPlainBaseURLAndASpecsVariableStillWork() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let provider = try makeService(Self.yaml, baseURL: server.baseURL + "/v1")
            #expect(try await provider.call("e").value["target"] == "/v1/x")
            let call = try await provider.call("e", options: CallOptions(baseURL: server.baseURL + "/v2"))
            #expect(call.value["target"] == "/v2/x")
            let spec = Self.yaml.replacing("service: S\n", with: "service: S\nbaseURL: \"http://127.0.0.1:\(server.port)/${stage}\"\n")
            let variable = try makeService(spec, variables: ["stage": "prod"])
            #expect(try await variable.call("e").value["target"] == "/prod/x")
            #expect(server.requestCount == 3)
        }
    }
}

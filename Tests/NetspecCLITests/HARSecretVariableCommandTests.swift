import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `--har` hides a variable named as a secret whatever gives its value — `--var`, a profile, the
/// environment, the spec's `:-` fallback — in the URL's path and query, a header and a body, and
/// writes the placeholder in a URL percent-encoded (docs/har.md "Redaction").
@Suite struct HARSecretVariableCommandTests {
    /// Every place a variable's value goes: the base URL's path, a query item's, a header's and a
    /// JSON member's default, and a fallback no source sets.
    static func spec(_ server: TestServer) -> String {
        """
        netspec: 1
        service: Leaky
        baseURL: \(server.baseURL)/bot${BOT_TOKEN}
        endpoints:
          send:
            POST: /echo
            params:
              key: { in: query, name: access_key, default: "${SERVICE_KEY}" }
              demo: { in: query, default: "${DEMO_KEY:-fallback-key-1234}" }
              other: { in: query }
              sig: { in: header, name: X-Sig, default: "${SIGNING_SECRET}" }
              note: { type: String, default: "${APP_PASSWORD}" }
        """
    }

    /// The secrets, each with characters that give it forms of its own (``SecretText``).
    static let secrets = [
        "BOT_TOKEN": "12:AB CD", "SERVICE_KEY": "env/secret 12345", "SIGNING_SECRET": #"sig"nat ure"#, "APP_PASSWORD": "pass wörd!",
    ]

    /// Answers with what arrived: the request target, the `X-Sig` header and the body.
    static let echo: TestHandler = { request, writer in
        let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
        let json = [("target", request.target), ("sig", request.header("X-Sig") ?? ""), ("body", body)]
            .map { "\(JSONValue.string($0.0)):\(JSONValue.string($0.1))" }.joined(separator: ",")
        try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: "{" + json + "}")
    }

    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case environment, option, profile, profileReadingTheSameName
        var testDescription: String { rawValue }
    }

    /// The command line and environment that give the secrets from `source`.
    static func run(_ source: Source, spec: String, har: String, folder: ScratchDirectory) async throws -> CLI.Result {
        let call = ["call", spec, "send", "other=plain-other-99", "--har", har]
        // A `…KEY` no request uses: the environment is not searched for secrets beyond the spec's.
        var environment = ["UNUSED_KEY": "plain-other-99", "XDG_CONFIG_HOME": folder.path + "/config"]
        let names = secrets.keys.sorted()
        switch source {
        case .environment:
            environment.merge(secrets) { $1 }
            return try await CLI.run(call, environment: environment)
        case .option:
            return try await CLI.run(call + names.flatMap { ["--var", "\($0)=\(secrets[$0]!)"] }, environment: environment)
        case .profile, .profileReadingTheSameName:
            let same = source == .profileReadingTheSameName
            let variables = names.map { "      \($0): { env: \(same ? $0 : "HARTEST_" + $0) }" }.joined(separator: "\n")
            try FileManager.default.createDirectory(atPath: folder.path + "/config/netspec", withIntermediateDirectories: true)
            _ = try folder.write(Array("profiles:\n  p:\n    variables:\n\(variables)\n".utf8), to: "config/netspec/config.yaml")
            for name in names { environment[same ? name : "HARTEST_" + name] = secrets[name]! }
            return try await CLI.run(call + ["--profile", "p"], environment: environment)
        }
    }

    @Test(arguments: Source.allCases)
    func aSecretVariableIsHiddenWhereverItsValueComesFrom(source: Source) async throws {
        try await withTestServer(Self.echo) { server in
            let folder = try ScratchDirectory()
            let spec = try folder.write(Array(Self.spec(server).utf8), to: "leaky.yaml")
            let har = folder.path + "/calls.har"
            let result = try await Self.run(source, spec: spec, har: har, folder: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let recording = try String(contentsOfFile: har, encoding: .utf8)
            let entry = try #require(try JSONValue(parsing: Array(recording.utf8))["log"]?["entries"]?[0])
            let request = try #require(entry["request"])
            #expect(request["url"] == .string(
                server.url("/bot%5Bredacted%3A%20BOT_TOKEN%5D/echo?access_key=%5Bredacted%3A%20SERVICE_KEY%5D&demo=%5Bredacted%3A%20DEMO_KEY%5D&other=plain-other-99")
            ))
            #expect(request["queryString"] == [
                ["name": "access_key", "value": "[redacted: SERVICE_KEY]"], ["name": "demo", "value": "[redacted: DEMO_KEY]"],
                ["name": "other", "value": "plain-other-99"],
            ])
            let sig = request["headers"]?.array?.first { $0["name"]?.string?.lowercased() == "x-sig" }
            #expect(sig?["value"] == "[redacted: SIGNING_SECRET]")
            #expect(request["postData"]?["text"] == #"{"note":"[redacted: APP_PASSWORD]"}"#)
            // The echo: the target as sent (the path's form, the query's), the header JSON-escaped,
            // the body a JSON string inside a JSON string.
            #expect(entry["response"]?["content"]?["text"] == .string(
                #"{"target":"/bot%5Bredacted:%20BOT_TOKEN%5D/echo?access_key=%5Bredacted%3A%20SERVICE_KEY%5D&demo=[redacted: DEMO_KEY]&other=plain-other-99","#
                    + #""sig":"[redacted: SIGNING_SECRET]","body":"{\"note\":\"[redacted: APP_PASSWORD]\"}"}"#
            ))
            for secret in Array(Self.secrets.values) + ["fallback-key-1234"] {
                for form in SecretText.forms(of: secret) { #expect(!recording.contains(form.text), "\(form.form) of \(secret) in \(recording)") }
            }
        }
    }
}

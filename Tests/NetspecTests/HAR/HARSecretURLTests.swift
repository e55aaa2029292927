import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing
@testable import Netspec

/// A secret hidden by value in a request's URL: found in the form the URL carries it (a path
/// segment's, a base URL's, a query's) and replaced by the placeholder percent-encoded, so the
/// recorded URL stays one (docs/har.md "Redaction").
@Suite struct HARSecretURLTests {
    static func spec(_ server: TestServer) -> String {
        """
        netspec: 1
        service: Paths
        baseURL: \(server.baseURL)/bot${BOT_TOKEN}
        endpoints:
          getMe: { GET: /getMe }
          item:
            GET: /k/{key}
            params:
              key: String
          secretItem:
            GET: /s/v{key}.json
            params:
              key: { type: String, secret: true }
          keyed:
            GET: /keyed
            auth:
              apiKey: { in: query, name: api_key, value: "${API_KEY}" }
            params:
              q: { in: query }
        """
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var variables: [String: String]
        var endpoint: String
        var arguments: [String: String] = [:]
        /// The URL as sent and as recorded, after the server's base URL.
        var sent: String
        var recorded: String
        var queryString: JSONValue = []
        /// Values the recording must not hold in any form, besides the variables'.
        var hidden: [String] = []
    }

    static let cases = [
        // The base URL's variable, `:` kept and the space escaped, as the URL carries it.
        Case(testDescription: "base URL", variables: ["BOT_TOKEN": "12:AB CD"], endpoint: "getMe", sent: "/bot12:AB%20CD/getMe", recorded: "/bot%5Bredacted%3A%20BOT_TOKEN%5D/getMe"),
        // `/` kept as well: the base URL's form is a path's, not a segment's.
        Case(testDescription: "base URL with a slash", variables: ["BOT_TOKEN": "12/AB CD"], endpoint: "getMe", sent: "/bot12/AB%20CD/getMe", recorded: "/bot%5Bredacted%3A%20BOT_TOKEN%5D/getMe"),
        // A path parameter holding a secret's value: `@` and `+` kept, `/` escaped.
        Case(
            testDescription: "path parameter", variables: ["BOT_TOKEN": "bot1", "PATH_TOKEN": "ab/c@d e+f"], endpoint: "item", arguments: ["key": "ab/c@d e+f"],
            sent: "/botbot1/k/ab%2Fc@d%20e+f", recorded: "/bot%5Bredacted%3A%20BOT_TOKEN%5D/k/%5Bredacted%3A%20PATH_TOKEN%5D"
        ),
        // A query item that is no secret's place, holding the key's value as it is: the
        // placeholder percent-encoded there too, as in the key's own item.
        Case(
            testDescription: "query", variables: ["BOT_TOKEN": "bot1", "API_KEY": "plainkey123"], endpoint: "keyed", arguments: ["q": "plainkey123"],
            sent: "/botbot1/keyed?q=plainkey123&api_key=plainkey123",
            recorded: "/bot%5Bredacted%3A%20BOT_TOKEN%5D/keyed?q=%5Bredacted%3A%20API_KEY%5D&api_key=%5Bredacted%3A%20API_KEY%5D",
            queryString: [["name": "q", "value": "[redacted: API_KEY]"], ["name": "api_key", "value": "[redacted: API_KEY]"]]
        ),
        // A `secret: true` path parameter, by place: found in the path by the endpoint's template.
        Case(
            testDescription: "secret path parameter", variables: ["BOT_TOKEN": "bot1"], endpoint: "secretItem", arguments: ["key": "sekret:pa th"],
            sent: "/botbot1/s/vsekret:pa%20th.json", recorded: "/bot%5Bredacted%3A%20BOT_TOKEN%5D/s/v%5Bredacted%3A%20key%5D.json", hidden: ["sekret:pa th"]
        ),
        // Shorter than 4 characters: hidden in its place, though not by value elsewhere.
        Case(
            testDescription: "short secret path parameter", variables: ["BOT_TOKEN": "bot1"], endpoint: "secretItem", arguments: ["key": "a b"],
            sent: "/botbot1/s/va%20b.json", recorded: "/bot%5Bredacted%3A%20BOT_TOKEN%5D/s/v%5Bredacted%3A%20key%5D.json"
        ),
    ]

    @Test(arguments: cases)
    func aSecretInTheURLIsHiddenByThePlaceholderPercentEncoded(_ test: Case) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let recorder = HARRecorder()
            let api = try makeService(Self.spec(server), variables: test.variables, wireInterceptors: [recorder])
            let response = try await api.call(test.endpoint, test.arguments.mapValues { Argument.value(.string($0)) })
            #expect(try EchoReport(json: response.body).target == test.sent)
            let archive = recorder.archive()
            let request = try #require(archive["log"]?["entries"]?[0]?["request"])
            #expect(request["url"] == .string(server.url(test.recorded)))
            #expect(request["queryString"] == test.queryString)
            #expect(HARSchema.violations(archive) == [])
            let text = archive.description
            for secret in Array(test.variables.values) + test.hidden where secret.count >= 4 {
                for form in SecretText.forms(of: secret) { #expect(!text.contains(form.text), "\(form.form) of \(secret)") }
            }
        }
    }

    /// A redirect's `Location` holding a secret stays a URL, which a replay can follow.
    @Test func aRedirectsLocationKeepsTheEncodedPlaceholder() async throws {
        let handler = TestHandlers.router([
            "GET /botbot1/getMe": TestHandlers.redirect(to: "/botbot1/k/12:AB%20CD"),
            "GET /botbot1/k/12:AB%20CD": TestHandlers.json(body: "{}"),
        ])
        try await withTestServer(handler) { server in
            let recorder = HARRecorder()
            let api = try makeService(Self.spec(server), variables: ["BOT_TOKEN": "bot1", "PATH_TOKEN": "12:AB CD"], wireInterceptors: [recorder])
            _ = try await api.call("getMe")
            let response = recorder.archive()["log"]?["entries"]?[0]?["response"]
            let location = response?["headers"]?.array?.first { $0["name"]?.string?.lowercased() == "location" }
            #expect(location?["value"] == "/bot%5Bredacted%3A%20BOT_TOKEN%5D/k/%5Bredacted%3A%20PATH_TOKEN%5D")
            // redirectURL is the Location hidden the same way: a URL, not the raw `[redacted: NAME]`.
            #expect(response?["redirectURL"] == "/bot%5Bredacted%3A%20BOT_TOKEN%5D/k/%5Bredacted%3A%20PATH_TOKEN%5D")
        }
    }
}

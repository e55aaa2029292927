import Testing

import Netspec

/// A request from `prepare` has no credentials yet (the call attaches them as it sends), so its
/// renderings show where the endpoint's `auth:` puts them, as references to the variables, never
/// their values — even when the provider has them (issue 52.7).
@Suite struct PreparedRequestAuthRenderingTests {
    static let curlHead = "curl https://api.example.com/me -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0'"
    static let messageHead = "GET https://api.example.com/me HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n"

    @Test(arguments: [
        (#"{ bearer: "${TOKEN}" }"#, curlHead + #" -H "Authorization: Bearer ${TOKEN}" --compressed"#,
         messageHead + "Authorization: Bearer ${TOKEN}\n\n"),
        (#"{ basic: { user: "${USER}", password: "${PASS}" } }"#, curlHead + #" -u "${USER}:${PASS}" --compressed"#,
         messageHead + "Authorization: Basic base64(${USER}:${PASS})\n\n"),
        (#"{ apiKey: { in: header, name: X-API-Key, value: "${KEY}" } }"#, curlHead + #" -H "X-API-Key: ${KEY}" --compressed"#,
         messageHead + "X-API-Key: ${KEY}\n\n"),
        (#"{ apiKey: { in: query, name: api_key, value: "${KEY}" } }"#,
         #"curl "https://api.example.com/me?api_key=${KEY}" -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed"#,
         "GET https://api.example.com/me?api_key=${KEY} HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"),
    ])
    func showsWhereTheCredentialsGo(auth: String, curl: String, message: String) async throws {
        let secrets = ["TOKEN": "s3cret", "USER": "ada", "PASS": "pw", "KEY": "k3y"]
        let api = Service(
            spec: try Spec(yaml: "netspec: 1\nservice: S\nbaseURL: https://api.example.com\nauth: \(auth)\nendpoints:\n  me: { GET: /me }\n", file: "s.yaml"),
            provider: Provider(variables: secrets, options: Provider.Options(usesEnvironment: false))
        )
        let request = try await api.me.prepare()
        #expect(request.curlCommand == curl)
        #expect(request.httpMessage == message)
        for secret in secrets.values { #expect(!request.curlCommand.contains(secret) && !request.httpMessage.contains(secret)) }
        // Not sent with the request: the call attaches (and renews) them itself.
        #expect(request.headerFields[.authorization] == nil)
    }

    @Test func aCredentialTheCallGivesIsShownAsGiven() throws {
        let api = Service(
            spec: try Spec(yaml: "netspec: 1\nservice: S\nbaseURL: https://api.example.com\nauth: { bearer: \"${TOKEN}\" }\nendpoints:\n  me: { GET: /me }\n  open: { GET: /me, auth: none }\n", file: "s.yaml"),
            provider: Provider(options: Provider.Options(usesEnvironment: false))
        )
        let own = try api.prepare("me", options: CallOptions(headers: [(name: "Authorization", value: "Token mine")]))
        #expect(own.curlCommand == "curl https://api.example.com/me -H 'Authorization: Token mine' -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed")
        #expect(!own.curlCommand.contains("${TOKEN}"))
        let open = try api.prepare("open")
        #expect(open.curlCommand == Self.curlHead + " --compressed")
    }
}

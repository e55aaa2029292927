import HTTPTypes
@testable import Netspec
import Testing

/// The forms a secret takes in text (``SecretText``), which HAR recordings and `netspec run`'s
/// traces hide, and the cookies a `Cookie` header shows (``SecretCookies``).
struct SecretTextTests {
    @Test(arguments: [
        ("abc123", [#"abc123"#]),
        ("open sesame", [#"open sesame"#, #"open%20sesame"#, #"open+sesame"#]),
        ("tok/with/slashes", [#"tok/with/slashes"#, #"tok%2Fwith%2Fslashes"#, #"tok\/with\/slashes"#]),
        (#"pa"ss\1"#, [#"pa"ss\1"#, #"pa%22ss%5C1"#, #"pa\"ss\\1"#, #"pa\\\"ss\\\\1"#]),
        ("ké<y", [#"ké<y"#, #"k%C3%A9%3Cy"#, #"k\u00e9<y"#, #"ké\u003cy"#]),
        ("a\nb", [#"a"# + "\n" + #"b"#, #"a%0Ab"#, #"a\nb"#, #"a\\nb"#]),
        // A path segment keeps `:`, `@` and `+` (a path parameter, a base URL's variable).
        ("12:AB CD", [#"12:AB CD"#, #"12%3AAB%20CD"#, #"12:AB%20CD"#, #"12%3AAB+CD"#]),
        ("a@b+c d", [#"a@b+c d"#, #"a%40b%2Bc%20d"#, #"a@b+c%20d"#, #"a%40b%2Bc+d"#]),
        // A base URL's variable keeps `/` too.
        ("a/b c:d", [#"a/b c:d"#, #"a%2Fb%20c%3Ad"#, #"a%2Fb%20c:d"#, #"a/b%20c:d"#, #"a%2Fb+c%3Ad"#, #"a\/b c:d"#]),
    ])
    func aSecretsFormsAreTheDistinctWaysTextHoldsIt(secret: String, forms: [String]) {
        #expect(SecretText.forms(of: secret).map(\.text) == forms)
    }

    @Test(arguments: [
        // `netspec run --json`: a criterion's actual value, and the message quoting it, written as JSON.
        ([#"pa"ss123"#], #"{"actual":"pa\"ss123","message":"failed: actual \"pa\\\"ss123\""}"#, #"{"actual":"<redacted>","message":"failed: actual \"<redacted>\""}"#),
        ([#"pa\ss123"#], #"actual "pa\\ss123""#, #"actual "<redacted>""#),
        // The longer secret first: no `\/ef` of it left after the shorter one.
        (["abcd", "abcd/ef"], #"["abcd\/ef","abcd"]"#, #"["<redacted>","<redacted>"]"#),
        (["open sesame"], "password=open+sesame&again=open%20sesame", "password=<redacted>&again=<redacted>"),
    ])
    func textIsMaskedInEveryFormOfEverySecret(secrets: [String], text: String, masked: String) {
        #expect(SecretText(secrets, mask: "<redacted>").hiding(in: text) == masked)
    }

    /// A recording keeps JSON and URLs valid: each form gives way to the placeholder in the same form.
    @Test func aRecordingWritesThePlaceholderInTheFormOfTheSecret() {
        let text = SecretText([(value: "open sesame/1", placeholder: "[redacted: PASSWORD]")], encodingPlaceholders: true)
        #expect(text.hiding(in: #"{"body":"password=open+sesame%2F1","raw":"open sesame\/1","url":"?p=open%20sesame%2F1"}"#)
            == #"{"body":"password=%5Bredacted%3A+PASSWORD%5D","raw":"[redacted: PASSWORD]","url":"?p=%5Bredacted%3A%20PASSWORD%5D"}"#)
    }

    @Test(arguments: [
        // Nothing known: every cookie's value hidden, its name kept.
        ("theme=dark; sid=x1", "theme=<redacted>; sid=<redacted>"),
        ("flag", "flag"),
    ])
    func aRedactorWithoutAnEndpointHidesEveryCookiesValue(header: String, shown: String) {
        #expect(Redactor().value(ofHeader: "Cookie", header) == shown)
    }
}

/// What `netspec check` quotes of an answer: an echoed credential hidden in every form.
struct AnswerSecretsTests {
    static let spec = """
        netspec: 1
        service: Echo
        baseURL: http://127.0.0.1:9
        auth:
          apiKey: { in: header, name: X-Api-Key, value: "${API_KEY}" }
        endpoints:
          echo:
            GET: /echo
        """

    @Test func anEchoedKeyIsHiddenInTheAnswersHeadersAndBody() throws {
        let api = try makeService(Self.spec, variables: ["API_KEY": #"k3y/"secret"#])
        let headers = HTTPFields([HTTPField(name: .setCookie, value: "sid=abc"), HTTPField(name: HTTPField.Name("X-Echo")!, value: #"k3y/"secret"#)])
        let body = #"{"raw":"k3y\/\"secret","twice":"{\"key\":\"k3y/\\\"secret\"}"}"#
        let shown = api.hidingSecrets(inAnswer: headers, body: body, endpoint: try api.endpoint(named: "echo"))
        #expect(shown.headers == ["Set-Cookie: <redacted>", "X-Echo: <redacted>"])
        #expect(shown.body == #"{"raw":"<redacted>","twice":"{\"key\":\"<redacted>\"}"}"#)
    }
}

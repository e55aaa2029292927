import Netspec
import Testing

/// `auth: basic` written with a control character (or a user-id with ':') is refused when the
/// spec loads, at the character (RFC 7617 §2); a variable's value is checked at the call
/// (CallCoderAndBasicAuthTests).
@Suite struct BasicAuthLiteralTests {
    @Test(arguments: [
        (#"{ basic: { user: "a\r\nda", password: "pw" } }"#, "t.yaml:6:30: error: endpoint 'a': auth: basic: 'user' holds a line break (CR or LF), which RFC 7617 §2 forbids in a user-id and password"),
        (#"{ basic: { user: "ada", password: "p\u0001w" } }"#, "t.yaml:6:47: error: endpoint 'a': auth: basic: 'password' holds the control character 0x01, which RFC 7617 §2 forbids in a user-id and password"),
        (#"{ basic: { user: "a:da", password: "pw" } }"#, "t.yaml:6:30: error: endpoint 'a': auth: basic: 'user' holds ':', which ends a user-id (RFC 7617 §2): the server would read the rest as the password"),
    ])
    func isRefusedAtItsCharacter(auth: String, message: String) {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  a:\n    GET: /a\n    auth: \(auth)\n"
        let error = #expect(throws: SpecError.self) { try Spec(yaml: yaml, file: "t.yaml") }
        #expect(error?.description == message)
    }

    @Test func variablesAndAColonInThePasswordLoad() throws {
        _ = try Spec(yaml: "netspec: 1\nservice: S\nendpoints:\n  a:\n    GET: /a\n    auth: { basic: { user: \"${U:-x}\", password: \"p:w\" } }\n", file: "t.yaml")
    }
}

import Foundation
import Testing
import NetspecTestServer
import NetspecTestSupport

/// `auth: basic`'s user-id and password as RFC 7617 §2 limits them, and as `--dry-run` shows them.
@Suite struct CallBasicAuthTests {
    /// A literal basic credential is shown by `--dry-run` as sent (`Basic base64("ada:pw")`), as a
    /// literal bearer token is: `Basic base64(ada:pw)` is not what goes out. One from variables
    /// stays `<redacted>` when they are set, their references when not.
    @Test func dryRunShowsALiteralBasicCredentialAsSent() async throws {
        let spec = try CLI.temporarySpec(CoderAuthUploadSpec.text("http://127.0.0.1:9"))
        let literal = try await CLI.run(["call", spec, "basic", "--dry-run"])
        #expect(literal.status == 0, "\(literal.stderr)")
        #expect(literal.stdout.contains("Authorization: Basic YWRhOnB3\n"), "\(literal.stdout)")
        #expect(!literal.stdout.contains("base64("))
        let unset = try await CLI.run(["call", spec, "basicVar", "--dry-run"], unsetting: ["NETSPEC_TEST_BA_USER", "NETSPEC_TEST_BA_PASS"])
        #expect(unset.stdout.contains("Authorization: Basic base64(${NETSPEC_TEST_BA_USER}:${NETSPEC_TEST_BA_PASS})\n"), "\(unset.stdout)")
        let set = try await CLI.run(["call", spec, "basicVar", "--dry-run", "--var", "NETSPEC_TEST_BA_USER=u", "--var", "NETSPEC_TEST_BA_PASS=p"])
        #expect(set.stdout.contains("Authorization: <redacted>\n"), "\(set.stdout)")
    }

    /// A variable's control character (or a user-id's ':') is refused before anything is sent,
    /// naming the variable and never showing its value: exit 78.
    @Test(arguments: [
        ("a\r\nda", "pw", "error: endpoint 'basicVar': auth: basic user (from variable 'NETSPEC_TEST_BA_USER') holds a line break (CR or LF), which RFC 7617 §2 forbids in a user-id and password"),
        ("ada", "p\u{7F}w", "error: endpoint 'basicVar': auth: basic password (from variable 'NETSPEC_TEST_BA_PASS') holds the control character 0x7F, which RFC 7617 §2 forbids in a user-id and password"),
        ("a:da", "pw", "error: endpoint 'basicVar': auth: basic user (from variable 'NETSPEC_TEST_BA_USER') holds ':', which ends a user-id (RFC 7617 §2): the server would read the rest as the password"),
    ])
    func aBasicCredentialFromAVariableIsCheckedAtTheCall(user: String, password: String, message: String) async throws {
        let log = Recorder<String>()
        try await withTestServer(CoderAuthUploadSpec.recording(log)) { server in
            let spec = try CLI.temporarySpec(CoderAuthUploadSpec.text(server.baseURL))
            let result = try await CLI.run(["call", spec, "basicVar"], environment: ["NETSPEC_TEST_BA_USER": user, "NETSPEC_TEST_BA_PASS": password])
            #expect(result.status == 78)
            #expect(result.stderr == message + "\n")
            #expect(log.all.isEmpty)
        }
    }

    /// A literal one is refused when the spec loads, at the character: exit 65 from validate.
    @Test func aLiteralBasicControlCharacterIsALoadError() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: http://127.0.0.1:9\nendpoints:\n  c:\n    GET: /a\n    auth: { basic: { user: \"a\\r\\nda\", password: \"pw\" } }\n")
        let result = try await CLI.run(["validate", spec])
        #expect(result.status == 65)
        #expect(result.stderr.contains("7:30: error: endpoint 'c': auth: basic: 'user' holds a line break (CR or LF), which RFC 7617 §2 forbids in a user-id and password"), "\(result.stderr)")
    }
}

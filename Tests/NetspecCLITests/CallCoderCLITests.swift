import Foundation
import Testing
import NetspecTestServer
import NetspecTestSupport

/// A spec that names `encoder:` / `decoder:` (coders a Swift program registers on its provider)
/// is called, previewed and mocked from the command line, which needs neither.
@Suite struct CallCoderCLITests {
    /// `decoder:` decodes into Swift types, which the command line never does: the call prints the
    /// JSON, through the network and the mock alike. `encoder:` encodes Swift `Encodable`
    /// arguments, which items never are: the body is the items' JSON, as a Swift call with the
    /// same plain values sends it.
    @Test func aSpecNamingCodersIsCalledFromTheCommandLine() async throws {
        let log = Recorder<String>()
        try await withTestServer(CoderAuthUploadSpec.recording(log)) { server in
            let spec = try CLI.temporarySpec(CoderAuthUploadSpec.text(server.baseURL))
            let get = try await CLI.run(["call", spec, "get"])
            #expect(get.status == 0, "\(get.stderr)")
            #expect(get.stdout == #"{"user_id":7}"# + "\n")
            #expect(get.stderr == "")
            let post = try await CLI.run(["call", spec, "post", "userName=ada"])
            #expect(post.status == 0, "\(post.stderr)")
            #expect(post.stdout == #"{"user_id":7}"# + "\n")
            #expect(log.all == ["GET /a - ", #"POST /a - {"userName":"ada"}"#])
            let mock = try await CLI.run(["call", spec, "get", "--mock"])
            #expect(mock.status == 0, "\(mock.stderr)")
            #expect(mock.stdout == #"{"user_id":7}"# + "\n")
            let dryRun = try await CLI.run(["call", spec, "post", "userName=ada", "--dry-run"])
            #expect(dryRun.status == 0, "\(dryRun.stderr)")
            #expect(dryRun.stdout.hasSuffix("\n\n" + #"{"userName":"ada"}"# + "\n"))
            let curl = try await CLI.run(["call", spec, "post", "userName=ada", "--curl"])
            #expect(curl.status == 0, "\(curl.stderr)")
            #expect(curl.stdout.contains(#"-d '{"userName":"ada"}'"#) || curl.stdout.contains(#"--data-raw '{"userName":"ada"}'"#), "\(curl.stdout)")
        }
    }
}

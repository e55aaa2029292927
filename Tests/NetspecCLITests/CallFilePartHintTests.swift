import Foundation
import Testing
import NetspecTestServer
import NetspecTestSupport

/// Text for a `URL` body or part is refused in the command line's words.
@Suite struct CallFilePartHintTests {
    /// Text for a `URL` part is no file: the command line says to give it as `NAME@FILE` (a Swift
    /// call is told to pass `.file(URL(fileURLWithPath: …))`, RequestBuilderFileHintTests).
    @Test(arguments: [
        (["doc=/tmp/x.txt"], #"error: endpoint 'upload': parameter 'doc': expected a file to upload, got the text "/tmp/x.txt" in 'doc=/tmp/x.txt' (give the file as doc@/tmp/x.txt)"#),
        ([#"doc:="/tmp/x.txt""#], #"error: endpoint 'upload': parameter 'doc': expected a file to upload, got the text "/tmp/x.txt" in 'doc:="/tmp/x.txt"' (give the file as doc@/tmp/x.txt)"#),
    ])
    func textForAFilePartNamesTheFileItem(items: [String], message: String) async throws {
        let spec = try CLI.temporarySpec(CoderAuthUploadSpec.text("http://127.0.0.1:9"))
        for mode in [[], ["--dry-run"]] {
            let result = try await CLI.run(["call", spec, "upload"] + items + mode)
            #expect(result.status == 64)
            #expect(result.stderr == message + "\n")
            #expect(result.stdout == "")
        }
    }
}

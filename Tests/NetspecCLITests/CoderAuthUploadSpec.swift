import NetspecTestServer
import NetspecTestSupport

/// The spec of CallCoderCLITests, CallBasicAuthTests and CallFilePartHintTests: endpoints that
/// name coders, take a file part, and send basic credentials literal or from variables.
enum CoderAuthUploadSpec {
    static func text(_ baseURL: String) -> String {
        """
        netspec: 1
        service: S
        baseURL: \(baseURL)
        endpoints:
          get:
            GET: /a
            decoder: snake
            mock: { body: { user_id: 7 } }
          post:
            POST: /a
            encoder: snake
            params:
              userName: String
          upload:
            POST: /up
            encoding: multipart
            params:
              doc: URL
          basic:
            GET: /a
            auth: { basic: { user: "ada", password: "pw" } }
          basicVar:
            GET: /a
            auth: { basic: { user: "${NETSPEC_TEST_BA_USER}", password: "${NETSPEC_TEST_BA_PASS}" } }
        """ + "\n"
    }

    /// A server that answers `{"user_id":7}` and records each request's line, Authorization and body.
    static func recording(_ log: Recorder<String>) -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.target) \(request.header("Authorization") ?? "-") \(body)")
            try await TestHandlers.json(body: #"{"user_id":7}"#)(request, writer)
        }
    }
}

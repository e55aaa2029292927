// docs/policies.md's Swift blocks, verbatim between `// snippet docs/policies.md N` and
// `// end snippet docs/policies.md N` (see DocSnippetTests).

import Foundation
import HTTPTypes
import Logging
import Netspec

// snippet docs/policies.md 1
struct RequestID: Interceptor {
    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        var request = request
        request.headerFields[HTTPField.Name("X-Request-ID")!] = UUID().uuidString
        return try await next(request)          // or return a response without calling next, or call it twice
    }
}
// end snippet docs/policies.md 1

extension DocSnippets {
    static func interceptors() {
        // snippet docs/policies.md 1
        let provider = Provider(baseURL: "https://api.example.com", interceptors: [RequestID()])
        // end snippet docs/policies.md 1
        _ = provider
    }

    static func retry() {
        // snippet docs/policies.md 2
        var options = Provider.Options()
        options.retry = RetryPolicy(maxRetries: 3, statuses: [429, 503], backoff: 0.2, extraMethods: ["POST"])
        // end snippet docs/policies.md 2
        _ = options
    }

    static func logging() {
        // snippet docs/policies.md 3
        var options = Provider.Options()
        options.logging.logger = Logger(label: "api")          // swift-log
        // end snippet docs/policies.md 3
        _ = options
    }
}

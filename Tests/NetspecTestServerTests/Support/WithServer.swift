import Foundation
import NetspecTestServer
import Testing

/// What `TestHandlers.echo` answers.
typealias Echo = EchoReport

extension EchoReport {
    /// Decodes a raw response's body.
    init(_ response: RawResponse) throws {
        try self.init(json: response.body)
    }
}

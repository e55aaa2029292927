import AsyncHTTPClient
import HTTPTypes
import NIOCore

/// Redirects, followed here rather than inside async-http-client, by ``RedirectFollower``'s rules
/// (the same as a ``Service`` call's, which follows them above the transport so that wire
/// interceptors see every hop, and asks the transport for none).
extension AsyncHTTPClientTransport {
    /// The final response of a request, its head arrived and its body unread.
    struct FinalResponse {
        /// The response.
        var response: HTTPClientResponse
        /// Its header fields.
        var headerFields: HTTPFields
        /// The request it answers: the one given, or the last redirect's.
        var request: PreparedRequest
    }

    /// Sends `request` on `client` and follows its redirects, all before `deadline`.
    ///
    /// - Throws: ``CallError/TransportError``, naming the host of the hop that failed.
    func executeFollowingRedirects(
        _ request: PreparedRequest, on client: HTTPClient, options: TransportOptions, deadline: NIODeadline
    ) async throws -> FinalResponse {
        var follower = RedirectFollower(request: request, maxRedirects: options.maxRedirects)
        var current = request
        while true {
            let clientRequest = Self.makeRequest(current, uploadProgress: options.uploadProgress, writingOn: client.eventLoopGroup)
            let response: HTTPClientResponse
            do {
                response = try await client.execute(clientRequest, deadline: deadline)
            } catch {
                throw await TransportErrorMapping.explained(error, url: current.url, options: options)
            }
            let fields = Self.headerFields(response.headers)
            guard let next = try follower.nextRequest(after: Int(response.status.code), headerFields: fields, to: current) else {
                return FinalResponse(response: response, headerFields: fields, request: current)
            }
            await Self.discard(response.body)
            // A hop to a pinned host has its pins checked before its request is sent. (It goes
            // out on the first hop's client, whose trust is that host's: a `Service` call, which
            // follows redirects itself, chooses a client per hop.)
            if !options.tls.pins.isEmpty, let (host, port) = Provider.TLS.httpsHostAndPort(of: next.url) {
                _ = try await options.tls.connectionSettings(
                    host: host, port: port, verifiesCertificates: options.verifiesCertificates, connectTimeout: options.connectTimeout
                )
            }
            current = next
        }
    }

    /// Reads a redirect's body and drops it, so that its connection can carry the next request;
    /// past 64 KiB, or on an error, the body is abandoned and async-http-client closes the
    /// connection instead.
    private static func discard(_ body: HTTPClientResponse.Body) async {
        var received = 0
        do {
            for try await chunk in body {
                received += chunk.readableBytes
                if received > 64 * 1024 { return }
            }
        } catch {
            // The next request goes on another connection.
        }
    }
}

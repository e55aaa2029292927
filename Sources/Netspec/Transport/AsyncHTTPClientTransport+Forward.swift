import AsyncHTTPClient
package import HTTPTypes
package import NIOCore
import NIOHTTP1
import NetspecModel

/// Requests passed on for another client (the mock's validating proxy): the transport's clients,
/// TLS settings and pins, and its errors naming the host, with the answer left as the server sent
/// it — not decompressed, no redirect followed — and its body as SwiftNIO's buffers, so that
/// passing it on copies nothing.
extension AsyncHTTPClientTransport {
    /// An answer being passed on: its head, and its body as it arrives.
    package struct Forwarded: Sendable {
        /// The status code.
        package let status: Int
        /// The reason phrase as the server sent it.
        package let reasonPhrase: String
        /// The header fields, in order.
        package let headerFields: HTTPFields
        /// The body, once; read errors are ``TransportError``s naming the host.
        package let body: Body

        /// The body's buffers as they arrive; the request keeps its place on its event loop
        /// until the body and its iterators are gone.
        package struct Body: AsyncSequence, Sendable {
            package typealias Element = ByteBuffer
            fileprivate let base: HTTPClientResponse.Body
            fileprivate let url: String
            fileprivate let options: TransportOptions
            fileprivate let lease: LoopLease

            package func makeAsyncIterator() -> Iterator {
                Iterator(base: base.makeAsyncIterator(), url: url, options: options, lease: lease)
            }

            /// Reads the body's buffers.
            package struct Iterator: AsyncIteratorProtocol {
                fileprivate var base: HTTPClientResponse.Body.AsyncIterator
                fileprivate let url: String
                fileprivate let options: TransportOptions
                fileprivate let lease: LoopLease

                /// The next buffer, or `nil` at the end.
                package mutating func next() async throws -> ByteBuffer? {
                    do {
                        return try await base.next()
                    } catch {
                        throw TransportErrorMapping.map(error, url: url, options: options)
                    }
                }
            }
        }
    }

    /// Sends a request as given and returns when the answer's head has arrived.
    ///
    /// - Parameters:
    ///   - headerFields: sent as they are (the transport adds `Host`, and `Content-Length` for
    ///     a body).
    ///   - options: the connect timeout, `timeout` (until the head arrives), TLS verification,
    ///     trust and pins; `decompresses` is not used (the body is passed on as sent).
    /// - Throws: ``TransportError``, naming the host.
    package func forward(
        method: HTTPRequest.Method, url: String, headerFields: HTTPFields, body: ByteBuffer?, options: TransportOptions
    ) async throws(TransportError) -> Forwarded {
        var options = options
        options.decompresses = false
        let (client, lease): (HTTPClient, LoopLease)
        do {
            (client, lease) = try await self.client(for: options, url: url)
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportErrorMapping.map(error, url: url, options: options)
        }
        // A target as the client sent it (`/a[0]`): only the bytes Foundation would refuse are
        // escaped, else it escapes the whole path or query again (`%20` as `%2520`).
        var request = HTTPClientRequest(url: PercentEncoding.escapingInvalidURLBytes(url))
        request.method = HTTPMethod(rawValue: method.rawValue)
        for field in headerFields { request.headers.add(name: field.name.rawName, value: field.value) }
        if let body { request.body = .bytes(body) }
        let response: HTTPClientResponse
        do {
            response = try await Self.execute(
                on: client, deadline: options.deadlineFromNow(), timeout: options.timeout, host: TransportErrorMapping.hostAndPort(of: url)
            ) { request }
        } catch {
            throw await TransportErrorMapping.explained(error, url: url, options: options)
        }
        return Forwarded(
            status: Int(response.status.code), reasonPhrase: response.status.reasonPhrase, headerFields: Self.headerFields(response.headers),
            body: Forwarded.Body(base: response.body, url: url, options: options, lease: lease)
        )
    }
}

import Foundation
import HTTPTypes

/// Opening stream endpoints: the status and `Content-Type` are checked before any event is yielded.
extension Service {
    func openStream(
        _ request: PreparedRequest, kind: StreamKind, endpoint: Endpoint, options: TransportOptions, callOptions: CallOptions,
        usesMock: Bool, decoder: JSONDecoder?
    ) async throws -> Response {
        let response = try await send(request, endpoint: endpoint, options: options, callOptions: callOptions, usesMock: usesMock)
        try await checkStreamHead(response, kind: kind, endpoint: endpoint)
        var reconnection: Reconnection?
        if kind == .sse {
            reconnection = Reconnection(
                defaultDelay: provider.options.reconnectDelay,
                maxAttempts: provider.options.maxReconnectAttempts
            ) { lastEventID in
                var retry = request
                if let lastEventID { retry.fields[HTTPField.Name("Last-Event-ID")!] = lastEventID }
                let response = try await self.send(retry, endpoint: endpoint, options: options, callOptions: callOptions, usesMock: usesMock)
                if response.status == 204 { return nil }
                try await self.checkStreamHead(response, kind: kind, endpoint: endpoint)
                return response.body
            }
        }
        return Response(
            endpointName: endpoint.name, status: response.status, reasonPhrase: response.reasonPhrase,
            headerFields: response.headerFields, value: .null, body: [], decoder: decoder,
            stream: ResponseStream(
                kind: kind, body: response.body.reportingProgress(total: response.contentLength, to: callOptions.downloadProgress),
                until: endpoint.until, reconnection: reconnection
            )
        )
    }

    /// A non-2xx status is an ``CallError/HTTPStatusError`` (with the body read, bounded); an event stream
    /// must say `Content-Type: text/event-stream`.
    private func checkStreamHead(_ response: TransportResponse, kind: StreamKind, endpoint: Endpoint) async throws {
        guard (200..<300).contains(response.status) else {
            let body = try await response.body.collect(upTo: min(provider.options.maxResponseSize, 1024 * 1024))
            try checkStatus(response, body: body, endpoint: endpoint)
            return
        }
        if kind == .sse, response.status != 204 {
            let contentType = response.headerFields[.contentType] ?? ""
            guard contentType.lowercased().hasPrefix("text/event-stream") else {
                throw ResultDecodingError(
                    endpoint: endpoint.name, keyPath: "",
                    message: "expected an event stream (Content-Type: text/event-stream), got \(contentType.isEmpty ? "no Content-Type" : "Content-Type: \(contentType)")"
                )
            }
        }
    }
}

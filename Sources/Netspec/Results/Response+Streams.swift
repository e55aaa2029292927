/// The stream of a stream endpoint's response.
extension Response {
    /// The Server-Sent Events of a `stream: sse` endpoint.
    ///
    /// - Throws: ``CallError/argument(_:)`` when the endpoint is not `stream: sse`.
    public var events: Response.EventStream {
        get throws(CallError) {
            ServerSentEventStream(stream: try stream(.sse), endpoint: endpointName)
        }
    }

    /// The JSON values of a `stream: lines` endpoint.
    ///
    /// - Throws: ``CallError/argument(_:)`` when the endpoint is not `stream: lines`.
    public var lines: Response.JSONLineStream {
        get throws(CallError) {
            JSONLineStream(stream: try stream(.lines), endpoint: endpointName)
        }
    }

    /// The raw body chunks of a stream endpoint (any kind), as they arrive.
    ///
    /// - Throws: ``CallError/argument(_:)`` when the endpoint is not a stream endpoint.
    public var bytes: Response.ByteStream {
        get throws(CallError) {
            guard let stream else { throw notAStream(.bytes) }
            return ByteStream(body: stream.body)
        }
    }

    private func stream(_ kind: StreamKind) throws(CallError) -> ResponseStream {
        guard let stream, stream.kind == kind else { throw notAStream(kind) }
        return stream
    }

    func notAStream(_ kind: StreamKind) -> CallError {
        let actual = stream.map { "'stream: \($0.kind)'" } ?? "not a stream endpoint"
        return .binding(ArgumentError(
            endpoint: endpointName, parameter: nil, reason: .configuration,
            message: "the endpoint is \(actual), so its response has no \(kind == .sse ? "events" : kind == .lines ? "lines" : "byte stream")"
        ))
    }
}

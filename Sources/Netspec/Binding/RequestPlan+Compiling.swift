import HTTPTypes
import NetspecModel

/// Compiling an endpoint into its ``RequestPlan``: done by the binding stage on the endpoint's
/// first call and kept with it (``Endpoint/derived(_:)``), so a large spec compiles only what is
/// called and the model knows nothing of plans.
extension RequestPlan {
    /// The plan of an endpoint whose parameters the front end has resolved and checked.
    init(compiling endpoint: Endpoint) {
        self = Self.make(
            endpoint.parameters, encoding: endpoint.encoding, path: endpoint.pathTemplate, stream: endpoint.stream,
            returnType: endpoint.returnType, answersValueOrEvents: endpoint.answersValueOrEvents, lineTypes: Self.lineTypes(of: endpoint)
        )
    }

    /// The JSON-lines media types the endpoint's success response declares (`application/jsonl`,
    /// `application/json-seq`, …), in the document's order; empty for a Netspec spec's `stream: lines`.
    private static func lineTypes(of endpoint: Endpoint) -> [String] {
        guard endpoint.stream == .lines, let index = endpoint.responses.successIndex else { return [] }
        var types: [String] = []
        for content in endpoint.responses.declared[index].content where MediaType.streamKind(content.mediaType) == .lines && !types.contains(content.mediaType) {
            types.append(content.mediaType)
        }
        return types
    }

    /// The default `Accept` for an endpoint's result kind; a line stream names the line types its
    /// document declares (`application/x-ndjson` when it declares none).
    private static func accept(stream: Endpoint.StreamKind?, returnType: ReturnType, answersValueOrEvents: Bool, lineTypes: [String]) -> String {
        // One value or events, as the server chooses: JSON first.
        if answersValueOrEvents { return "application/json, text/event-stream" }
        return switch stream {
        case .sse?: "text/event-stream"
        case .lines?: (lineTypes.isEmpty ? "application/x-ndjson" : lineTypes.joined(separator: ", ")) + ", application/json;q=0.9, */*;q=0.5"
        case .some: "*/*"   // bytes (and any kind added later)
        case nil: returnType == .void || returnType == .headers ? "*/*" : "application/json, */*;q=0.5"
        }
    }

    /// The plan for parameters whose locations are resolved and checked.
    private static func make(
        _ parameters: [Parameter], encoding: Endpoint.BodyEncoding, path: PathTemplate, stream: Endpoint.StreamKind?, returnType: ReturnType,
        answersValueOrEvents: Bool, lineTypes: [String]
    ) -> RequestPlan {
        var pieces: [RequestPlan.PathPiece] = []
        pieces.reserveCapacity(path.segments.count)
        for segment in path.segments {
            switch segment {
            case let .literal(text):
                pieces.append(.literal(text))
            case let .placeholder(name, _, _):
                pieces.append(.parameter(parameters.firstIndex { $0.location == .path && $0.wireName == name } ?? 0))
            }
        }
        let positions = parameters.indices
        let query = positions.filter { parameters[$0].location == .query || parameters[$0].location == .querystring }
        let headers = positions.filter { parameters[$0].location == .header }
        let fields = positions.filter { parameters[$0].location == .field || parameters[$0].location == .part }
        let body: RequestPlan.Body
        if let whole = positions.first(where: { parameters[$0].location == .body }) {
            body = .whole(whole)
        } else if !fields.isEmpty {
            body = .fields(encoding, fields)
        } else {
            body = .none
        }
        return RequestPlan(
            codecs: parameters.map(\.codec), path: pieces, staticQuery: path.query, isAbsoluteURL: path.isAbsoluteURL,
            queryParameters: query, headerParameters: headers,
            cookieParameters: positions.filter { parameters[$0].location == .cookie }, body: body, accept: HTTPField(
                name: .accept, value: accept(stream: stream, returnType: returnType, answersValueOrEvents: answersValueOrEvents, lineTypes: lineTypes)
            ),
            hasExpandedFields: fields.contains { parameters[$0].codec.spreads },
            jsonMemberNames: encoding == .json ? fields.map { jsonMemberName(parameters[$0].wireName) } : [],
            parameterNames: parameters.map(\.name),
            parameterAliases: parameters.map(\.alias)
        )
    }

    /// `"name":` as JSON writes a member name.
    private static func jsonMemberName(_ name: String) -> [UInt8] {
        var writer = JSONWriter(pretty: false, colored: false, indent: 0)
        writer.writeString(name)
        writer.appendByte(UInt8(ascii: ":"))
        return writer.output
    }
}

extension Endpoint {
    /// The endpoint's compiled plan, made on its first call and kept with it.
    var plan: RequestPlan { derived { PlanBox(plan: RequestPlan(compiling: $0)) }.plan }
}

/// A plan as the endpoint keeps it (a class: the slot holds one reference, cast cheaply).
private final class PlanBox: Sendable {
    let plan: RequestPlan
    init(plan: RequestPlan) { self.plan = plan }
}

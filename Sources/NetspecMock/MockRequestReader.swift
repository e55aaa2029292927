import HTTPTypes
import Netspec
import NetspecModel

/// Reads a request sent to a mock endpoint back into the arguments a client would have called
/// it with, so that the client's own binding rules check it (``Service/argumentProblems(_:_:)``)
/// and its messages name what is wrong.
///
/// Each parameter is read by its codec (``ParameterCodec/read(_:from:)``), the inverse of how a
/// client writes it: from the path, the query, a header, a cookie or the body (read once by its
/// `Content-Type`, `MockBodyReader.swift`). A dictionary spread into entries takes what the
/// other parameters left.
struct MockRequestReader {
    let endpoint: Endpoint
    /// Whether query items and body fields the spec does not declare are problems.
    let strict: Bool

    /// A problem found reading the request, before binding checks the values.
    struct Problem: Sendable, Hashable {
        /// `path`, `query`, `header`, `cookie` or `body`.
        let location: String
        let parameter: String?
        let message: String
        /// The media types the body may be in, when the problem is that it is in another (415).
        var acceptedMediaTypes: [String]? = nil
    }

    /// The header fields a client sends by itself, which no header parameter's dictionary reads
    /// (`Host` is the request's authority, not a field).
    static let clientFields: [HTTPField.Name] = [
        .userAgent, .accept, .acceptEncoding, .contentType, .contentLength, .connection, .transferEncoding, .expect, .te,
        .authorization, HTTPField.Name("Prefer")!,
    ]

    /// The arguments, and the problems that kept some from being read.
    func read(pathValues: [String: String], query: String?, headers: HTTPFields, body: [UInt8]) -> (arguments: [String: Argument], problems: [Problem]) {
        let (fields, bodyProblem) = BodyReader.fields(of: body, endpoint: endpoint, headers: headers)
        var request = ReceivedRequest(pathValues: pathValues, query: query, headers: headers, body: body, fields: fields)
        var arguments: [String: Argument] = [:]
        var problems: [Problem] = []
        func read(_ parameter: Parameter) {
            do {
                if let argument = try parameter.codec.read(parameter, from: &request) { arguments[parameter.name] = argument }
            } catch {
                problems.append(Problem(location: parameter.requestPart, parameter: parameter.name, message: error.message))
                // What else the text breaks (an enum it is not in): a type error does not hide it.
                for other in error.wrongTypeText.map({ endpoint.schemaProblems(ofText: $0, parameter: parameter) }) ?? [] {
                    problems.append(Problem(location: parameter.requestPart, parameter: parameter.name, message: other.message))
                }
            }
        }
        for parameter in endpoint.parameters where !parameter.codec.readsTheRest(type: parameter.type) { read(parameter) }
        // What is left: without the fields a client sends itself and the spec's own headers.
        for name in Self.clientFields + endpoint.headers.compactMap({ HTTPField.Name($0.name) }) { request.headers[fields: name] = [] }
        for parameter in endpoint.parameters where parameter.codec.readsTheRest(type: parameter.type) { read(parameter) }
        // JSON members no field declares are checked with the body as a whole, as a client sends
        // them (the whole body `_` beside its fields): `additionalProperties: false` refuses them.
        if case let .members(rest)? = request.fields, !rest.isEmpty, endpoint.parameter(named: "_") == nil {
            arguments["_"] = .value(.object(rest))
        }
        if strict {
            for item in request.queryItems {
                problems.append(Problem(location: "query", parameter: nil, message: "unknown query item '\(PercentEncoding.decoded(item.name, plusIsSpace: true))'"))
            }
            for name in request.unreadFieldNames {
                problems.append(Problem(location: "body", parameter: nil, message: "unknown member '\(name)'"))
            }
        }
        if let bodyProblem { problems.append(bodyProblem) }
        return (arguments, problems)
    }
}

extension Parameter {
    /// Where in a request the parameter is, as a problem names it: `path`, `query`, `header`,
    /// `cookie` or `body` (a field, a part, or the whole body).
    var requestPart: String {
        switch location {
        case .path: "path"
        case .query, .querystring: "query"
        case .header: "header"
        case .cookie: "cookie"
        default: "body"
        }
    }
}

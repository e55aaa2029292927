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
/// other parameters left. What it needs of the endpoint was worked out at start (``MockRequestPlan``).
struct MockRequestReader {
    let plan: MockRequestPlan
    /// Whether query items and body fields the spec does not declare are problems.
    let strict: Bool

    var endpoint: Endpoint { plan.endpoint }

    /// What was read: the arguments, the problems that kept some from being read, and the
    /// parameters sent empty that the document lets be (`allowEmptyValue`), which are given.
    struct Reading {
        var arguments: [String: Argument] = [:]
        var problems: [Problem] = []
        var givenEmpty: Set<String> = []
        /// The body's members as read, before any parameter took them: a JSON body's (a YAML
        /// body's value), or a form's read as JSON members; `nil` for another body (a multipart
        /// one, a form the endpoint reads as items, a whole body that is not an object of fields).
        var bodyMembers: JSONObject? = nil
    }

    /// A problem found reading the request, before binding checks the values.
    struct Problem: Error, Sendable, Hashable {
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

    /// The arguments, the problems that kept some from being read, and the parameters given empty;
    /// `parsed`, a JSON body's members the quick check already parsed, is not parsed again.
    func read(pathValues: [String: String], query: String?, headers: HTTPFields, contentType: String, body sent: [UInt8], parsed: JSONObject? = nil) -> Reading {
        // A YAML body the operation takes is read as the JSON of its value.
        var body = sent
        var yamlProblem: Problem?
        if !sent.isEmpty, MediaType.isYAML(contentType), plan.lists(MockRequestPlan.baseType(of: contentType)) {
            switch BodyReader.jsonBytes(ofYAML: sent) {
            case let .success(json): body = json
            case let .failure(problem): yamlProblem = problem
            }
        }
        let (fields, bodyProblem) = yamlProblem != nil ? (nil, nil) : BodyReader.fields(of: body, plan: plan, contentType: contentType, parsed: parsed)
        var request = ReceivedRequest(pathValues: pathValues, query: query, headers: headers, body: body, fields: fields)
        var reading = Reading()
        if case let .members(object)? = fields, MockRequestPlan.baseType(of: contentType) != "multipart/form-data" { reading.bodyMembers = object }
        if !plan.emptyAllowed.isEmpty { reading.givenEmpty = takeEmptyValues(from: &request) }
        func read(_ parameter: Parameter) {
            do {
                guard let argument = try parameter.codec.read(parameter, from: &request) else { return }
                reading.arguments[parameter.name] = argument
                // A null binding would leave out (a call's nil), which the schema may not take.
                if case .value(.null) = argument, plan.nullChecked.contains(parameter.name) {
                    for problem in endpoint.schemaProblems(of: .null, parameter: parameter) {
                        reading.problems.append(Problem(location: parameter.requestPart, parameter: parameter.name, message: problem.message))
                    }
                }
            } catch {
                reading.problems.append(Problem(location: parameter.requestPart, parameter: parameter.name, message: error.message))
                // What else the text breaks (an enum it is not in): a type error does not hide it.
                for other in error.wrongTypeText.map({ endpoint.schemaProblems(ofText: $0, parameter: parameter) }) ?? [] {
                    reading.problems.append(Problem(location: parameter.requestPart, parameter: parameter.name, message: other.message))
                }
            }
        }
        for parameter in endpoint.parameters where !parameter.codec.readsTheRest(type: parameter.type) && !reading.givenEmpty.contains(parameter.name) {
            read(parameter)
        }
        // What is left for a dictionary of headers: without the fields a client sends itself and the spec's own headers.
        if plan.readsOtherHeaders { for name in plan.ownFields { request.headers[fields: name] = [] } }
        for parameter in endpoint.parameters where parameter.codec.readsTheRest(type: parameter.type) { read(parameter) }
        // JSON members no field declares are checked with the body as a whole, as a client sends
        // them (the whole body `_` beside its fields): `additionalProperties: false` refuses them.
        if case let .members(rest)? = request.fields, !rest.isEmpty, endpoint.parameter(named: "_") == nil {
            reading.arguments["_"] = .value(.object(rest))
        }
        if strict {
            for item in request.queryItems {
                reading.problems.append(Problem(location: "query", parameter: nil, message: "unknown query item '\(PercentEncoding.decoded(item.name, plusIsSpace: true))'"))
            }
            for name in request.unreadFieldNames {
                reading.problems.append(Problem(location: "body", parameter: nil, message: "unknown member '\(name)'"))
            }
        }
        if !strict {
            // Form items and parts no field declares are members of the body as a whole: a body
            // schema's `additionalProperties: false` refuses them, as it refuses a JSON body's.
            for problem in endpoint.undeclaredMemberProblems(request.undeclaredMembers) {
                reading.problems.append(Problem(location: "body", parameter: nil, message: problem.message))
            }
        }
        if let bodyProblem { reading.problems.append(bodyProblem) }
        if yamlProblem != nil {
            // What else the YAML text broke is that it is not YAML (the body parameter's, when one reads it whole).
            let parameter = reading.problems.first { $0.location == "body" && $0.parameter != nil }?.parameter
            reading.problems.removeAll { $0.location == "body" }
            reading.problems.append(Problem(location: "body", parameter: parameter, message: yamlProblem?.message ?? ""))
        }
        if body.isEmpty, endpoint.requiresBody {
            reading.problems.append(Problem(location: "body", parameter: nil, message: "the request has no body, which the operation requires (its request body is required: true)"))
        }
        return reading
    }

    /// Takes out the items of the parameters the document lets be sent empty (`allowEmptyValue`)
    /// that are sent empty (`?flag=`, `?flag`, an empty form item or part): those parameters are
    /// given, and their schema does not judge the empty text. A parameter also sent with a value
    /// is read as usual.
    private func takeEmptyValues(from request: inout ReceivedRequest) -> Set<String> {
        var given: Set<String> = []
        /// Whether the items of `name` are there and all empty.
        func allEmpty(_ items: [ReceivedRequest.Item], named name: String) -> Bool {
            let named = items.filter { PercentEncoding.decoded($0.name, plusIsSpace: true) == name }
            return !named.isEmpty && named.allSatisfy { ($0.value ?? "").isEmpty }
        }
        for parameter in plan.emptyAllowed {
            let name = parameter.wireName
            switch (parameter.location, request.fields) {
            case (.query, _) where allEmpty(request.queryItems, named: name):
                request.queryItems.removeAll { PercentEncoding.decoded($0.name, plusIsSpace: true) == name }
            case (.field, .items(var items)?) where allEmpty(items, named: name):
                items.removeAll { PercentEncoding.decoded($0.name, plusIsSpace: true) == name }
                request.fields = .items(items)
            case (.part, .parts(var parts)?) where parts.contains(where: { $0.name == name }) && parts.allSatisfy({ $0.name != name || $0.content.isEmpty }):
                parts.removeAll { $0.name == name }
                request.fields = .parts(parts)
            default:
                continue
            }
            given.insert(parameter.name)
        }
        return given
    }
}

extension ReceivedRequest {
    /// The form items (as the objects their bracket names write) or parts (as text) no field took.
    var undeclaredMembers: JSONObject {
        switch fields {
        case let .items(items)?: Self.tree(of: items)
        case let .parts(parts)?: JSONObject(parts.map { (key: $0.name, value: JSONValue.string(String(decoding: $0.content, as: UTF8.self))) })
        default: JSONObject()
        }
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

import HTTPTypes
import Hummingbird
import Netspec
import NetspecModel

extension MockResponder {
    /// A request read back by the endpoint's parameters and checked by the client's rules: the
    /// reader's problems, every problem as the answer lists it (location, parameter, message),
    /// and the body's members as the check parsed them (``MockRequestReader/Reading/bodyMembers``),
    /// so that a stateful mock stores them without parsing the body again.
    ///
    /// A request the endpoint's ``MockRequestPlan/QuickCheck`` finds valid is answered so at
    /// once; any other is read back and checked in full, its problems in the binding's words.
    /// The arguments are checked as a call's would be, without writing the request a call would
    /// send (``Service/argumentProblems(_:_:requestValidation:contentType:)``). Besides a call's rules, a
    /// server's: a body the operation requires must be there, a `null` must be one the schema
    /// takes (a call's `nil` is "not given"), a body it does not require may be left out, a
    /// parameter the document lets be sent empty may be, and a `Content-Type` header parameter
    /// (Swagger's) takes any type the operation consumes.
    func check(
        _ request: Request, endpoint: Endpoint, pathValues: [String: String], query: String?, body: [UInt8]
    ) -> (readProblems: [MockRequestReader.Problem], errors: [JSONValue], body: JSONObject?) {
        check(headers: request.headers, endpoint: endpoint, pathValues: pathValues, query: query, body: body)
    }

    /// ``check(_:endpoint:pathValues:query:body:)`` of a request's header fields; with `quickly`
    /// off, in full even where the quick check would find the request valid (for the tests that
    /// hold the two together).
    func check(
        headers: HTTPFields, endpoint: Endpoint, pathValues: [String: String], query: String?, body: [UInt8], quickly: Bool = true
    ) -> (readProblems: [MockRequestReader.Problem], errors: [JSONValue], body: JSONObject?) {
        let plan = plans[endpoint]
        let contentType = headers.first { $0.name == .contentType }?.value ?? ""
        // Most requests are valid: found so without binding them, where the endpoint allows.
        let verdict = quickly ? plan.quickCheck?.verdict(pathValues: pathValues, query: query, headers: headers, contentType: contentType, body: body) : nil
        if let verdict, verdict.isValid { return ([], [], verdict.members) }
        let reader = MockRequestReader(plan: plan, strict: options.strict)
        let reading = reader.read(pathValues: pathValues, query: query, headers: headers, contentType: contentType, body: body, parsed: verdict?.members)
        // Docker's `ImageBuild` declares `Content-type: application/x-tar` but consumes
        // `application/octet-stream`: a type the operation consumes is the body's, whatever the parameter says.
        let consumed = plan.contentTypeParameter.flatMap { name in plan.lists(MockRequestPlan.baseType(of: contentType)) ? name : nil }
        var problems = reading.problems.filter { consumed == nil || $0.parameter != consumed }.map { [$0.location, $0.parameter ?? "", $0.message] }
        let failed = Set(reading.problems.compactMap(\.parameter)).union(reading.givenEmpty).union(consumed.map { [$0] } ?? [])
        // The body judged by its own Content-Type, as a call's is by the one it chooses.
        let received = contentType.isEmpty ? nil : contentType
        let bindingProblems = plan.argumentCheck?.problems(reading.arguments, contentType: received)
            ?? service.argumentProblems(endpoint, reading.arguments, contentType: received)
        for error in bindingProblems where !failed.contains(error.parameter ?? "\u{0}") {
            // A schema problem without a parameter is the body's as a whole (`the body must have
            // the property 'user'`, `the body's /colour is not allowed`).
            let location = error.parameter.flatMap { endpoint.parameter(named: $0) }.map(\.requestPart)
                ?? (error.reason == .schemaViolation ? "body" : "request")
            problems.append([location, error.parameter ?? "", error.message])
        }
        // A body the document does not require may be left out, whatever its schema requires of
        // one that is sent (Jupyter's optional kernel model, whose `name` is required).
        if body.isEmpty, !endpoint.requiresBody, endpoint.requestSchemaReference != nil { problems.removeAll { $0[0] == "body" } }
        let errors: [JSONValue] = problems.map { problem in
            var object: JSONObject = ["location": .string(problem[0])]
            if !problem[1].isEmpty { object["parameter"] = .string(problem[1]) }
            object["message"] = .string(problem[2])
            return .object(object)
        }
        return (reading.problems, errors, reading.bodyMembers)
    }
}

import HTTPTypes

/// Reading one Swagger 2.0 operation into an ``Endpoint``.
extension SwaggerReader {
    /// The operation as an endpoint, or `nil` when it needs something not supported (warned) or
    /// breaks a rule of the specification (an error).
    mutating func readOperation(
        _ operation: MappingReader, method: HTTPRequest.Method, path: String, sharedParameters: YAMLNode?, mark: Mark
    ) -> Endpoint? {
        let name = OpenAPIReader.operationName(operation, method: method, path: path)
        let context = "operation '\(name)': "
        warnUnknownKeys(of: operation, known: Self.operationKeys, context: context)
        // Placeholders that are not names Netspec writes ({user-id}) get one (userId).
        let (netspecPath, placeholders) = OpenAPIReader.netspecPath(path)
        let template: PathTemplate
        do {
            template = try PathTemplate(parsing: netspecPath)
        } catch {
            warn("\(context)path '\(path)' cannot be used: \(error.message); the operation is left out", at: mark)
            return nil
        }
        if let schemesNode = operation["schemes"], let scheme {
            let schemes = mediaTypes(schemesNode)
            if !schemes.contains(scheme) {
                warn("\(context)its schemes (\(schemes.joined(separator: ", "))) do not include the document's \(scheme), which is used", at: schemesNode.mark)
            }
        }

        let consumes = operation["consumes"].map { consumedTypes($0, context: context) } ?? self.consumes
        let produces = operation["produces"].map { producedTypes($0, context: context) } ?? self.produces
        guard let (parameters, encoding, requestSchema) = readParameters(
            shared: sharedParameters, own: operation["parameters"], consumes: consumes, placeholders: placeholders,
            template: template, context: context, mark: mark
        ) else { return nil }

        let (stream, responses) = readResponses(operation["responses"], produces: produces, context: context, mark: mark)
        let (auth, unsupportedAuth) = base.operationAuth(operation, context: context, mark: mark)
        let summary = operation["summary"]?.string ?? operation["description"]?.string
        return Endpoint(fields: Endpoint.Fields(
            name: name, method: method, path: template, parameters: parameters, headers: [], encoding: encoding,
            encoderName: nil, decoderName: nil, timeout: nil, keyPath: nil, returnType: .value(.json), stream: stream,
            until: nil, auth: auth, retry: nil, isRetryDisabled: false, summary: summary, mark: mark,
            tags: (operation["tags"]?.sequence.map(Array.init) ?? []).compactMap(\.string),
            requestSchema: requestSchema, requestMediaTypes: consumes,
            requiresBody: requiresBody(shared: sharedParameters, own: operation["parameters"]), responses: responses, unsupportedAuth: unsupportedAuth,
            securityAlternatives: base.securityAlternatives(operation["security"] ?? base.documentSecurity)
        ))
    }

    /// Whether the operation's `in: body` parameter (its own, else the path item's) says `required: true`.
    private mutating func requiresBody(shared: YAMLNode?, own: YAMLNode?) -> Bool {
        let bodies = [shared, own].flatMap { $0?.sequence.map(Array.init) ?? [] }
            .compactMap { base.resolve($0).flatMap(MappingReader.init) }.filter { $0["in"]?.string == "body" }
        return bodies.last?["required"]?.scalar?.resolved == .bool(true)
    }
}

// Sending an operation step: the evaluated parameters and body as the endpoint's arguments (and
// the undeclared ones as extra query items, headers and cookies), the call made by the source's
// `Service` exactly as `netspec call` makes it, and its answer — any status: a 404 is a response
// the criteria judge, not an error — put where `$statusCode`, `$response.…` and `$request.…` read it.

import HTTPTypes
import Netspec
import NetspecModel

extension WorkflowRunner {
    /// Sends an operation step and fills the context and the outcome with its request and response.
    func send(
        _ stepPlan: StepPlan, plan operationPlan: Result<OperationPlan, WorkflowError>, of workflow: Workflow, in flows: Workflows, context: inout ExpressionContext, outcome: StepOutcome
    ) async throws(WorkflowError) {
        let id = workflow.workflowId.value, stepId = stepPlan.stepId
        let plan = try operationPlan.get()
        let endpoint = plan.operation.endpoint
        outcome.operation = plan.endpointName
        outcome.source = plan.operation.source
        let source = self.source(plan, in: flows)
        var placed = [Argument?](repeating: nil, count: plan.parameterCount)
        // Made afresh from the source's two settings: a copy of a whole CallOptions retained
        // and released each of its fields.
        var callOptions = CallOptions(baseURL: source.baseURL, usesMock: source.usesMock)
        var cookies: [String] = []
        for parameter in plan.parameters {
            // The name and location are read where they are needed, not copied out for every
            // parameter: a parameter the operation declares needs neither.
            guard let value = try sentValue(parameter.value, flows: flows, context: context, workflow: id, step: stepId, what: "parameter '\(parameter.name)'") else { continue }
            if readsRequest {
                switch parameter.location {
                case "path": context.request.path[parameter.name] = value
                case "query": context.request.query[parameter.name] = value
                default: break
                }
            }
            if let index = parameter.index {
                placed[index] = .value(value)
                continue
            }
            let name = parameter.name, location = parameter.location
            let text = ExpressionTemplate.embeddedText(value)
            switch location {
            case "header": callOptions.headers.append((name: name, value: text))
            case "query":
                if case let .array(items) = value {
                    callOptions.queryItems += items.map { (name: name, value: ExpressionTemplate.embeddedText($0)) }
                } else {
                    callOptions.queryItems.append((name: name, value: text))
                }
            case "cookie": cookies.append("\(name)=\(text)")
            default:
                let place = "\(flows.document.file):\(parameter.line):\(parameter.column)"
                throw WorkflowError(
                    reason: .call, message: "\(place): workflow '\(id)': step '\(stepId)': operation '\(endpoint.name)' (\(endpoint.method.rawValue) \(endpoint.path)) has no \(location) parameter '\(name)'",
                    workflowId: id, stepId: stepId
                )
            }
        }
        if !cookies.isEmpty { callOptions.headers.append((name: "Cookie", value: cookies.joined(separator: "; "))) }
        var arguments = StepArguments.placed(placed)
        if let requestBody = stepPlan.step.requestBody {
            if let contentType = requestBody.contentType { callOptions.headers.append((name: "Content-Type", value: contentType)) }
            if let body = try body(requestBody, of: endpoint, flows: flows, context: context, workflow: id, step: stepId) {
                var named = Service.named(placed, of: endpoint)
                try bind(body, to: endpoint, arguments: &named, flows: flows, workflow: id, step: stepPlan.step)
                arguments = .named(named)
                if readsRequest { context.request.body = .json(body) }
            }
        }
        // A 1.1 step's `timeout` (milliseconds) bounds its call; running out is the step's failure.
        if let milliseconds = stepPlan.step.timeout, milliseconds > 0 { callOptions.timeout = .milliseconds(milliseconds) }
        do {
            try await call(endpoint, arguments, options: callOptions, source: source, workflow: id, step: stepId, context: &context, outcome: outcome)
        } catch {
            // No response — refused, reset, DNS, TLS, a call timeout — is the step's failure, which
            // its `onFailure` actions may recover (a service still starting, polled until it
            // answers); the run's deadline, cancellation and a request that cannot be made end the run.
            guard !options.stopsBeforeSending, let transport = error.noResponse else { throw error }
            if let milliseconds = stepPlan.step.timeout, transport.kind == .timeout {
                outcome.noResponse = "no response within the step's timeout (\(milliseconds) ms): \(transport)"
            } else {
                outcome.noResponse = "no response: \(transport)"
                outcome.transportError = error.callError
            }
        }
    }

    /// The index of the operation's own parameter at `location` named `name` (a header's name case-insensitive).
    static func declared(_ name: String, in location: String, of endpoint: Endpoint) -> Int? {
        endpoint.parameters.firstIndex { parameter in
            guard parameter.location.rawValue == location else { return false }
            return location == "header" ? parameter.wireName.lowercased() == name.lowercased() : parameter.wireName == name
        }
    }

    /// The body as the endpoint's arguments: its whole-body parameter, or a JSON object as its
    /// JSON or form fields (`_`, members no field declares sent as they are, as `netspec call`
    /// sends a whole body) or its multipart parts.
    private func bind(_ body: JSONValue, to endpoint: Endpoint, arguments: inout [String: Argument], flows: Workflows, workflow: String, step: Step) throws(WorkflowError) {
        if let whole = endpoint.parameters.first(where: { $0.location == .body }) {
            arguments[whole.name] = .value(body)
            return
        }
        let fields = endpoint.parameters.filter { $0.location == .field || $0.location == .part }
        guard !fields.isEmpty else {
            let place = step.requestBody?.payload.map { "\(flows.document.file):\($0.line):\($0.column): " } ?? ""
            throw WorkflowError(reason: .call, message: "\(place)workflow '\(workflow)': step '\(step.stepId.value)': operation '\(endpoint.name)' (\(endpoint.method.rawValue) \(endpoint.path)) takes no request body", workflowId: workflow, stepId: step.stepId.value)
        }
        guard !endpoint.writesJSONBody, endpoint.encoding != .form, case let .object(object) = body else {
            arguments["_"] = .value(body)
            return
        }
        for (key, member) in object {
            let field = fields.first { $0.wireName == key }
            arguments[field?.name ?? key] = .value(member)
        }
    }

    /// The call made (or, stopping before sending, previewed), its answer put in the context.
    private func call(
        _ endpoint: Endpoint, _ arguments: StepArguments, options callOptions: consuming CallOptions, source: SourceCall,
        workflow: String, step: String, context: inout ExpressionContext, outcome: StepOutcome
    ) async throws(WorkflowError) {
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw timedOut(workflow, step) }
            if callOptions.timeout.map({ $0 > left }) ?? true { callOptions.timeout = left }
        }
        if options.stopsBeforeSending {
            do throws(CallError) {
                firstRequest = (try source.service.preview(endpoint.name, arguments.named(of: endpoint), options: callOptions), source.name, source.service, endpoint)
            } catch {
                throw callFailure(error, workflow: workflow, step: step)
            }
            throw WorkflowError(reason: .stoppedBeforeSending, message: "stopped before sending step '\(step)'", workflowId: workflow, stepId: step)
        }
        do throws(CallError) {
            let request = switch arguments {
            case let .placed(placed): try source.service.prepare(endpoint, placed: placed, options: callOptions)
            case let .named(named): try source.service.prepare(endpoint.name, named, options: callOptions)
            }
            outcome.method = request.method.rawValue
            outcome.url = request.url
            context.url = request.url
            context.method = request.method.rawValue
            if readsRequest { context.request.headers = request.headerFields }
            // The answer's parts put where they are read straight from it (a tuple of them,
            // kept across the catch, was copied in and destroyed after).
            do throws(CallError) {
                let answer = try await source.service.send(request, options: callOptions)
                received(answer.status, answer.reasonPhrase, answer.headerFields, answer.body, parsed: Self.wholeBody(answer, of: endpoint, options: callOptions), context: &context, outcome: outcome)
            } catch let .status(error) {
                received(error.status, error.reasonPhrase, error.headerFields, error.body, parsed: nil, context: &context, outcome: outcome)
            }
            if nesting > 0 { lastExchange = (request.url, request.method.rawValue, context.statusCode ?? 0, context.request, context.response) }
        } catch {
            throw callFailure(error, workflow: workflow, step: step)
        }
        // An exchange the transport was too far into to stop (seen under load: the answer came
        // after the cancel) still ends a cancelled run cancelled, not judged a success.
        if Task.isCancelled { throw cancelledInFlight(workflow, step, nil) }
    }

    /// A response (any status) put where `$statusCode` and `$response.…` read it, and in the outcome.
    private func received(
        _ status: Int, _ reason: String, _ headers: HTTPFields, _ body: [UInt8], parsed: JSONValue?, context: inout ExpressionContext, outcome: StepOutcome
    ) {
        outcome.status = status
        outcome.reasonPhrase = reason
        context.statusCode = status
        context.response = ExpressionContext.Message(headers: headers, body: Self.body(body, headers: headers, parsed: parsed))
    }

    /// The answer's result when it is its whole body parsed as JSON (a `JSON` result, no key
    /// path): the body the criteria and outputs read, which is then not parsed again.
    private static func wholeBody(_ answer: Response, of endpoint: Endpoint, options: CallOptions) -> JSONValue? {
        guard endpoint.returnType == .value(.json), endpoint.keyPath?.isEmpty ?? true, options.keyPath == nil, answer.value != .null else { return nil }
        return answer.value
    }

    /// A call's error as the run's: cancelled, timed out, or the call's own.
    private func callFailure(_ error: CallError, workflow: String, step: String) -> WorkflowError {
        if Task.isCancelled { return cancelledInFlight(workflow, step, error) }
        if let deadline, ContinuousClock.now >= deadline { return timedOut(workflow, step) }
        return WorkflowError(reason: .call, message: "workflow '\(workflow)': step '\(step)': \(error)", workflowId: workflow, stepId: step, callError: error)
    }

    private func cancelledInFlight(_ workflow: String, _ step: String, _ error: CallError?) -> WorkflowError {
        WorkflowError(reason: .cancelled, message: "workflow '\(workflow)': step '\(step)' was cancelled in flight", workflowId: workflow, stepId: step, callError: error)
    }

    /// The answer's body as expressions read it: the call's JSON when the answer says it is
    /// `application/json` exactly (the common case, with no media type worked out), else as
    /// ``ExpressionContext/Body/init(bytes:mediaType:parsed:)`` reads it.
    private static func body(_ bytes: [UInt8], headers: HTTPFields, parsed: JSONValue?) -> ExpressionContext.Body? {
        guard !bytes.isEmpty else { return nil }
        let contentType = headers.scanned(.contentType)
        if let parsed, contentType == "application/json" { return .json(parsed) }
        return ExpressionContext.Body(bytes: bytes, mediaType: contentType ?? "application/octet-stream", parsed: parsed)
    }

    /// The service of a step's source and the run's base options for it (its base URL, the
    /// mock), by the source's address, kept by the document's runs while they use the same provider.
    private func source(_ plan: OperationPlan, in flows: Workflows) -> SourceCall {
        let key = plan.address
        // A run calls one source or a few: a scan, where a dictionary hashed the key every step.
        if let source = services.first(where: { $0.address == key }) { return source }
        let provider = options.providers[key] ?? provider
        let service = compiled.service(for: key, provider: provider) { Service(spec: flows.sources[plan.operation.source]!, provider: provider) }
        let source = SourceCall(
            address: key, name: plan.operation.source, service: service,
            baseURL: options.baseURLs.isEmpty ? nil : options.baseURLs[key], usesMock: options.usesMock ? true : nil
        )
        services.append(source)
        return source
    }
}

/// A source as a run calls it: its address and name, its service, and the settings every call
/// to it starts from (its base URL, the mock). A class, so that a step takes it without copying
/// the service's fields (the copies were 0.6% of a step).
final class SourceCall {
    /// The source's address (``Workflows/address(ofSource:)``).
    let address: String
    let name: String
    let service: Service
    /// ``CallOptions/baseURL`` of its calls (`--server NAME=URL`).
    let baseURL: String?
    /// ``CallOptions/usesMock`` of its calls.
    let usesMock: Bool?

    init(address: String, name: String, service: Service, baseURL: String?, usesMock: Bool?) {
        self.address = address
        self.name = name
        self.service = service
        self.baseURL = baseURL
        self.usesMock = usesMock
    }
}

/// A step's arguments: placed by the endpoint's parameter index, or by name when a request body
/// is bound (its members become the fields' arguments by name, as `netspec call` binds them).
enum StepArguments {
    case placed([Argument?])
    case named([String: Argument])

    /// The arguments by name.
    func named(of endpoint: Endpoint) -> [String: Argument] {
        switch self {
        case let .placed(placed): Service.named(placed, of: endpoint)
        case let .named(named): named
        }
    }
}

extension WorkflowError {
    /// The transport error of a call that got no response (``Reason/call`` with a transport
    /// cause other than cancellation): a step's failure, not the run's end.
    var noResponse: TransportError? {
        guard reason == .call, case let .transport(transport)? = callError, transport.kind != .cancelled else { return nil }
        return transport
    }
}

extension WorkflowError.Reason {
    /// The run stopped before sending its first request, as ``RunOptions/stopsBeforeSending`` asks.
    static let stoppedBeforeSending = WorkflowError.Reason("stoppedBeforeSending")
}

import HTTPTypes
import Netspec
import NetspecModel
import NetspecWorkflows

/// Following an OpenAPI link (Link Object): the source operation sent with its example values,
/// and, when its answer is one the link is declared under, the target with each parameter and
/// the request body the link names — runtime expressions evaluated by the Arazzo evaluator
/// (OpenAPI's expression grammar is a subset of Arazzo's), constants as written.
extension CheckRun {
    ///
    /// A link's `server` has its variables set by the run's (``linkServer(of:)``); one that has
    /// a `{name}` left (a variable without a `default` the run does not set, or no variable of
    /// the server) is not followed: nothing is sent, and its target is a request not sent,
    /// saying why (the document's error, as `.spec`).
    func follow(_ link: ResponseLink, from source: Endpoint, to target: Endpoint, seed: UInt64?, steps: inout [SequenceStep]) async {
        let server = linkServer(of: link)
        if let problem = server.problem {
            notSent(target, CallError.ConfigurationError(
                endpoint: target.name, parameter: nil, reason: .spec,
                message: "link '\(link.name)' of operation '\(source.name)' (\(link.position)) is not followed: \(problem)"
            ))
            return
        }
        guard let first = await send(source, [:], seed: seed, steps: &steps),
              source.responses.matching(status: first.answer.status)?.links.contains(where: { $0.name == link.name }) ?? false,
              let values = Self.linkValues(link, target: target, after: first) else { return }
        guard let second = await send(target, [:], overriding: values, server: server.url.map(linkServer), steps: &steps) else { return }
        if source.method == .post, (200..<300).contains(first.answer.status), target.method == .get, second.answer.status == 404 {
            record(CheckViolation(
                check: .ensureResourceAvailability,
                message: "\(source.name) created a resource (\(first.answer.status)), but reading it with \(target.name) through link '\(link.name)' was answered 404"
            ), steps: steps)
        }
    }

    /// A link's `server` (OpenAPI 3.0.3 §4.7.20, Link Object: "A server object to be used by the
    /// target operation"): its template resolved by the run's variables as a call resolves the
    /// document's `servers` (`--var region=us`, `Provider(variables:)`, else the environment,
    /// else the `default`); and why it cannot be used: a `{name}` left in it, or a value outside
    /// a variable's `enum`.
    func linkServer(of link: ResponseLink) -> (url: String?, problem: String?) {
        guard let written = link.writtenServer else { return (nil, nil) }
        let variables = service.provider.variableLookup()
        do {
            let url = try variables.resolve(written.template, endpoint: "", usedIn: "the server of link '\(link.name)'")
            if let problem = written.problem(variables.value) { return (nil, problem) }
            return (url, nil)
        } catch {
            return (nil, written.problem(variables.value) ?? error.message)
        }
    }

    /// A link's server URL, one that starts with `/` on the run's base URL's origin.
    func linkServer(_ url: String) -> String {
        // `http:`, ``, the authority, the path.
        guard url.hasPrefix("/"), let parts = baseURL?.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false), parts.count >= 3 else { return url }
        return parts.prefix(3).joined(separator: "/") + url
    }

    /// The target's arguments the link names, by parameter name; `nil` when an expression names
    /// nothing in the exchange (the link cannot be followed with this answer).
    static func linkValues(_ link: ResponseLink, target: Endpoint, after step: SequenceStep) -> [String: JSONValue]? {
        let context = expressionContext(step)
        var values: [String: JSONValue] = [:]
        for (written, value) in link.parameters {
            let parts = written.split(separator: ".", maxSplits: 1).map(String.init)
            let (location, name) = parts.count == 2 && ["path", "query", "header", "cookie"].contains(parts[0]) ? (parts[0], parts[1]) : (nil, written)
            guard let parameter = target.parameters.first(where: { $0.wireName == name && (location == nil || $0.location.rawValue == location) }),
                  let resolved = evaluated(value, in: context) else { return nil }
            values[parameter.name] = resolved
        }
        if let body = link.requestBody {
            guard let resolved = evaluated(body, in: context) else { return nil }
            if let whole = target.parameters.first(where: { $0.location == .body }) {
                values[whole.name] = resolved
            } else if case let .object(members) = resolved {
                for (key, member) in members {
                    if let field = target.parameters.first(where: { $0.location == .field && $0.wireName == key }) { values[field.name] = member }
                }
            }
        }
        return values
    }

    /// A link's value: a runtime expression (`$response.body#/id`) evaluated, anything else as written.
    private static func evaluated(_ value: JSONValue, in context: ExpressionContext) -> JSONValue? {
        guard case let .string(text) = value, text.hasPrefix("$") else { return value }
        guard let expression = try? RuntimeExpression(text) else { return value }
        return try? expression.evaluate(in: context)
    }

    /// What a link's expressions read: the source's request (its path and query values as
    /// bound, its headers and body) and its answer.
    private static func expressionContext(_ step: SequenceStep) -> ExpressionContext {
        var context = ExpressionContext()
        context.url = step.request.url
        context.method = step.request.method.rawValue
        context.statusCode = step.answer.status
        var path: [String: JSONValue] = [:]
        var query: [String: JSONValue] = [:]
        for parameter in step.checkCase.endpoint.parameters {
            guard let value = step.checkCase.arguments[parameter.name] else { continue }
            if parameter.location == .path { path[parameter.wireName] = value }
            if parameter.location == .query { query[parameter.wireName] = value }
        }
        var requestBody: ExpressionContext.Body?
        if case let .bytes(bytes) = step.request.body, !bytes.isEmpty {
            requestBody = ExpressionContext.Body(bytes: bytes, mediaType: step.request.headerFields[.contentType] ?? "application/json")
        }
        context.request = ExpressionContext.Message(headers: step.request.headerFields, query: query, path: path, body: requestBody)
        let answerBody = step.answer.body.isEmpty ? nil : ExpressionContext.Body(bytes: step.answer.body, mediaType: step.answer.headerFields[.contentType] ?? "")
        context.response = ExpressionContext.Message(headers: step.answer.headerFields, body: answerBody)
        return context
    }
}

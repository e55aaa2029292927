import ArgumentParser
import Netspec
import NetspecModel
import NetspecWorkflows

/// `netspec describe SPEC ENDPOINT`: each parameter with where it goes and why, and the result shape.
struct DescribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Show an endpoint's parameters (where each goes and why) and its result (an Arazzo document's workflow: inputs, outputs, steps)."
    )

    @OptionGroup var fetching: DocumentFetchOptions
    @OptionGroup var overlaying: OverlayOptions

    @ArgumentParser.Argument(help: "The spec file, or an OpenAPI or Swagger document's http(s) URL.", completion: .specFile)
    var spec: String

    @ArgumentParser.Argument(help: "The endpoint's name (a workflowId, for an Arazzo document).", completion: .endpoints)
    var endpoint: String

    func run() async throws {
        if ArazzoDocument.isArazzo(path: spec) {
            let flows = try await WorkflowCommands.load(spec, fetching: fetching, overlaying: overlaying)
            try Terminal.standardOutput.emit(WorkflowCommands.describe(flows, workflow: endpoint))
            return
        }
        // The whole spec, checked as `validate` and `list` check it: an error in another endpoint
        // is exit 65 with its place, and the spec's warnings are printed as `list` prints them.
        let spec = try await fetching.load(self.spec, overlaying: overlaying)
        printWarnings(of: spec)
        let endpoint = try findEndpoint(self.endpoint, in: spec)
        try Terminal.standardOutput.emit(EndpointDescription(endpoint: endpoint, spec: spec).text)
    }
}

/// The text `netspec describe` (and `netspec call SPEC ENDPOINT --help`) prints for an endpoint:
/// where it goes (base URL, headers, auth, the `${NAME}` variables those need), its parameters,
/// its body and its result.
struct EndpointDescription {
    let endpoint: Endpoint
    let spec: Spec

    var text: String {
        var output = "\(endpoint.name): \(endpoint.method.rawValue) \(shownPath)\n"
        // The summary and, below it, the description: the document's words, both (HTML, as
        // Stripe writes them, as text).
        if let summary = endpoint.summary { output += Self.indented(HTMLText.plain(summary), by: "  ") }
        if let details = endpoint.details { output += "\n" + Self.indented(HTMLText.plain(details), by: "  ") }
        output += "\n" + TextTable.render(context)
        output += "\nparameters:\n"
        if endpoint.parameters.isEmpty {
            output += "  (none)\n"
        } else {
            // Each parameter's row, then its description, if it has one, below it.
            let lines = TextTable.render(endpoint.parameters.map(row), indent: "  ").split(separator: "\n", omittingEmptySubsequences: false)
            for (line, parameter) in zip(lines, endpoint.parameters) {
                output += String(line) + "\n"
                if let summary = parameter.summary { output += Self.indented(HTMLText.plain(summary), by: "      ") }
            }
        }
        output += "\nbody: \(body)\n"
        output += "result: \(result)\n"
        if let mock = endpoint.mock { output += "mock: status \(mock.status)\n" }
        // OpenAPI 3.2's Response `summary`s, when the document gives them.
        let summarized = endpoint.responses.declared.compactMap { response in response.summary.map { [Self.statusText(response.status), $0] } }
        if !summarized.isEmpty { output += "responses:\n" + TextTable.render(summarized, indent: "  ") }
        return output
    }

    /// Text with each line indented (trailing blank lines dropped), ending in a newline.
    private static func indented(_ text: String, by indent: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.isEmpty ? "\n" : indent + $0 + "\n" }.joined()
    }

    /// Base URL, headers, auth and variables, one row each (a row per header).
    private var context: [[String]] {
        var rows: [[String]] = []
        if !endpoint.pathTemplate.isAbsoluteURL { rows.append(["base URL:", spec.baseURL?.text ?? "(none: give --base-url)"]) }
        for (index, header) in endpoint.headers.enumerated() {
            rows.append([index == 0 ? "headers:" : "", "\(header.name): \(header.value.text)"])
        }
        // A requirement of several schemes, sent together: a row each.
        for (index, auth) in (endpoint.auth?.policies ?? []).enumerated() { rows.append([index == 0 ? "auth:" : "", Self.describe(auth)]) }
        // The document's other alternatives: a call sends one when only its credentials are set.
        for alternative in endpoint.auth?.alternatives ?? [] {
            for (index, auth) in alternative.policies.enumerated() { rows.append([index == 0 ? "or:" : "", Self.describe(auth)]) }
        }
        if endpoint.auth?.allowsNoCredentials == true { rows.append(["or:", "no credentials (when none of these is set)"]) }
        var templates = endpoint.pathTemplate.isAbsoluteURL ? [] : [spec.baseURL].compactMap { $0 }
        templates += endpoint.headers.map(\.value)
        // Every alternative's: any of them may be the one set.
        for auth in endpoint.auth?.everyPolicy ?? [] {
            switch auth.scheme {
            case let .bearer(token): templates.append(token)
            case let .basic(user, password): templates += [user, password]
            case let .apiKey(_, _, value): templates.append(value)
            case .clientCertificate: break
            }
        }
        var seen: Set<String> = []
        var variables: [String] = []
        for reference in templates.flatMap(\.variableReferences) where seen.insert(reference.name).inserted {
            variables.append(reference.fallback.map { "\(reference.name) (default \($0))" } ?? reference.name)
        }
        rows.append(["variables:", variables.isEmpty ? "none" : variables.joined(separator: ", ")])
        return rows
    }

    private static func describe(_ auth: AuthPolicy) -> String {
        var text = switch auth.scheme {
        case let .bearer(token): "bearer, Authorization: Bearer \(token.text)"
        case let .basic(user, password): "basic, user \(user.text), password \(password.text)"
        case let .apiKey(location, name, value): "API key in \(location) '\(name)': \(value.text)"
        case .clientCertificate: "client certificate (mutual TLS), given with --cert and --key"
        }
        if let refresh = auth.refresh {
            text += "; on 401 refreshes ${\(refresh.variable)} from '\(refresh.endpoint)' (key path '\(refresh.token)')"
        }
        if let grant = auth.grant {
            let scopes = grant.scopes.isEmpty ? "" : " for \(grant.scopes.joined(separator: " "))"
            if let url = grant.clientCredentialsURL {
                text += "; without ${\(grant.variable)}, OAuth 2 client credentials: a token from \(url)\(scopes)"
                    + " with ${\(grant.clientIDVariable)} and ${\(grant.clientSecretVariable)}, again on 401"
            }
            let flows = [
                grant.authorizationCode.map { _ in "authorization code" }, grant.device.map { _ in "device" },
                grant.discoveryURL.map { "OpenID Connect (discovered from \($0))" },
                grant.metadataURL.map { "authorization server metadata (discovered from \($0))" },
            ].compactMap { $0 }
            if !flows.isEmpty {
                text += "; without ${\(grant.variable)}, the token of a login (OAuth 2 \(flows.joined(separator: " or ")) flow\(scopes), client ${\(grant.clientIDVariable)}):"
                    + " netspec auth login SPEC --scheme \(grant.scheme), renewed with its refresh token"
            }
            if !grant.isUsable, !grant.refused.isEmpty {
                text += "; OAuth 2 declares only \(grant.refused.joined(separator: " and ")): set ${\(grant.variable)}"
            }
        }
        if let origin = auth.origin { text += "; sent to \(origin) only with --allow-origin \(origin)" }
        return text
    }

    private func row(_ parameter: Parameter) -> [String] {
        let requirement: String
        if let value = parameter.defaultValue {
            requirement = "default \(value)"
        } else if let value = parameter.serverDefault {
            // A document's default is what the server assumes when the parameter is not sent.
            requirement = "optional, default on the server: \(value)"
        } else {
            requirement = parameter.isRequired ? "required" : "optional"
        }
        var target = "\(parameter.location) '\(parameter.wireName)'"
        switch parameter.location {
        case .path:
            target = "path \(placeholder(parameter))"
        case .body: target = "whole body"
        // A dictionary spreads into entries; a scalar or an array is sent under its name whatever its form.
        case _ where parameter.codec.spreads && Self.spreadsInto(parameter.type):
            target = "\(parameter.location) items, one per entry"
        default: break
        }
        var notes = Self.notes(on: parameter.codec, type: parameter.type)
        if let allowed = parameter.allowedValues { notes.append("one of " + allowed.map(\.description).joined(separator: ", ")) }
        if parameter.isNullable { notes.append("may be null: name:=null") }
        // A body field named like another parameter is called by its own name (`dag_idField`).
        if parameter.name != parameter.wireName, let other = endpoint.parameters.first(where: { $0.name == parameter.wireName && $0 != parameter }) {
            notes.append("'\(parameter.wireName)' names the \(other.location) parameter")
        }
        if !notes.isEmpty { target += " [" + notes.joined(separator: ", ") + "]" }
        let name = parameter.alias.map { "\(parameter.name) (\($0))" } ?? parameter.name
        return [name, parameter.type.description, requirement, target, "(\(reason(parameter)))"]
    }

    /// Whether a value of a type is sent as entries of its own where its form spreads (a
    /// dictionary, any JSON object): not a scalar or an array, which are items under the parameter's name.
    private static func spreadsInto(_ type: ValueType) -> Bool {
        if case .array = type.unwrapped { return false }
        return !type.isScalar
    }

    /// What a parameter's form adds to its place: `encoded`, `flag`, an array format (for a
    /// value that is not a scalar: a scalar is one item whatever the format), a part's file name
    /// and a media type.
    private static func notes(on codec: ParameterCodec, type: ValueType) -> [String] {
        switch codec {
        case .path(.encodedSegment): return ["encoded"]
        case .flag: return ["flag"]
        case .jsonText: return ["application/json"]
        case let .query(items), let .formField(items):
            if items.isJSONText { return ["application/json"] }
            let format: String? = switch items.arrays {
            case .repeated: nil
            case .brackets: "brackets"
            case .joined(.comma): "csv"
            case .joined(.space): "spaces"
            case .joined(.pipe): "pipes"
            case .joined(.tab): "tsv"
            }
            return (items.escaping == .alreadyEncoded ? ["encoded"] : []) + (format.map { type.isScalar ? [] : ["format \($0)"] } ?? [])
        case let .part(part): return (part.filename.map { ["filename \($0)"] } ?? []) + (part.mediaType.map { [$0] } ?? [])
        case let .body(body): return body.mediaType.map { [$0] } ?? []
        default: return []
        }
    }

    /// `{name}`, or `{+name}` for RFC 6570 reserved expansion: a path parameter's placeholder as
    /// the spec writes it (`{user_id}`, filled by `userId: { name: user_id }`), or, where the
    /// endpoint's template had to rename it, by the name an argument gives it: a document's `{é}`
    /// is `{_}` in the endpoint's template (a name of letters), and `_` is the body's.
    private func placeholder(_ parameter: Parameter) -> String {
        let name = Self.isRenamed(parameter) ? parameter.name : parameter.wireName
        return endpoint.pathTemplate.isReserved(placeholder: parameter.wireName) ? "{+\(name)}" : "{\(name)}"
    }

    /// Whether a path parameter's placeholder in the endpoint's template is not the one the spec
    /// wrote: a document's name that cannot be a template's (`é`, `user-id`) is given another.
    private static func isRenamed(_ parameter: Parameter) -> Bool {
        guard parameter.name != parameter.wireName else { return false }
        // A template's names are ASCII letters, digits and `_`, not starting with a digit.
        let scalars = parameter.name.unicodeScalars
        guard let first = scalars.first, !("0"..."9").contains(first) else { return true }
        return !scalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// The path as the spec writes it, each renamed placeholder as ``placeholder(_:)`` shows it.
    private var shownPath: String {
        var path = endpoint.path
        for parameter in endpoint.parameters where parameter.location == .path && Self.isRenamed(parameter) {
            for form in ["{", "{+"] {
                path = path.replacing(form + parameter.wireName + "}", with: form + parameter.name + "}")
            }
        }
        return path
    }

    private func reason(_ parameter: Parameter) -> String {
        switch parameter.inference {
        case .explicit: "explicit: in: \(parameter.location)"
        case .pathPlaceholder where endpoint.pathTemplate.isReserved(placeholder: parameter.wireName):
            "path: matches \(placeholder(parameter)), reserved expansion: '/' and other reserved characters kept"
        case .pathPlaceholder: "path: matches \(placeholder(parameter)), one segment"
        case .unlabelledBody: "body: the unlabelled parameter"
        case let .methodWithoutBody(method): "query: \(method) parameter"
        case let .methodWithBody(method, encoding): "body field: \(method) parameter, \(encoding) encoding"
        }
    }

    private var body: String {
        let locations = Set(endpoint.parameters.map(\.location))
        if locations.contains(.body) { return "the whole body from one parameter (\(wholeBodyType))" + contentType }
        if locations.contains(.part) { return "multipart/form-data, one part per parameter" }
        if locations.contains(.field) {
            return endpoint.encoding == .form ? "application/x-www-form-urlencoded fields" : "a JSON object of fields" + contentType
        }
        return "none"
    }

    /// What the whole body is sent as: its declared media type (`text/plain; charset=utf-8`; a
    /// range with the concrete type it goes as), else the endpoint's encoding (`json`).
    private var wholeBodyType: String {
        let declared = endpoint.parameters.lazy.compactMap { parameter -> String? in
            guard parameter.location == .body, case let .body(body) = parameter.codec else { return nil }
            return body.mediaType
        }.first
        guard let declared else { return "\(endpoint.encoding)" }
        let base = MediaType.base(of: declared)
        guard base.hasSuffix("/*") else { return declared }
        let otherwise = base == "text/*" ? "text/plain" : "application/octet-stream"
        return "\(declared): a file's type by its extension where the range covers it, else \(otherwise)"
    }

    /// The `Content-Type` a JSON body goes out under, where the document lists JSON or YAML types
    /// other than `application/json` (Kubernetes' PATCH): by the body, and those a call may choose.
    private var contentType: String {
        let choices = endpoint.jsonBodyMediaTypes
        let object = endpoint.jsonContentType(isArray: false), array = endpoint.jsonContentType(isArray: true)
        guard endpoint.writesJSONBody, choices.contains(where: { MediaType.base(of: $0) != "application/json" }) else { return "" }
        let others = choices.filter { $0 != object && $0 != array }
        return ", sent as \(object)" + (array == object ? "" : ", an array as \(array)")
            + (others.isEmpty ? "" : "; or as \(others.joined(separator: ", ")) with a Content-Type:TYPE item")
    }

    private var result: String {
        var text = endpoint.returnType.description
        if endpoint.answersValueOrEvents { text += ", or Server-Sent Events when the server streams (asked for with --stream)" }
        if let stream = endpoint.stream {
            text = "stream of \(stream == .sse ? "Server-Sent Events" : stream == .lines ? "JSON lines" : "bytes")"
            if let until = endpoint.until { text += " until \"\(until)\"" }
        }
        if let keyPath = endpoint.keyPath { text += " at key path '\(keyPath)'" }
        return text
    }
}

extension EndpointDescription {
    /// A response's status as the document writes it: `200`, `4XX`, `default`.
    static func statusText(_ status: ResponseStatus) -> String {
        switch status {
        case let .code(code): String(code)
        case let .range(digit): "\(digit)XX"
        case .default: "default"
        }
    }
}

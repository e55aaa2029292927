#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

extension Provider {
    /// A provider set up by the profile `name` of the config files, for `spec`: the
    /// command line's `--profile NAME` in Swift.
    ///
    /// The files are `$XDG_CONFIG_HOME/netspec/config.yaml` (else `~/.config/…`) and every
    /// `.netspec.yaml` from `directory` (the working directory unless given) up to the root, the nearest winning; the profile's
    /// settings for the spec's service (`services.NAME`) win over its own. What it sets:
    /// - the base URL (`baseURL`, and a call's, win);
    /// - variables: `variables` (the caller's) win, then the environment, then the profile's
    ///   (`{ env: NAME }` read from `environment`, the process's unless given, now);
    /// - headers, sent with every call, a value written in the file a `${NAME}` template filled
    ///   from these variables as a spec's header is: each replaces the document's header of its name (and
    ///   `Accept`, `Accept-Encoding`, `User-Agent`, but `options`' user agent), while the call's
    ///   own (``CallOptions/headers``) and those its arguments give (a header parameter, the
    ///   body's `Content-Type`) win over it;
    /// - `tls.cacert` and `tls.insecure`, where `options` leaves them at their defaults;
    /// - `proxy` and `noProxy`, where ``Options/proxy`` leaves them to the environment;
    /// - ``Options/profile``, so stored tokens are kept apart per profile.
    ///
    /// - Throws: ``SpecError`` at the place in a config file (a key that is not a profile's, a
    ///   secret written inline, a header that cannot be sent — its `{ env: NAME }` value too, read
    ///   now —, a `tls.cacert` or overlay file that cannot be read), or when no file has the profile.
    public static func profile(
        _ name: String, for spec: Spec, baseURL: String? = nil, variables: [String: String] = [:], options: Options = Options(),
        directory: String? = nil, environment: [String: String]? = nil,
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, interceptors: [any Interceptor] = [],
        wireInterceptors: [any Interceptor] = [], tokenStore: TokenStore = TokenStore()
    ) throws(SpecError) -> Provider {
        let directory = directory ?? FileManager.default.currentDirectoryPath
        let environment = environment ?? ProcessInfo.processInfo.environment
        let files = ProfileConfig.files(from: directory, environment: environment)
        guard let profile = try ProfileConfig.resolve(name, service: spec.service, files: files, secretVariables: spec.authVariables) else {
            let message = files.isEmpty
                ? "no profile '\(name)': there is no config file (~/.config/netspec/config.yaml, or .netspec.yaml here or above)"
                : "no profile '\(name)' in \(files.joined(separator: ", "))"
            throw SpecError(file: files.last ?? "config", line: 1, column: 1, message: message)
        }
        var values: [String: String] = [:]
        var environmentNames: [String: String] = [:]
        for (variable, setting) in profile.variables {
            // The environment wins over the profile (when the provider reads it).
            if options.usesEnvironment, environment[variable] != nil { continue }
            if let text = ProfileConfig.Resolved.text(setting.value, environment: environment) { values[variable] = text }
            // Read from another environment variable: a printed curl command references that one.
            if case let .environment(name) = setting.value, variables[variable] == nil { environmentNames[variable] = name }
        }
        values.merge(variables) { $1 }
        var options = options
        options.profile = name
        if options.tls.caFile == nil, let caFile = profile.caFile { options.tls.caFile = caFile.value }
        if options.tls.verifiesCertificates, profile.insecure?.value == true { options.tls.verifiesCertificates = false }
        options.proxy = try options.proxy.applying(profile, environment: environment)
        var headers: [(String, Template)] = []
        for (header, setting) in profile.headers {
            guard let text = ProfileConfig.Resolved.text(setting.value, environment: environment) else { continue }
            // The file's text was checked when it was read; a value from the environment is now.
            if case let .environment(variable) = setting.value, let problem = Service.headerProblem(name: header, value: text) {
                throw SpecError(file: setting.source.file, mark: setting.source.mark, message: "\(setting.source.place): \(problem) (from $\(variable))")
            }
            // The provider's own user agent wins over the profile's, as the call's -H does.
            if options.userAgent != nil, header.lowercased() == "user-agent" { continue }
            // The file's text is a `${NAME}` template (checked when it was read), filled when the
            // call is made; a value from the environment is sent as it is.
            if case .text = setting.value, let template = try? Template(parsing: text) {
                headers.append((header, template))
            } else {
                headers.append((header, Template(joining: [.literal(text)])))
            }
        }
        return Provider(
            baseURL: baseURL ?? profile.baseURL?.value, variables: values, encoders: [:], decoders: [:], options: options, transport: transport,
            interceptors: (headers.isEmpty ? [] : [ProfileHeaders(headers: headers)]) + interceptors, wireInterceptors: wireInterceptors, tokenStore: tokenStore,
            environmentNames: environmentNames
        )
    }
}

extension Spec {
    /// The variables the spec's auth uses (its tokens, passwords, keys): secrets whatever their names.
    package var authVariables: Set<String> {
        var names: Set<String> = []
        for auth in endpoints.flatMap({ $0.auth?.everyPolicy ?? [] }) {
            switch auth.scheme {
            case let .bearer(token): names.formUnion(token.variableNames)
            case let .basic(user, password): names.formUnion(user.variableNames + password.variableNames)
            case let .apiKey(_, _, value): names.formUnion(value.variableNames)
            case .clientCertificate: break
            }
            if let grant = auth.grant { names.formUnion([grant.clientIDVariable, grant.clientSecretVariable]) }
        }
        return names
    }
}

/// A profile's headers, sent with each request (docs/profiles.md, "Precedence"): each replaces
/// the document's header of its name (the endpoint's and the service's `headers:`) and the ones
/// netspec adds itself (`Accept`, `Accept-Encoding`, `User-Agent`); the call's own headers
/// (`-H`, ``CallOptions/headers``) win over it, and so does a header the call's arguments give
/// (a header parameter, a cookie parameter's `Cookie`, the body's `Content-Type`).
///
/// A value written in the file is a `${NAME}` template, as a spec's header is: its variables are
/// the call's (``Provider/variableLookup(keepingUnset:)``: `--var`, the environment, the
/// profile's `variables:`), and one set nowhere is the error a spec header's is.
struct ProfileHeaders: Interceptor {
    let headers: [(String, Template)]

    /// The headers netspec adds to a request when neither the document nor the call gives them.
    private static let defaults: Set<String> = ["accept", "accept-encoding", "user-agent"]

    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        var templates: [(String, Template)] = []
        let variables = context.service.provider.variableLookup()
        return try await next(applied(to: request, endpoint: context.endpoint, callHeaders: context.callOptions.headers.map(\.name), variables: variables, templates: &templates))
    }

    /// `request`, built for `endpoint` with the call's own headers (named by `callHeaders`) in
    /// it, with the profile's headers, as the call sends it (and `--dry-run` shows it), their
    /// variables filled from `variables`; `templates` gets those applied that have variables.
    ///
    /// - Throws: a variable set nowhere (unless `variables` keeps it as `${NAME}`), or a value
    ///   that cannot be sent (a line break from a variable).
    func applied(
        to request: PreparedRequest, endpoint: Endpoint, callHeaders: [String], variables: VariableLookup, templates: inout [(String, Template)]
    ) throws(CallError.ArgumentError) -> PreparedRequest {
        var request = request
        let calls = Set(callHeaders.map { $0.lowercased() })
        let replaced = Self.defaults.union(endpoint.headers.map { $0.name.lowercased() })
        for (name, template) in headers {
            // Names and the file's text were checked when the profile was read.
            guard let field = HTTPField.Name(name), !calls.contains(field.canonicalName) else { continue }
            let present = request.headerFields.contains(field)
            guard !present || replaced.contains(field.canonicalName) else { continue }
            let value = try variables.resolve(template, endpoint: endpoint.name, usedIn: "header '\(name)'")
            if !template.variableNames.isEmpty, let problem = Service.headerProblem(name: name, value: value) {
                throw CallError.ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .invalidValue, message: problem)
            }
            if !template.variableNames.isEmpty { templates.append((name, template)) }
            if present {
                request.headerFields[field] = value
            } else {
                request.headerFields.append(HTTPField(name: field, value: value))
            }
        }
        return request
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

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
    /// - headers, sent with every call that does not set the same one;
    /// - `tls.cacert` and `tls.insecure`, where `options` leaves them at their defaults;
    /// - ``Options/profile``, so stored tokens are kept apart per profile.
    ///
    /// - Throws: ``SpecError`` at the place in a config file (a key that is not a profile's, a
    ///   secret written inline), or when no file has the profile.
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
        for (variable, setting) in profile.variables {
            // The environment wins over the profile (when the provider reads it).
            if options.usesEnvironment, environment[variable] != nil { continue }
            if let text = ProfileConfig.Resolved.text(setting.value, environment: environment) { values[variable] = text }
        }
        values.merge(variables) { $1 }
        var options = options
        options.profile = name
        if options.tls.caFile == nil, let caFile = profile.caFile { options.tls.caFile = caFile.value }
        if options.tls.verifiesCertificates, profile.insecure?.value == true { options.tls.verifiesCertificates = false }
        var headers: [(String, String)] = []
        for (header, setting) in profile.headers {
            if let text = ProfileConfig.Resolved.text(setting.value, environment: environment) { headers.append((header, text)) }
        }
        return Provider(
            baseURL: baseURL ?? profile.baseURL?.value, variables: values, options: options, transport: transport,
            interceptors: (headers.isEmpty ? [] : [ProfileHeaders(headers: headers)]) + interceptors, wireInterceptors: wireInterceptors, tokenStore: tokenStore
        )
    }
}

extension Spec {
    /// The variables the spec's auth uses (its tokens, passwords, keys): secrets whatever their names.
    package var authVariables: Set<String> {
        var names: Set<String> = []
        for auth in endpoints.flatMap({ $0.auth?.policies ?? [] }) {
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

/// A profile's headers, added to each request that does not have the same one.
struct ProfileHeaders: Interceptor {
    let headers: [(String, String)]

    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        var request = request
        for (name, value) in headers {
            guard let field = HTTPField.Name(name), !request.headerFields.contains(field) else { continue }
            request.headerFields.append(HTTPField(name: field, value: value))
        }
        return try await next(request)
    }
}

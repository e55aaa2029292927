public import Netspec
public import NetspecModel
import HTTPTypes

/// Tests a live server against its document, as `netspec check` does: for each operation it
/// sends the document's examples, boundary values and seeded random cases (positive and
/// negative), holds every answer to the checks Schemathesis names, shrinks each failure to a
/// small request that still fails and gives a `netspec call` and a curl line that repeat it.
///
/// ```swift
/// let spec = try Spec.load(path: "petstore.yaml")
/// let report = await Checker(spec: spec).run(baseURL: "http://127.0.0.1:8080", options: CheckOptions(maxExamples: 20))
/// #expect(report.failures.isEmpty)
/// ```
///
/// Requests go through ``Service``'s own path: the provider's variables, profile, auth (and its
/// renewal on a 401), retry and redirects apply as they do to a call. The provider's variables
/// (`Provider(variables: ["region": "us"])`, else the environment) set the server variables of
/// an OpenAPI link's `server` as they set the document's `servers`': a value given wins over the
/// `default`, and a variable without a `default` that they set lets the link be followed
/// (``CheckOptions`` carries no variables).
public struct Checker: Sendable {
    /// The document.
    public let spec: Spec
    let service: Service
    /// What the `netspec call` reproduction lines end with, as shell words already quoted
    /// (`--profile staging`, `--var TOKEN="$TOKEN"`): the command line's own options; no secret
    /// goes here.
    public var reproductionOptions: [String] = []
    /// What the curl reproduction lines end with, as curl's own options already quoted
    /// (`--proxy 'http://<redacted>@proxy.local:3128' --noproxy localhost`); no secret goes here.
    public var curlOptions: [String] = []
    /// The document's name in the reproduction lines; the spec's file unless set.
    public var documentName: String
    /// Headers of the caller's own (`-H`), sent with every request as a call's
    /// ``CallOptions/headers`` are: over the document's of the same name, a credential here
    /// (`Authorization`, an API key's header) sent instead of the document's auth — but for the
    /// `ignored_auth` probes, which go without it. The reproductions give them, a secret one as
    /// `<redacted>` (as `netspec call --curl` does).
    public var headers: [(name: String, value: String)] = []

    /// A checker for `spec`, sending with `provider` (its variables, profile, auth, transport).
    public init(spec: Spec, provider: Provider = Provider()) {
        self.spec = spec
        service = Service(spec: spec, provider: provider)
        documentName = spec.file
    }

    /// The document's warnings but those the provider's variables answer: a variable without a
    /// `default` of a link's `server` that they set (the link is followed with its value), for
    /// `netspec check --var` not to warn that it is not followed.
    package var documentWarnings: [Spec.Warning] {
        let variables = service.provider.variableLookup()
        var answered: Set<Spec.Warning> = []
        for link in spec.endpoints.flatMap({ $0.responses.declared.flatMap(\.links) }) {
            guard let server = link.writtenServer else { continue }
            for variable in server.variablesWithoutDefault where server.uses(variable.name) && variables.value(variable.name) != nil {
                answered.insert(server.missingDefaultWarning(variable, link: link.name))
            }
        }
        return answered.isEmpty ? spec.warnings : spec.warnings.filter { !answered.contains($0) }
    }

    /// Runs the phases against the server at `baseURL` (`nil`: the document's or the provider's).
    public func run(baseURL: String?, options: CheckOptions = CheckOptions()) async -> CheckReport {
        await CheckRun(checker: self, baseURL: baseURL, options: options).run()
    }

    /// The requests a run would send first, one `METHOD URL` line each (with the body, if any),
    /// in the order its workers take them: the same seed gives the same lines.
    public func plannedRequests(baseURL: String?, options: CheckOptions = CheckOptions()) -> [String] {
        CheckRun(checker: self, baseURL: baseURL, options: options).plannedCases().compactMap { checkCase in
            guard let request = try? CheckRun.request(for: checkCase, service: service, baseURL: baseURL, headers: headers) else { return nil }
            return request.summaryLine
        }
    }

    /// The operations `options` selects, in the document's order: those named by an `include`
    /// entry (all when there is none) and by no `exclude` entry.
    public func selectedEndpoints(_ options: CheckOptions) -> [Endpoint] {
        spec.endpoints.filter { endpoint in
            endpoint.webSocket == nil
                && (options.include.isEmpty || options.include.contains { Self.names($0, endpoint) })
                && !options.exclude.contains { Self.names($0, endpoint) }
        }
    }

    /// Whether a selection entry names an operation: its id, a tag, its method, or its path as
    /// the document writes it (``documentPath(of:)``) or as Netspec rewrites it (`/pets/{petId}`
    /// for the document's `/pets/{pet-id}`); a trailing `*` matches any rest of an id, a tag or a
    /// path (`droplets*`, `/pets/*`).
    static func names(_ entry: String, _ endpoint: Endpoint) -> Bool {
        if entry.uppercased() == endpoint.method.rawValue && entry == entry.uppercased() { return true }
        let names = [endpoint.name, documentPath(of: endpoint), endpoint.path] + endpoint.tags
        guard entry.hasSuffix("*") else { return names.contains(entry) }
        let prefix = entry.dropLast()
        return names.contains { $0.hasPrefix(prefix) }
    }

    /// The operation's path as its document writes it: a path placeholder that is not a Swift
    /// identifier (`{pet-id}`), which the model rewrites as one (`{petId}`, the path parameter's
    /// wire name, with the document's name as the parameter's), written back as the document's.
    public static func documentPath(of endpoint: Endpoint) -> String {
        var path = endpoint.path
        for parameter in endpoint.parameters where parameter.location == .path && parameter.name != parameter.wireName && parameter.alias == parameter.wireName {
            path = path.replacing("{\(parameter.wireName)}", with: "{\(parameter.name)}")
        }
        return path
    }
}

extension Checker {
    /// A word as a POSIX shell reads it back: bare when it holds only safe characters, else in
    /// single quotes.
    public static func shellWord(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(scalar) || "-_./:=@,+%".unicodeScalars.contains(scalar)
        }
        if safe, !word.isEmpty { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

extension PreparedRequest {
    /// `POST http://host/pets {"name":"a"}`: what identifies a request in a plan.
    var summaryLine: String {
        var line = "\(method.rawValue) \(url)"
        if case let .bytes(bytes) = body, !bytes.isEmpty { line += " " + String(decoding: bytes, as: UTF8.self) }
        return line
    }
}

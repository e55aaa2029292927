#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import Netspec
import NetspecModel

/// The exit statuses of `netspec`, following HTTPie's and sysexits.h.
enum ExitStatus {
    static let usage = ExitCode(64)
    static let invalidSpec = ExitCode(65)
    static let cannotCreate = ExitCode(73)
    static let ioError = ExitCode(74)
    /// An OAuth 2 login is needed (none stored, or its refresh token refused): `EX_NOPERM`.
    static let loginRequired = ExitCode(77)
    /// The call cannot be made as set up: an unset variable, no base URL (`EX_CONFIG`).
    static let configuration = ExitCode(78)
    /// Standard output was closed by its reader (128 + SIGPIPE, what shells expect).
    static let brokenPipe = ExitCode(141)

    /// The status of a call that failed to connect or broke off (HTTPie's): 2 when it timed out, else 1.
    static func transportFailure(timedOut: Bool) -> ExitCode { ExitCode(timedOut ? 2 : 1) }

    /// The status of a call answered with an HTTP error (HTTPie's): 3, 4 or 5 by its class; 1 for
    /// a 1xx or 2xx answer to a WebSocket's upgrade (not 101), which is no HTTP error (2 is a timeout's).
    static func httpStatus(_ status: Int) -> ExitCode { ExitCode(status < 300 ? 1 : Int32(min(status / 100, 5))) }

    /// The status for a spec that cannot be loaded: a document by URL that cannot be fetched
    /// exits as a call that failed so does (1, 2 for a timeout, 3/4/5 for an HTTP error status);
    /// anything else is an invalid spec (65).
    static func of(_ error: SpecError) -> ExitCode {
        switch error.fetchFailure {
        case .timeout?: transportFailure(timedOut: true)
        case .transport?: transportFailure(timedOut: false)
        case let .status(status)?: httpStatus(status)
        case nil: invalidSpec
        }
    }

    /// Every status, for `--help`.
    static let summary = """
        Exit status: 0 ok, 1 error, 2 timeout, 3/4/5 HTTP 3xx/4xx/5xx (also fetching a document by URL), \
        64 usage error, 65 invalid spec, \
        73 the -o file cannot be created, 74 output cannot be written, 77 an OAuth 2 login is needed \
        (netspec auth login), 78 configuration (an unset variable, \
        no base URL), 130 interrupted, \
        141 standard output closed by its reader (netspec call ... | head -1).
        """
}

/// The cache of parsed big documents (see `YAMLTreeCache`): in the user's cache directory, or
/// `$NETSPEC_CACHE_DIR/specs` (set it empty for none).
let specCache = YAMLTreeCache.forThisExecutable(version: NetspecInfo.version)

/// Loads a spec for a command, printing every problem to standard error and exiting 65 on failure
/// (64 when the spec has errors and no endpoint named `endpoint`: ``unknownEndpointMessage(_:among:in:problems:)``).
///
/// - Parameters:
///   - path: A file, or an `http://` or `https://` URL (``Spec/load(url:provider:)``).
///   - endpoint: The one endpoint the command needs, if it needs one: an OpenAPI or Swagger
///     document's other operations are then not read.
///   - options: For a URL: the client's options (TLS, timeouts); the HTTP cache is the command
///     line's (`$NETSPEC_CACHE_DIR/http`) unless `usesCache` is false (`--no-cache`).
///   - overlays: Overlay files applied in order to the document before it is read (`--overlay`);
///     `strict`: an action whose target selects nothing is an error (`--strict`).
///   - warnsOfOverlays: Whether to print the overlays' warnings (``printOverlayWarnings(of:overlays:)``),
///     for `netspec call`, which prints none of the document's own; other commands print all of
///     a spec's warnings (``printWarnings(of:)``).
func loadSpec(
    _ path: String, for endpoint: String? = nil, options: Provider.Options? = nil, usesCache: Bool = true, overlays: [String] = [], strict: Bool = false,
    warnsOfOverlays: Bool = false
) async throws -> Spec {
    do {
        let spec: Spec
        if isHTTPURL(path) {
            spec = try await fetchSpec(path, options: options, usesCache: usesCache, overlays: overlays, strict: strict)
        } else {
            spec = try Spec.load(path: path, only: endpoint, cache: specCache, overlays: overlays, strictOverlays: strict)
        }
        if warnsOfOverlays { printOverlayWarnings(of: spec, overlays: overlays) }
        return spec
    } catch {
        if let endpoint, let names = error.endpointNames, !names.isEmpty, !names.contains(endpoint) {
            Terminal.standardError.write(unknownEndpointMessage(endpoint, among: names, in: path, problems: error))
            throw ExitStatus.usage
        }
        Terminal.standardError.write(error.description + "\n")
        throw ExitStatus.of(error)
    }
}

/// What a command that names an endpoint the spec does not have says when the spec also has
/// errors (the whole spec was read to look for the name): that the name is unknown, with the
/// names nearest it, as ``findEndpoint(_:in:)`` says it, then the spec's errors, each at its place,
/// since calling another endpoint may meet them.
func unknownEndpointMessage(_ name: String, among names: [String], in file: String, problems: SpecError) -> String {
    var seen: Set<String> = []
    let unique = names.filter { seen.insert($0).inserted }
    let hint = Suggestions.unknownName(name, among: unique, noun: "endpoint", seeAll: "netspec list \(file) lists them all once its errors are fixed")
    let count = problems.allErrors.count
    return "error: no endpoint '\(name)' in \(file)\(hint)\n"
        + "note: \(file) also has \(count == 1 ? "an error" : "\(count) errors"):\n"
        + problems.description + "\n"
}

/// The document at an `http(s)` URL (``Spec/load(url:provider:overlays:strict:)``), fetched with
/// `options` (the default ones: a time limit of 60 s) through the command line's HTTP cache unless
/// `usesCache` is false, with `overlays` applied in order.
func fetchSpec(_ url: String, options: Provider.Options?, usesCache: Bool, overlays: [String] = [], strict: Bool = false) async throws(SpecError) -> Spec {
    var options = options ?? Provider.Options()
    options.cache = usesCache ? HTTPCache(store: commandLineCacheStore) : nil
    return try await Spec.load(url: url, provider: Provider(options: options), overlays: overlays, strict: strict)
}

/// Whether a command's argument is an `http` or `https` URL (a document given by URL rather
/// than a file, `netspec mock --proxy`'s upstream).
func isHTTPURL(_ path: String) -> Bool {
    let lowered = path.lowercased()
    return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
}

/// Prints a spec's warnings on standard error, one a line.
func printWarnings(of spec: Spec) {
    for warning in spec.warnings { Terminal.standardError.write(warning.description + "\n") }
}

/// Prints the warnings at the places of `overlays` (the overlay files applied, as given): an
/// action whose target selects nothing, an `extends` naming another document, a target read
/// from Overlay 1.0's shorthand, and anything the loader warns about in what an overlay wrote.
/// For `netspec call`, which prints none of the document's own warnings (`validate` and `list` do).
func printOverlayWarnings(of spec: Spec, overlays: [String]) {
    guard !overlays.isEmpty else { return }
    let files = Set(overlays)
    for warning in spec.warnings where files.contains(warning.file) { Terminal.standardError.write(warning.description + "\n") }
}

/// The endpoint with a name, or a usage error naming the closest ones (exit 64).
func findEndpoint(_ name: String, in spec: Spec) throws -> Endpoint {
    if let endpoint = spec.endpoint(named: name) { return endpoint }
    let hint = Suggestions.unknownName(name, among: spec.endpoints.map(\.name), noun: "endpoint", seeAll: "netspec list \(spec.file) lists them all")
    Terminal.standardError.write("error: no endpoint '\(name)' in \(spec.file)\(hint)\n")
    throw ExitStatus.usage
}

/// Checks `--var NAME=VALUE` options in a command's `validate()`: each must hold `=`.
func validateVariables(_ options: [String]) throws {
    for option in options { _ = try NameValueOption.checked(option, option: "--var", form: "NAME=VALUE") }
}

/// `--var NAME=VALUE` options as variables (each was checked by ``validateVariables(_:)``).
func variables(from options: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for option in options {
        guard let pair = NameValueOption(option) else { continue }
        values[String(pair.name)] = String(pair.value)
    }
    return values
}

/// Where the command line keeps refreshed tokens between runs: `$NETSPEC_TOKEN_FILE`, else the
/// user's file (`Provider.FileTokenStore.userDefault`); in memory when `NETSPEC_TOKEN_FILE` is empty or
/// there is no home directory.
var commandLineTokenStore: TokenStore {
    if let configured = ProcessInfo.processInfo.environment["NETSPEC_TOKEN_FILE"] {
        return configured.isEmpty ? TokenStore() : TokenStore(file: configured)
    }
    return TokenStore.userDefault ?? TokenStore()
}

/// Where the command line keeps HTTP responses between runs: `UserDirectory.netspecCache("http")`
/// (`$NETSPEC_CACHE_DIR/http` beside the spec cache's `specs`, else `~/.cache/netspec/http`), 50 MiB
/// at most; in memory when `NETSPEC_CACHE_DIR` is empty or there is no home directory, and when
/// the directory cannot be one (`NETSPEC_CACHE_DIR` naming a file), which a warning says, once.
var commandLineCacheStore: any HTTPCache.Store {
    guard let store = commandLineDiskStore else { return HTTPCache.MemoryStore() }
    guard store.directoryProblem == nil else {
        _ = cacheDirectoryWarning
        return HTTPCache.MemoryStore()
    }
    return store
}

/// The command line's cache directory as a store, usable or not; `nil` for none.
var commandLineDiskStore: HTTPCache.DiskStore? {
    UserDirectory.netspecCache("http").map { HTTPCache.DiskStore(directory: $0) }
}

/// Says on standard error, the first time it is read, why the cache directory is not used.
private let cacheDirectoryWarning: Void = {
    guard let store = commandLineDiskStore, let problem = store.directoryProblem else { return }
    Terminal.standardError.write("warning: the cache directory \(store.directory) cannot be used: \(problem); responses are kept in memory only\n")
}()

import ArgumentParser
import Netspec
import NetspecModel

/// How a command that reads a document fetches one given by URL: the options `netspec call` uses
/// for its calls, so `list`, `describe`, `mock` and `mcp` reach the same servers the same way
/// (`netspec mock --proxy` reaches its upstream with them too).
struct DocumentFetchOptions: ParsableArguments {
    @Flag(name: .customLong("no-cache"), help: "Fetch a document given by URL again instead of using the HTTP cache.")
    var noCache = false

    @Option(name: .customLong("timeout"), help: ArgumentHelp("For a document given by URL: the time limit in seconds for fetching it (default 60); for mock --proxy, also how long the upstream may take to answer.", valueName: "S"))
    var timeout: Double?

    @Flag(name: [.customShort("k"), .customLong("insecure")], help: "For a document given by URL (and mock --proxy's upstream, auth login's authorization server): do not verify its server's TLS certificate (for test servers only).")
    var insecure = false

    @Option(name: .customLong("cacert"), help: ArgumentHelp("For a document given by URL (and mock --proxy's upstream, auth login's authorization server): trust the CA certificates in this PEM file instead of the system's.", valueName: "FILE"))
    var caFile: String?

    func validate() throws {
        if let timeout, !Seconds.isValid(timeout) { throw ValidationError("--timeout must be a positive number of seconds, \(Seconds.longestText)") }
    }

    /// The options for the fetch, through the environment's proxy (``providerOptions(proxy:)``).
    var providerOptions: Provider.Options { providerOptions(proxy: .environment) }

    /// The options for the fetch through `proxy`: a command that takes `--proxy` and `--noproxy`
    /// fetches its documents through what they choose (``ProxyOptions/setting``), as its calls go
    /// and as `netspec call` fetches its document.
    func providerOptions(proxy: Provider.Options.Proxy) -> Provider.Options {
        var options = Provider.Options(
            timeouts: .init(request: timeout.map(Seconds.duration)),
            tls: TLSSettings(caFile: caFile, verifiesCertificates: !insecure)
        )
        options.proxy = proxy
        return options
    }

    /// The same options for a server's requests (`netspec mock --proxy`'s upstream): the time
    /// limit until its answer's head arrives, and the TLS trust.
    var transportOptions: TransportOptions { providerOptions.transportOptions }

    /// Loads the whole document (see ``loadSpec(_:for:options:usesCache:overlays:strict:warnsOfOverlays:)``),
    /// checked as `validate` checks it, with the profile's overlays (for a command that takes
    /// `--profile`), then the command's, applied. (Only `netspec call` reads one endpoint of a spec.)
    /// A document given by URL is fetched through `proxy` (a command's `--proxy` and `--noproxy`),
    /// the profile's own `proxy:`/`noProxy:` where they leave it (``documentProxy(_:profile:)``).
    func load(_ path: String, overlaying: OverlayOptions, profile: String? = nil, proxy: Provider.Options.Proxy = .environment) async throws -> Spec {
        try await load(path, overlays: profileOverlays(profile) + overlaying.overlays, strict: overlaying.strict, proxy: documentProxy(proxy, profile: profile))
    }

    /// Loads the whole document with `overlays` applied (`strict`: an action that selects nothing
    /// is an error), fetched through `proxy` when given by URL.
    func load(_ path: String, overlays: [String], strict: Bool, proxy: Provider.Options.Proxy = .environment) async throws -> Spec {
        try await loadSpec(path, options: providerOptions(proxy: proxy), usesCache: !noCache, overlays: overlays, strict: strict)
    }
}

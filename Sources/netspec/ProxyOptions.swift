import ArgumentParser
import Netspec
import NetspecModel

/// `-x`/`--proxy URL` and `--noproxy LIST`, as curl's: the proxy every request of the command goes
/// through instead of the environment's, and the hosts reached directly instead of `no_proxy`'s
/// (docs/cli.md, "Proxies"). On `call` (declared there, for its quick parser), `run`, `check`,
/// `mcp` and `auth login`, `logout` and `status` (which sends nothing but its document's fetch);
/// not on `mock`, whose `--proxy` is the real server it checks.
struct ProxyOptions: ParsableArguments {
    @Option(name: [.customShort("x"), .customLong("proxy")], help: ArgumentHelp(ProxyOptions.proxyHelp, valueName: "URL"))
    var proxy: String?

    @Option(name: .customLong("noproxy"), help: ArgumentHelp(ProxyOptions.noProxyHelp, valueName: "LIST"))
    var noProxy: String?

    static let proxyHelp = "Send every request through this proxy (http://[user:password@]host[:port], socks5://, socks5h://) instead of the environment's http_proxy/https_proxy/all_proxy."
    static let noProxyHelp = "Reach these hosts directly (comma-separated names, IP addresses, CIDR ranges; '*' for all), instead of no_proxy's."

    func validate() throws { try Self.validate(proxy: proxy) }

    /// `Provider.Options.proxy` for them.
    var setting: Provider.Options.Proxy { Self.setting(proxy: proxy, noProxy: noProxy) }

    /// `options` with the proxy they choose.
    func applied(to options: Provider.Options) -> Provider.Options {
        var options = options
        options.proxy = setting
        return options
    }

    /// A `--proxy` value that cannot be used is a usage error (exit 64) in the words of a proxy
    /// variable's (`--proxy 'socks4://<redacted>@proxy.local' cannot be used: …`).
    static func validate(proxy: String?) throws {
        if let proxy, let problem = Provider.Options.Proxy.problem(with: proxy, source: "--proxy") { throw ValidationError(problem) }
    }

    /// As curl: `--proxy` replaces the environment's proxies, `no_proxy` (else `NO_PROXY`) still
    /// listing the hosts reached directly unless `--noproxy` does; `--noproxy` alone keeps the
    /// environment's proxies; neither: the environment's, as always.
    static func setting(proxy: String?, noProxy: String?) -> Provider.Options.Proxy {
        guard let proxy else { return noProxy.map { .environment(noProxy: $0, name: "--noproxy") } ?? .environment }
        if let noProxy { return .url(proxy, noProxy: noProxy, name: "--proxy", noProxyName: "--noproxy") }
        let list = Provider.Options.Proxy.noProxyVariable() ?? (name: "no_proxy", text: "")
        return .url(proxy, noProxy: list.text, name: "--proxy", noProxyName: list.name)
    }

    /// The same as curl's options, for a printed curl command: the proxy and list `setting` gives
    /// in place of the environment's (``Provider/Options/Proxy/curlValues``: `--proxy`/`--noproxy`,
    /// else a profile's `proxy:`/`noProxy:`), so that the line goes the call's way. A profile's
    /// `proxy: { env: NAME }` is `--proxy "${NAME}"`, which the shell expands as it does the
    /// line's other references to the environment (`-H "Authorization: Bearer ${TOKEN}"`), unless
    /// `showingSecrets` (its value then, as theirs). A name the shell cannot expand
    /// (``Template/isValidName(_:)``) is printed as its value is, redacted.
    static func curlOptions(for setting: Provider.Options.Proxy, showingSecrets: Bool) -> [String] {
        let values = setting.curlValues
        guard !showingSecrets, let variable = values.proxyVariable, Template.isValidName(variable) else {
            return curlOptions(proxy: values.proxy, noProxy: values.noProxy, showingSecrets: showingSecrets)
        }
        return ["--proxy", "\"${\(variable)}\""] + curlOptions(proxy: nil, noProxy: values.noProxy, showingSecrets: false)
    }

    /// The same as curl's options, for `--curl`: `--proxy` with its credentials `<redacted>`
    /// unless `showingSecrets`, and `--noproxy`.
    static func curlOptions(proxy: String?, noProxy: String?, showingSecrets: Bool) -> [String] {
        var words: [String] = []
        if let proxy { words += ["--proxy", PreparedRequest.quote(showingSecrets ? proxy : Provider.Options.Proxy.redacted(proxy))] }
        if let noProxy { words += ["--noproxy", PreparedRequest.quote(noProxy)] }
        return words
    }
}

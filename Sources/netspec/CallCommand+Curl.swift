import Netspec

extension CallCommand {
    /// The options that apply to the printed curl command, as curl's own (`--curl --timeout 5`
    /// prints `--max-time 5`); `proxy` is the provider's, the profile's `proxy:`/`noProxy:` applied.
    func curlOptions(proxy setting: Provider.Options.Proxy) -> [String] {
        var words: [String] = []
        if let timeout { words += ["--max-time", Self.seconds(timeout)] }
        if let connectTimeout { words += ["--connect-timeout", Self.seconds(connectTimeout)] }
        if let maxRedirects, !noFollow, maxRedirects > 0 { words += ["-L", "--max-redirs", String(maxRedirects)] }
        if insecure { words.append("-k") }
        words += tlsCurlOptions
        words += ProxyOptions.curlOptions(for: setting, showingSecrets: showSecrets)
        if verbose { words.append("-v") }
        if let output { words += ["-o", PreparedRequest.quote(output)] }
        return words
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

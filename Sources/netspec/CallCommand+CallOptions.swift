import Netspec
import NetspecModel

extension CallCommand {
    /// The call's options from the command line: its base URL, headers, time limits, key path,
    /// the mock, and request and response validation.
    func makeCallOptions(keyPath: JSONValue.KeyPath?) -> CallOptions {
        let extraHeaders = headers.map { header -> (name: String, value: String) in
            let parts = header.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]).trimmingSpaces(), String(parts[1]).trimmingSpaces())
        }
        return CallOptions(
            baseURL: baseURL.map(BaseURLShorthand.expand), headers: extraHeaders, timeout: timeout.map(Seconds.duration),
            connectTimeout: connectTimeout.map(Seconds.duration),
            keyPath: keyPath, usesMock: mock ? true : nil,
            requestValidation: noValidate ? .off : .strict, responseValidation: validatesResponse ? .warn : nil
        )
    }

    /// `options` with the proxy `--proxy` and `--noproxy` choose (the environment's without them).
    func withProxy(_ options: Provider.Options) -> Provider.Options {
        var options = options
        options.proxy = ProxyOptions.setting(proxy: proxy, noProxy: noProxy)
        return options
    }

    /// `options` with the proxy a document given by URL is fetched through: `--proxy` and
    /// `--noproxy`'s, the profile's own `proxy:`/`noProxy:` where they leave it (``documentProxy(_:profile:)``).
    func withDocumentProxy(_ options: Provider.Options) throws -> Provider.Options {
        var options = withProxy(options)
        options.proxy = try documentProxy(options.proxy, profile: profileName(profile))
        return options
    }
}

extension Provider.Options.Proxy {
    /// This proxy setting with a profile's `proxy:` and `noProxy:` where it leaves them to the
    /// environment (docs/profiles.md, "Proxy"): the caller's proxy and list (`--proxy`, `--noproxy`,
    /// a Swift caller's ``url(_:noProxy:)`` or ``direct``) win over the profile's, which win over
    /// the environment's variables (`http_proxy`…, `no_proxy`).
    ///
    /// - Parameter environment: where a `{ env: NAME }` value, and `no_proxy` under a profile's
    ///   proxy, are read.
    /// - Throws: ``SpecError`` at the setting's place for a `{ env: NAME }` proxy that cannot be
    ///   used (the file's text was checked when it was read), in ProxyRoute's words.
    func applying(_ profile: ProfileConfig.Resolved, environment: [String: String]) throws(SpecError) -> Self {
        let proxy = try Self.read(profile.proxy, key: "proxy", environment: environment)
        let noProxy = try Self.read(profile.noProxy, key: "noProxy", environment: environment)
        switch source {
        case .direct:
            return self
        case let .url(url, _, name, listName):
            // The command line's `--proxy` without `--noproxy` took no_proxy's list: the profile's is nearer.
            guard name == "--proxy", ["no_proxy", "NO_PROXY"].contains(listName), let noProxy else { return self }
            return .url(url, noProxy: noProxy.text, name: name, noProxyName: noProxy.name)
        case let .environment(variables, list, listName):
            if let proxy {
                let given = list.map { (name: listName, text: $0) }
                let chosen = given ?? noProxy.map { (name: $0.name, text: $0.text) } ?? Self.noProxyVariable(in: variables ?? environment) ?? (name: "no_proxy", text: "")
                return Self(source: .url(proxy.text, noProxy: chosen.text, name: proxy.name, noProxyName: chosen.name), proxyVariable: proxy.variable)
            }
            guard list == nil, let noProxy else { return self }
            return Self(source: .environment(variables, noProxy: noProxy.text, noProxyName: noProxy.name))
        }
    }

    /// This setting with profile `name`'s own `proxy:` and `noProxy:` applied, as
    /// ``applying(_:environment:)`` applies them to its calls, for fetching a document given by
    /// URL: not a `services.NAME` one's, since the service is the document's, known once it is read.
    /// Unchanged when no file (of `directory`'s, ``ProfileConfig/files(from:environment:)``) has the profile.
    package func applying(profile name: String, directory: String, environment: [String: String]) throws(SpecError) -> Self {
        let files = ProfileConfig.files(from: directory, environment: environment)
        guard let profile = try ProfileConfig.ownSettings(ofProfile: name, files: files) else { return self }
        return try applying(profile, environment: environment)
    }

    /// A profile's value, how messages name it (`profile staging: proxy`) and the environment
    /// variable it is read from (`{ env: NAME }`'s, else `nil`); `nil` when unset (or its
    /// `{ env: NAME }` variable is).
    private static func read(
        _ setting: ProfileConfig.Setting<ProfileConfig.Value>?, key: String, environment: [String: String]
    ) throws(SpecError) -> (name: String, text: String, variable: String?)? {
        guard let setting, let text = ProfileConfig.Resolved.text(setting.value, environment: environment) else { return nil }
        let name = "\(setting.source.place): \(key)"
        guard case let .environment(variable) = setting.value else { return (name, text, nil) }
        if key == "proxy" {
            do {
                _ = try ProxyRoute.parse(text, source: "proxy")
            } catch {
                throw SpecError(file: setting.source.file, mark: setting.source.mark, message: "\(setting.source.place): \(String(describing: error)) (from $\(variable))")
            }
        }
        return (name, text, variable)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

/// Named profiles from the config files: the same API on staging and production, each with its
/// base URL, variables, headers and TLS settings.
///
/// ```yaml
/// # $XDG_CONFIG_HOME/netspec/config.yaml (~/.config/…), and .netspec.yaml from the working
/// # directory upward (the nearest wins over farther ones and over the user's file)
/// profiles:
///   staging:
///     baseURL: https://staging.example.com
///     variables:
///       REGION: eu-west-1
///       GITHUB_TOKEN: { env: STAGING_GITHUB_TOKEN }   # a secret: only by reference
///     headers: { X-Env: staging }
///     tls: { cacert: certs/staging.pem, insecure: false }
///     services:                                     # by the spec's service (OpenAPI info.title)
///       UsersAPI: { baseURL: https://users.staging.example.com }
/// ```
///
/// Secrets are never written in the file: a variable whose name says it is one (`…TOKEN`,
/// `…SECRET`, `…PASSWORD`, `…KEY`, `…CREDENTIALS`) or that the spec's auth uses, and the headers
/// `Authorization`, `Cookie` and `Proxy-Authorization`, must be `{ env: NAME }`; written inline
/// they are an error at their `file:line:column`.
package struct ProfileConfig: Sendable {
    /// Where a setting came from, for `netspec config show`.
    package struct Source: Sendable, Hashable, CustomStringConvertible {
        package let file: String
        package let mark: Mark
        /// `profile staging` or `profile staging, services.UsersAPI`.
        package let place: String
        package var description: String { "\(place), \(file):\(mark.line):\(mark.column)" }
    }

    /// A value as the file gives it: text, or the name of an environment variable holding it.
    package enum Value: Sendable, Hashable {
        case text(String)
        case environment(String)
    }

    /// One setting with its source.
    package struct Setting<T: Sendable & Hashable>: Sendable, Hashable {
        package let value: T
        package let source: Source
    }

    /// A profile resolved for one service: the profile's settings with the service's over them.
    package struct Resolved: Sendable {
        package var name: String
        package var baseURL: Setting<String>?
        /// One of the document's servers, by name, index or URL (`Spec.selectingServer(_:)`);
        /// the nearer of it and `baseURL` wins.
        package var server: Setting<String>?
        package var variables: [String: Setting<Value>] = [:]
        package var headers: [(name: String, setting: Setting<Value>)] = []
        package var caFile: Setting<String>?
        /// Overlays applied to the document before it is read, in order (paths made absolute
        /// from the config file's folder); see docs/overlays.md.
        package var overlays: Setting<[String]>?
        /// Where each of ``overlays`` is written, in its order.
        package var overlayMarks: [Mark] = []
        package var insecure: Setting<Bool>?
        /// The proxy of its calls (`proxy:`, a proxy URL) and the hosts reached directly
        /// (`noProxy:`, a `no_proxy` list), over the environment's (docs/profiles.md, "Proxy").
        package var proxy: Setting<Value>?
        package var noProxy: Setting<Value>?
        /// The files read, farthest first.
        package var files: [String] = []
    }

    /// The files that hold profiles, farthest first: the user's, then `.netspec.yaml` from the
    /// root down to `directory`.
    package static func files(from directory: String, environment: [String: String]) -> [String] {
        var found: [String] = []
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["HOME"].map { $0 + "/.config" }
        if let configHome, FileManager.default.fileExists(atPath: configHome + "/netspec/config.yaml") {
            found.append(configHome + "/netspec/config.yaml")
        }
        var projects: [String] = []
        var folder = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        while true {
            let candidate = (folder == "/" ? "" : folder) + "/.netspec.yaml"
            if FileManager.default.fileExists(atPath: candidate) { projects.append(candidate) }
            guard let slash = folder.lastIndex(of: "/"), folder != "/" else { break }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
        return found + projects.reversed()
    }

    /// The profile `name` for `service`, from `files` (farthest first, nearer ones winning);
    /// `nil` when no file has it.
    ///
    /// - Parameter secretVariables: variables the spec's auth uses (secrets whatever their names).
    /// - Throws: ``SpecError`` at the place in the file: a key that is not a profile's, a value of
    ///   the wrong kind, a secret written inline, a header that cannot be sent (a name that is not
    ///   a field name, a line break in a value); and, of the profile `name` only, a file it names
    ///   (`tls.cacert`, an overlay) that cannot be read.
    package static func resolve(
        _ name: String, service: String, files: [String], secretVariables: Set<String> = []
    ) throws(SpecError) -> Resolved? {
        guard let resolved = try settings(name, service: service, files: files, secretVariables: secretVariables) else { return nil }
        try resolved.checkOverlayFiles()
        if let caFile = resolved.caFile, !isReadableFile(caFile.value) {
            throw SpecError(file: caFile.source.file, mark: caFile.source.mark, message: "\(caFile.source.place): 'tls.cacert' '\(caFile.value)': no such readable file")
        }
        return resolved
    }

    /// The profile's settings as the files give them, every profile of every file checked, but not
    /// the files it names (``resolve(_:service:files:secretVariables:)`` checks those).
    private static func settings(
        _ name: String, service: String, files: [String], secretVariables: Set<String> = []
    ) throws(SpecError) -> Resolved? {
        var resolved = Resolved(name: name, files: files)
        var found = false
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw SpecError(file: file, line: 1, column: 1, message: "cannot read the config file")
            }
            let root: YAMLNode?
            do {
                root = try YAMLParser.parse(bytes)
            } catch {
                throw SpecError(file: file, mark: error.mark, message: error.message)
            }
            guard let root else { continue }
            guard let top = MappingReader(root) else { throw SpecError(file: file, mark: root.mark, message: "a config file is a mapping with 'profiles'") }
            for pair in top.pairs where pair.key.string != "profiles" {
                throw SpecError(file: file, mark: pair.key.mark, message: "'\(pair.key.string ?? "")' is not a config key (the file has 'profiles')")
            }
            guard let profiles = top["profiles"] else { continue }
            guard let mapping = MappingReader(profiles) else { throw SpecError(file: file, mark: profiles.mark, message: "'profiles' is a mapping of profile names") }
            // Every profile of the file is checked, so a mistake shows whichever is used.
            for profile in mapping.pairs {
                let profileName = profile.key.string ?? ""
                var reader = Reader(file: file, secretVariables: secretVariables)
                var settings = Resolved(name: profileName)
                try reader.read(profile.value, into: &settings, place: "profile \(profileName)", allowsServices: true, service: service)
                guard profileName == name else { continue }
                found = true
                resolved.merge(settings)
            }
        }
        return found ? resolved : nil
    }

    /// The overlays profile `name` names in `files` (the nearest file's list), before any spec is
    /// read: a profile's overlays are not a service's, so the service does not matter here.
    /// An overlay file that cannot be read is an error at its place in the config file.
    package static func overlays(ofProfile name: String, files: [String]) throws(SpecError) -> [String] {
        guard let resolved = try settings(name, service: "", files: files) else { return [] }
        try resolved.checkOverlayFiles()
        return resolved.overlays?.value ?? []
    }

    /// Profile `name`'s own settings in `files`, without a service's (`services.NAME`): what a
    /// command knows of it before a document is read, such as the proxy it fetches one through.
    package static func ownSettings(ofProfile name: String, files: [String]) throws(SpecError) -> Resolved? {
        try settings(name, service: "", files: files)
    }

    /// Whether `path` is a file that can be read (as `--cacert` checks its file).
    static func isReadableFile(_ path: String) -> Bool {
        FileManager.default.isReadableFile(atPath: path) && (try? FileManager.default.contentsOfDirectory(atPath: path)) == nil
    }

    /// Whether a variable's name says it holds a secret.
    package static func isSecret(variable name: String) -> Bool {
        let upper = name.uppercased()
        return ["TOKEN", "SECRET", "PASSWORD", "KEY", "CREDENTIALS"].contains { upper.hasSuffix($0) }
    }

    /// Whether a header carries credentials.
    package static func isSecret(header name: String) -> Bool {
        ["authorization", "cookie", "proxy-authorization"].contains(name.lowercased())
    }

    private struct Reader {
        let file: String
        let secretVariables: Set<String>

        func error(_ message: String, at mark: Mark) -> SpecError { SpecError(file: file, mark: mark, message: message) }

        mutating func read(_ node: YAMLNode, into settings: inout Resolved, place: String, allowsServices: Bool, service: String) throws(SpecError) {
            guard let mapping = MappingReader(node) else { throw error("\(place) is a mapping of settings", at: node.mark) }
            if mapping["baseURL"] != nil, let server = mapping.pairs.first(where: { $0.key.string == "server" }) {
                throw error("\(place): 'baseURL' and 'server' both say where calls go; keep one", at: server.key.mark)
            }
            for pair in mapping.pairs {
                let key = pair.key.string ?? ""
                let source = Source(file: file, mark: pair.value.mark, place: place)
                switch key {
                case "baseURL":
                    guard let text = pair.value.string, text.contains("://") else { throw error("\(place): 'baseURL' is an http or https URL", at: pair.value.mark) }
                    // `{stage}` or `${stage}` is no variable in a base URL given: it was sent percent-encoded.
                    if let problem = BaseURLCheck.bracedNameProblem(inGiven: text) ?? BaseURL.problem(in: text) { throw error("\(place): 'baseURL' '\(BaseURL.redacted(text))': \(problem)", at: pair.value.mark) }
                    settings.baseURL = Setting(value: text, source: source)
                    settings.server = nil
                case "server":
                    guard let text = pair.value.string, !text.isEmpty else { throw error("\(place): 'server' is the name (or index, or URL) of one of the document's servers", at: pair.value.mark) }
                    settings.server = Setting(value: text, source: source)
                    settings.baseURL = nil
                case "variables":
                    guard let variables = MappingReader(pair.value) else { throw error("\(place): 'variables' is a mapping of names to values", at: pair.value.mark) }
                    for variable in variables.pairs {
                        let name = variable.key.string ?? ""
                        let value = try self.value(variable.value, what: "variable '\(name)'", place: place,
                                                   secret: ProfileConfig.isSecret(variable: name) || secretVariables.contains(name))
                        settings.variables[name] = Setting(value: value, source: Source(file: file, mark: variable.value.mark, place: place))
                    }
                case "headers":
                    try readHeaders(pair.value, into: &settings, place: place)
                case "tls":
                    try readTLS(pair.value, into: &settings, place: place)
                case "proxy", "noProxy":
                    let value = try readProxy(pair.value, key: key, place: place)
                    if key == "proxy" { settings.proxy = Setting(value: value, source: source) } else { settings.noProxy = Setting(value: value, source: source) }
                case "overlays" where allowsServices:
                    guard let items = pair.value.sequence, items.allSatisfy({ $0.string?.isEmpty == false }) else {
                        throw error("\(place): 'overlays' is a list of overlay files", at: pair.value.mark)
                    }
                    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
                    settings.overlays = Setting(value: items.map { $0.string! }.map { $0.hasPrefix("/") ? $0 : folder + "/" + $0 }, source: source)
                    settings.overlayMarks = items.map(\.mark)
                case "overlays":
                    throw error("\(place): 'overlays' is a profile's setting, not a service's (the service is known once the overlays are applied)", at: pair.key.mark)
                case "services" where allowsServices:
                    guard let services = MappingReader(pair.value) else { throw error("\(place): 'services' is a mapping of service names to settings", at: pair.value.mark) }
                    for entry in services.pairs {
                        let serviceName = entry.key.string ?? ""
                        var own = Resolved(name: settings.name)
                        try read(entry.value, into: &own, place: "\(place), services.\(serviceName)", allowsServices: false, service: service)
                        if serviceName == service { settings.merge(own) }
                    }
                default:
                    throw error("\(place): '\(key)' is not a profile setting (baseURL, server, variables, headers, tls, proxy, noProxy\(allowsServices ? ", overlays, services" : ""))", at: pair.key.mark)
                }
            }
        }

        /// A profile's `headers:`: each a text (a `${NAME}` template) or `{ env: NAME }`, checked as a call's `-H` is.
        func readHeaders(_ node: YAMLNode, into settings: inout Resolved, place: String) throws(SpecError) {
            guard let headers = MappingReader(node) else { throw error("\(place): 'headers' is a mapping of names to values", at: node.mark) }
            for header in headers.pairs {
                let name = header.key.string ?? ""
                let value = try self.value(header.value, what: "header '\(name)'", place: place, secret: ProfileConfig.isSecret(header: name))
                // A header that cannot be sent, as a call's -H is refused (a value read
                // from the environment is checked when it is read: Provider.profile).
                let text: String = if case let .text(text) = value { text } else { "" }
                if let problem = Service.headerProblem(name: name, value: text) {
                    throw error("\(place): \(problem)", at: HTTPField.Name(name) == nil ? header.key.mark : header.value.mark)
                }
                // Its text is a `${NAME}` template, as a spec's header is (filled when
                // the call is made: ProfileHeaders).
                do {
                    _ = try Template(parsing: text)
                } catch {
                    throw self.error("\(place): header '\(name)': \(error.message)", at: header.value.mark)
                }
                settings.headers.removeAll { $0.name.lowercased() == name.lowercased() }
                settings.headers.append((name, Setting(value: value, source: Source(file: file, mark: header.value.mark, place: place))))
            }
        }

        /// A profile's `tls:` (`cacert`, a path relative to the config file's folder; `insecure`).
        func readTLS(_ node: YAMLNode, into settings: inout Resolved, place: String) throws(SpecError) {
            guard let tls = MappingReader(node) else { throw error("\(place): 'tls' is a mapping (cacert, insecure)", at: node.mark) }
            for setting in tls.pairs {
                let settingSource = Source(file: file, mark: setting.value.mark, place: place)
                switch setting.key.string {
                case "cacert":
                    guard let path = setting.value.string, !path.isEmpty else { throw error("\(place): 'tls.cacert' is a file path", at: setting.value.mark) }
                    // Relative to the config file's folder.
                    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
                    settings.caFile = Setting(value: path.hasPrefix("/") ? path : folder + "/" + path, source: settingSource)
                case "insecure":
                    guard let text = setting.value.string, ["true", "false"].contains(text) else { throw error("\(place): 'tls.insecure' is true or false", at: setting.value.mark) }
                    settings.insecure = Setting(value: text == "true", source: settingSource)
                default:
                    throw error("\(place): 'tls.\(setting.key.string ?? "")' is not a TLS setting (cacert, insecure)", at: setting.key.mark)
                }
            }
        }

        /// A profile's `proxy:` (read as `--proxy`'s value is) or `noProxy:` (a `no_proxy` list):
        /// text as it is written, with no `${NAME}` variables, or `{ env: NAME }` (checked when read:
        /// `Provider.profile`); a proxy's `user:password@` is a secret, so `{ env: NAME }` only.
        func readProxy(_ node: YAMLNode, key: String, place: String) throws(SpecError) -> Value {
            let value = try self.value(node, what: "'\(key)'", place: place, secret: false)
            guard case let .text(text) = value else { return value }
            if text.contains("${") {
                throw error("\(place): '\(key)' is used as it is written and has no ${NAME} variables; give a value from the environment as { env: NAME }", at: node.mark)
            }
            guard key == "proxy" else { return value }
            let route: ProxyRoute
            do {
                route = try ProxyRoute.parse(text, source: "proxy")
            } catch {
                throw self.error("\(place): \(String(describing: error))", at: node.mark)
            }
            if route.user != nil {
                throw error("\(place): 'proxy' holds a user and password (user:password@), a secret: give it as { env: NAME }, never written in the file", at: node.mark)
            }
            return value
        }

        func value(_ node: YAMLNode, what: String, place: String, secret: Bool) throws(SpecError) -> Value {
            if let mapping = MappingReader(node) {
                guard mapping.pairs.count == 1, let name = mapping["env"]?.string, !name.isEmpty else {
                    throw error("\(place): \(what) is text or { env: NAME }", at: node.mark)
                }
                return .environment(name)
            }
            guard let text = node.string else { throw error("\(place): \(what) is text or { env: NAME }", at: node.mark) }
            if secret { throw error("\(place): \(what) is a secret: give it as { env: NAME }, never written in the file", at: node.mark) }
            return .text(text)
        }
    }
}

extension ProfileConfig.Resolved {
    /// `other`'s settings over these.
    mutating func merge(_ other: ProfileConfig.Resolved) {
        if let value = other.baseURL { (baseURL, server) = (value, nil) }
        if let value = other.server { (server, baseURL) = (value, nil) }
        for (name, value) in other.variables { variables[name] = value }
        for header in other.headers {
            headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
            headers.append(header)
        }
        if let value = other.caFile { caFile = value }
        if let value = other.insecure { insecure = value }
        if let value = other.proxy { proxy = value }
        if let value = other.noProxy { noProxy = value }
        if let value = other.overlays { (overlays, overlayMarks) = (value, other.overlayMarks) }
    }

    /// Throws at its place the first overlay that is not a readable file.
    func checkOverlayFiles() throws(SpecError) {
        guard let overlays else { return }
        for (path, mark) in zip(overlays.value, overlayMarks) where !ProfileConfig.isReadableFile(path) {
            throw SpecError(file: overlays.source.file, mark: mark, message: "\(overlays.source.place): overlay '\(path)': no such readable file")
        }
    }

    /// A value with environment references looked up (`nil` when the variable is not set).
    package static func text(_ value: ProfileConfig.Value, environment: [String: String]) -> String? {
        switch value {
        case let .text(text): text
        case let .environment(name): environment[name]
        }
    }
}

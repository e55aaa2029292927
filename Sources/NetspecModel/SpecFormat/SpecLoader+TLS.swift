/// Reading the service-level `tls:` (``TLSSettings``): the CA bundle, the lowest version, pins per
/// host and hosts left unpinned, every problem at its position.
extension SpecLoader {
    static let tlsKeys = ["ca", "minVersion", "pins", "unpinned"]

    /// `tls: { ca, minVersion, pins, unpinned }`; `nil` when it is not a mapping.
    mutating func readTLS(_ node: YAMLNode) -> TLSSettings? {
        let context: ErrorContext = "tls: "
        guard let mapping = MappingReader(node) else {
            report("\(context)expected a mapping with 'ca', 'minVersion', 'pins' or 'unpinned', found \(node.foundDescription)", at: node.mark)
            return nil
        }
        reportUnknownKeys(in: mapping, allowed: Self.tlsKeys, context: context)
        var tls = TLSSettings()
        if let caNode = mapping["ca"], let path = readString(caNode, key: "ca", context: context) {
            tls.caFile = Self.resolve(path, relativeToFolderOf: file)
        }
        if let versionNode = mapping["minVersion"], let version = readString(versionNode, key: "minVersion", context: context) {
            if let known = TLSSettings.Version(version) {
                tls.minimumVersion = known
            } else {
                report("\(context)'minVersion' must be \"1.2\" or \"1.3\", found '\(version)'", at: versionNode.mark)
            }
        }
        if let pinsNode = mapping["pins"] {
            if let hosts = MappingReader(pinsNode) {
                for pair in hosts.pairs {
                    let host = (pair.key.string ?? "").lowercased()
                    tls.pins[host] = readPins(pair.value, host: host, context: context)
                }
            } else {
                report("\(context)'pins' must be a mapping of hosts to lists of pins (sha256/BASE64), found \(pinsNode.foundDescription)", at: pinsNode.mark)
            }
        }
        if let unpinnedNode = mapping["unpinned"] {
            if let items = unpinnedNode.sequence {
                for item in items {
                    if let host = readString(item, key: "unpinned", context: context) { tls.unpinnedHosts.insert(host.lowercased()) }
                }
            } else {
                report("\(context)'unpinned' must be a list of hosts, found \(unpinnedNode.foundDescription)", at: unpinnedNode.mark)
            }
        }
        return tls
    }

    /// One host's pins: a list (or one pin), each `sha256/BASE64` or `cert-sha256/BASE64`.
    private mutating func readPins(_ node: YAMLNode, host: String, context: ErrorContext) -> [TLSSettings.Pin] {
        let items: [YAMLNode] = node.sequence.map { Array($0) } ?? [node]
        var pins: [TLSSettings.Pin] = []
        for item in items {
            guard let text = readString(item, key: "pins", context: context) else { continue }
            if let pin = try? TLSSettings.Pin(text) {
                pins.append(pin)
            } else {
                report(
                    "\(context)pin '\(text)' for \(host) is not sha256/BASE64 (the SHA-256 of the public key) or cert-sha256/BASE64 (of the certificate), 32 bytes in base64",
                    at: item.mark
                )
            }
        }
        if items.isEmpty { report("\(context)no pins for \(host)", at: node.mark) }
        return pins
    }

    /// `path` as given when absolute, else in the folder of the spec file `file`.
    static func resolve(_ path: String, relativeToFolderOf file: String) -> String {
        guard !path.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }
}

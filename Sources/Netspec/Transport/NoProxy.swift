#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `no_proxy` as curl 8 reads it (lib/noproxy.c): `*` alone bypasses every host; otherwise a
/// comma-separated list whose entries (blanks around them ignored) match a host name exactly or
/// as a domain suffix on a dot boundary (`example.com` and `.example.com` match `example.com` and
/// `api.example.com`, not `notexample.com`; case-insensitive, a trailing dot ignored), and an IP
/// address host only by address or CIDR range (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`). A
/// name never matches an address: `localhost` does not cover `127.0.0.1`, and nothing is bypassed
/// that the list does not name (curl sends even `localhost` through the proxy).
enum NoProxy {
    /// Whether `list` says that `host` (a name, or an IP address without brackets) is reached directly.
    static func bypasses(host rawHost: String, list: String) -> Bool {
        if list.trimmingBlanks == "*" { return true }
        var host = Substring(rawHost.lowercased())
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        let address = IPAddress(String(host))
        if address == nil, host.hasSuffix(".") { host = host.dropLast() }
        guard !host.isEmpty else { return false }
        for entry in entries(list) {
            if let address {
                if address.isIn(String(entry)) { return true }
                continue
            }
            var name = Substring(entry.lowercased())
            if name.hasSuffix(".") { name = name.dropLast() }
            if name.hasPrefix(".") { name = name.dropFirst() }
            guard !name.isEmpty else { continue }
            if name == host { return true }
            if host.count > name.count, host.hasSuffix(name), host.dropLast(name.count).hasSuffix(".") { return true }
        }
        return false
    }

    /// The list's entries as curl splits them: separated by commas, blanks around them skipped;
    /// an entry followed by a blank and no comma ends the list.
    static func entries(_ list: String) -> [Substring] {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        var entries: [Substring] = []
        var rest = Substring(list)
        while !rest.isEmpty {
            rest = rest.drop(while: blank)
            let entry = rest.prefix { !blank($0) && $0 != "," }
            if !entry.isEmpty { entries.append(entry) }
            rest = rest[entry.endIndex...].drop(while: blank)
            guard rest.first == "," else { break }
            rest = rest.drop { $0 == "," }
        }
        return entries
    }

    /// An IPv4 or IPv6 address, as bytes.
    struct IPAddress: Equatable {
        let bytes: [UInt8]

        init?(_ text: String) {
            var v4 = in_addr()
            if inet_pton(AF_INET, text, &v4) == 1 {
                bytes = withUnsafeBytes(of: &v4) { Array($0) }
                return
            }
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        }

        /// Whether this address is `entry` (`10.1.2.3`) or in its range (`10.0.0.0/8`); a prefix
        /// of 0, or none, compares the whole address, as curl does.
        func isIn(_ entry: String) -> Bool {
            let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let network = IPAddress(String(parts[0])), network.bytes.count == bytes.count else { return false }
            var bits = bytes.count * 8
            if parts.count > 1 {
                guard let prefix = Int(parts[1]), prefix >= 0, prefix <= bits else { return false }
                if prefix > 0 { bits = prefix }
            }
            for index in bytes.indices where index * 8 < bits {
                let kept = min(8, bits - index * 8)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
                if bytes[index] & mask != network.bytes[index] & mask { return false }
            }
            return true
        }
    }
}

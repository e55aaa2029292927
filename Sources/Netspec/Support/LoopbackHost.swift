/// The one rule for whether a host is this machine's own, a loopback host: used for the URLs an
/// OAuth discovery document or metadata may give over plain `http`
/// (``OAuthDiscoveredDocument/isLoopback(_:)``), for the `Origin`s the MCP HTTP server answers
/// without being told, and for whether `netspec mock --host` and `netspec mcp --http` warn that
/// other machines can reach the server.
///
/// A loopback host is `localhost` (any case), an IPv4 address of 127.0.0.0/8 written as four
/// decimal parts, none with a leading zero (`0177.0.0.1` is not: some resolvers read it as
/// octal), or the IPv6 loopback address `::1` (or `0:0:0:0:0:0:0:1`), with or without brackets.
/// A name that only starts with one (`127.0.0.1.example`, `localhost.example`) is not.
package enum LoopbackHost {
    /// Whether `host` — a URL's host, without port or credentials — is a loopback host.
    package static func contains(_ host: some StringProtocol) -> Bool {
        let host = host.lowercased()
        if host == "localhost" { return true }
        let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : Substring(host)
        if unbracketed == "::1" || unbracketed == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy(isByte)
    }

    /// Whether `part` is a decimal number from 0 to 255 without a leading zero.
    private static func isByte(_ part: Substring) -> Bool {
        (1...3).contains(part.count) && part.utf8.allSatisfy { (48...57).contains($0) } && (part == "0" || !part.hasPrefix("0"))
            && Int(part).map { $0 <= 255 } == true
    }
}

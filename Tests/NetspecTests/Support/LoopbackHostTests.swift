import Testing

@testable import Netspec

/// The one loopback rule (``LoopbackHost``) that OAuth discovery URLs, the MCP server's origins and
/// the `mock`/`mcp` listen warnings share.
@Suite struct LoopbackHostTests {
    @Test(arguments: [
        ("localhost", true), ("LocalHost", true), ("127.0.0.1", true), ("127.0.0.2", true), ("127.1.2.3", true),
        ("127.255.255.255", true), ("::1", true), ("[::1]", true), ("0:0:0:0:0:0:0:1", true), ("[0:0:0:0:0:0:0:1]", true),
        ("127.0.0.1.example", false), ("127.0.0.2.example", false), ("127.example", false), ("localhost.example", false),
        ("0177.0.0.1", false), ("127.0.0.01", false), ("127.0.0.256", false), ("128.0.0.1", false), ("127.1", false),
        ("127.0.0.1.", false), ("2130706433", false), ("127.0.0.1:80", false), ("0.0.0.0", false), ("::", false),
        ("::2", false), ("[::2]", false), ("[::1", false), ("", false),
    ] as [(String, Bool)])
    func theLoopbackHosts(host: String, loopback: Bool) {
        #expect(LoopbackHost.contains(host) == loopback)
    }
}

import Testing

@testable import Netspec

/// Where a `ws`/`wss` URL connects and the `Host` its upgrade request sends (`WebSocketConnection`;
/// it sends no `Origin` of its own, WebSocketUpgradeRequestTests).
@Suite struct WebSocketTargetTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var url: String
        var host: String, port: Int, target: String, hostHeader: String
        var testDescription: String { url }
    }

    @Test(arguments: [
        Row(url: "ws://example.com/chat?room=a", host: "example.com", port: 80, target: "/chat?room=a", hostHeader: "example.com"),
        Row(url: "wss://example.com", host: "example.com", port: 443, target: "/", hostHeader: "example.com"),
        Row(url: "ws://127.0.0.1:8080/feed#top", host: "127.0.0.1", port: 8080, target: "/feed", hostHeader: "127.0.0.1:8080"),
        Row(url: "wss://[::1]:8443/s", host: "::1", port: 8443, target: "/s", hostHeader: "[::1]:8443"),
        Row(url: "ws://[::1]?q=1", host: "::1", port: 80, target: "/?q=1", hostHeader: "[::1]"),
        Row(url: "ws://user:secret@example.com:81/x", host: "example.com", port: 81, target: "/x", hostHeader: "example.com:81"),
    ])
    func aURLIsSplitAsTheUpgradeSendsIt(row: Row) throws {
        let target = try #require(WebSocketTarget(url: row.url))
        #expect([target.host, "\(target.port)", target.requestTarget, target.hostHeader] == [row.host, "\(row.port)", row.target, row.hostHeader])
    }

    @Test(arguments: ["ftp://example.com", "ws://example.com:http/", "ws:///path"])
    func aURLItCannotConnectToIsRefused(url: String) {
        #expect(WebSocketTarget(url: url) == nil)
    }
}

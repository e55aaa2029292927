import Foundation
import Testing
import Netspec
import NetspecMock
import NetspecTestSupport

/// `netspec mock DOC --proxy UPSTREAM` (issue 33, item 6): requests go to the real server and its
/// answers come back, with what breaks the document in `Netspec-Violations`; with `--errors`, a
/// breaking request is a 422 (not forwarded) and a breaking answer a 502. The upstream here is
/// another mock server, serving a version of the API that has drifted from the document.
@Suite struct MockProxyTests {
    /// The document the proxy checks against.
    static let document = try! String(contentsOfFile: TestPaths.root + "/Tests/NetspecTests/Fixtures/mock/pets-proxy.openapi.yaml", encoding: .utf8)

    /// What the server really answers: `name` has become a number, and an undocumented path.
    static let upstream = """
        netspec: 1
        service: Drifted
        endpoints:
          getPet:
            GET: /pets/{id}
            params: { id: String }
            mock: { body: { id: 1, name: 42 } }
          hello:
            GET: /hello
            mock: { body: { hi: true } }
          events:
            GET: /events
            stream: sse
            mock: { events: [ "one", "two" ] }
        """

    static func withProxy(errors: Bool = false, _ body: (String, Recorder<String>) async throws -> Void) async throws {
        try await MockServerTests.withMockServer(Self.upstream) { upstream, _ in
            let options = MockServer.Options(port: 0, proxy: upstream, proxyErrors: errors)
            try await MockServerTests.withMockServer(of: try Spec(yaml: document, file: "pets.yaml"), options) { base, log in
                try await body(base, log)
            }
        }
    }

    @Test func answersArePassedOnWithWhatBreaksTheDocument() async throws {
        try await Self.withProxy { base, log in
            try await #expect(MockPrismDefectsTests.answer([base + "/pets/1"]) == """
                HTTP/1.1 200 OK
                Content-Type: application/json
                Netspec-Violations: [{"location":"response","pointer":"/name","message":"must be a string","schema":"pets.yaml:14:101"}]

                {"id":1,"name":42}
                """)
            // A request that breaks it is forwarded, its problems said too.
            try await #expect(MockPrismDefectsTests.answer([base + "/pets/x"]).contains(
                #"Netspec-Violations: [{"location":"path","parameter":"id","message":"'x' is not an integer (a whole number)"},{"location":"response""#
            ))
            // A path the document does not have is forwarded unchecked.
            try await #expect(MockPrismDefectsTests.answer([base + "/hello"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"hi\":true}")
            #expect(log.all.contains("GET /pets/1 200 getPet (1 violation of the document: response /name: must be a string (pets.yaml:14:101))"), "\(log.all)")
        }
    }

    @Test func errorsTurnViolationsInto422And502() async throws {
        try await Self.withProxy(errors: true) { base, _ in
            try await #expect(MockPrismDefectsTests.answer([base + "/pets/x"]).hasPrefix("HTTP/1.1 422 "))
            let answer = try await MockPrismDefectsTests.answer([base + "/pets/1"])
            #expect(answer.hasPrefix("HTTP/1.1 502 Bad Gateway\nContent-Type: application/problem+json\nNetspec-Violations: "), "\(answer)")
            #expect(answer.hasSuffix(#""detail":"the upstream's answer breaks the document","errors":[{"location":"response","pointer":"/name","message":"must be a string","schema":"pets.yaml:14:101"}]}"#), "\(answer)")
        }
    }

    @Test func eventStreamsPassThroughAsTheyArrive() async throws {
        try await Self.withProxy { base, _ in
            let answer = try await MockPrismDefectsTests.answer([base + "/events"])
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\nContent-Type: text/event-stream"), "\(answer)")
            #expect(answer.hasSuffix("data: one\n\ndata: two\n\n"), "\(answer)")
        }
    }
}

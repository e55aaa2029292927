import Foundation
import Testing

import Netspec

/// `let user: User = try await api.getUser(id:)` decodes; without a type the call is a
/// `Response`. Endpoints named like `Service`'s members load with a warning and are called
/// through `api[endpoint:]`.
@Suite struct TypedCallAndReservedNameTests {
    struct User: Decodable, Equatable {
        var id: String
        var name: String
    }

    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          getUser:
            GET: /user
            params:
              id: String
            mock: { body: { id: johne, name: John } }
          send:
            POST: /send
            params:
              text: String
            mock: { body: { sent: true } }
          call:
            GET: /call
            mock: { body: { called: 1 } }
        """

    static let spec = try! Spec(yaml: yaml, file: "reserved.yaml")
    static let api = Service(spec: spec, provider: Provider(baseURL: "https://example.com", options: .init(mocks: .enabled, usesEnvironment: false)))

    @Test func aTypedCallDecodesTheResult() async throws {
        let user: User = try await Self.api.getUser(id: "johne")
        #expect(user == User(id: "johne", name: "John"))
    }

    @Test func anUntypedCallIsAResponse() async throws {
        let response = try await Self.api.getUser(id: "johne")
        #expect(response.status == 200)
        #expect(response.value == ["id": "johne", "name": "John"])
        // A statement whose value is unused is the untyped call, not ambiguous.
        try await Self.api.getUser(id: "johne")
    }

    @Test func aResultOfAnotherShapeIsADecodingError() async throws {
        struct Other: Decodable { var missing: Int }
        do {
            let _: Other = try await Self.api.getUser(id: "johne")
            Issue.record("decoded")
        } catch {
            guard case .decoding = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func endpointsNamedLikeServiceMembersWarnAtTheirName() {
        #expect(Self.spec.warnings.map(\.description) == [
            #"reserved.yaml:9:3: warning: endpoint 'send': 'api.send' is Service's own member, not this endpoint; call it as api[endpoint: "send"](…) or api.call("send", …)"#,
            #"reserved.yaml:14:3: warning: endpoint 'call': 'api.call' is Service's own member, not this endpoint; call it as api[endpoint: "call"](…) or api.call("call", …)"#,
        ])
        let plain = try! Spec(yaml: "netspec: 1\nservice: S\nendpoints:\n  getUser: { GET: /u }\n")
        #expect(plain.warnings.isEmpty)
    }

    @Test func theSubscriptCallsAnEndpointAMemberShadows() async throws {
        let sent = try await Self.api[endpoint: "send"](text: "hi")
        #expect(sent.value == ["sent": true])
        let called = try await Self.api[endpoint: "call"]()
        #expect(called.value == ["called": 1])
        let viaCall = try await Self.api.call("send", ["text": "hi"])
        #expect(viaCall.value == ["sent": true])
    }

    /// The reserved list is exactly Service's public members, read from its declarations, so a
    /// member added later cannot silently shadow an endpoint.
    @Test func theReservedNamesAreServicesPublicMembers() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Netspec")
        var members: Set<String> = []
        let files = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let member = try Regex(#"^    public (?:func|var|let|static func|static var|static let) ([A-Za-z_][A-Za-z0-9_]*)"#)
        for file in files {
            var inService = false
            for line in try String(contentsOfFile: folder.path + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                if let first = line.first, !first.isWhitespace, first != "}" {
                    inService = line.hasPrefix("extension Service {") || line.hasPrefix("extension Service:") || line.hasPrefix("public struct Service")
                }
                if inService, let match = line.firstMatch(of: member), let name = match.output[1].substring {
                    members.insert(String(name))
                }
            }
        }
        #expect(members.subtracting(["dynamicallyCall"]) == Spec.serviceMemberNames)
    }
}

// docs/tls.md's Swift block, verbatim between `// snippet docs/tls.md N` and
// `// end snippet docs/tls.md N` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func tlsSettings() throws {
        // snippet docs/tls.md 1
        let tls = TLSSettings(
            caFile: "certs/internal-ca.pem",
            minimumVersion: .v1_3,
            clientCertificate: (certificateFile: "client.pem", keyFile: "client.key"),
            pins: ["api.example.com": [try .init("sha256/p1d6q7YzqLfs3fIE2NBVXY2Npo2koHK8jeeVAlrex2M=")]],
            unpinnedHosts: ["status.example.com"]
        )
        let provider = Provider(options: .init(tls: tls))
        // end snippet docs/tls.md 1
        _ = provider
    }
}

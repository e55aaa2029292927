import Foundation
public import NIOSSL
public import NetspecTestSupport

/// Certificates made by openssl for a test, in a ``ScratchDirectory``: a CA (`ca.pem`,
/// `CN=Netspec-Test-CA`), and signed by it a server certificate for `localhost`/`127.0.0.1`
/// (`leaf`), one for another name (`wrong`), one that expired on 2021-01-01 00:00:00 UTC
/// (`expired`), one valid from 2036-01-01 00:00:00 UTC on (`future`), a client certificate
/// (`client`), and an intermediate CA (`inter`) with a server certificate it signs (`ileaf`),
/// each `NAME.pem` and `NAME.key` (EC P-256), the subject `CN=NAME`; a self-signed client
/// certificate no one trusts (`stranger`); the CA and the intermediate as a bundle (`trust.pem`)
/// and as a hashed directory (`trust/`, made by `openssl rehash`); the pins of all of them.
///
/// Server certificates with the extensions private CAs write: `eku` (signed by the CA), with a
/// critical extended key usage `serverAuth`, and `eileaf` the same under an intermediate
/// `ekuinter` whose own extended key usage (critical) is `serverAuth, clientAuth`; and ones a
/// TLS client must refuse, signed by the CA: `clientonly` (extended key usage `clientAuth`
/// only), `signonly` (key usage `keyCertSign` only: a NIOSSL server refuses to present it) and
/// `oddext` (a critical extension of a private OID, 1.3.6.1.4.1.55555.1); the CA and `ekuinter`
/// as a bundle (`ekutrust.pem`).
///
/// ``trustme(python:)`` makes the same names with Python's `trustme` instead.
public struct TestPKI: Sendable {
    /// Where the files are.
    public let directory: ScratchDirectory

    /// Makes the certificates (a few openssl runs).
    public static func make() async throws -> TestPKI {
        let directory = try ScratchDirectory()
        let result = try await ChildProcess.run("/bin/sh", ["-c", script], directory: directory.path)
        guard result.status == 0 else { throw TestServerError.childFailed("openssl: \(result.stderr)") }
        return TestPKI(directory: directory)
    }

    /// Certificates made by Python's `trustme` (Tests/Peers/trustme_chains.py, run with the
    /// peers' `python`): `ca`, `inter`, `ileaf` (under `inter`), `leaf` (under `ca`), `wrong`, and
    /// the bundle `trust.pem`, with the subjects `OU=Netspec Root,O=trustme`,
    /// `OU=Netspec Intermediate,O=trustme`, `OU=Netspec Leaf,O=trustme`, `OU=Netspec Direct Leaf,O=trustme`.
    public static func trustme(python: String) async throws -> TestPKI {
        let directory = try ScratchDirectory()
        let result = try await ChildProcess.run(python, [Peers.root + "/Tests/Peers/trustme_chains.py", directory.path], directory: directory.path)
        guard result.status == 0 else { throw TestServerError.childFailed("trustme_chains.py: \(result.stderr)") }
        return TestPKI(directory: directory)
    }

    /// The path of a file, e.g. `path("ca.pem")`.
    public func path(_ name: String) -> String { directory.path + "/" + name }

    /// The public-key pin of `NAME.pem`, computed by openssl (`sha256/BASE64`).
    public func publicKeyPin(_ name: String) async throws -> String {
        let command = "openssl x509 -in \(name).pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        let result = try await ChildProcess.run("/bin/sh", ["-c", command], directory: directory.path)
        return "sha256/" + result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The certificate pin of `NAME.pem`, computed by openssl (`cert-sha256/BASE64`).
    public func certificatePin(_ name: String) async throws -> String {
        let command = "openssl x509 -in \(name).pem -outform der | openssl dgst -sha256 -binary | base64"
        let result = try await ChildProcess.run("/bin/sh", ["-c", command], directory: directory.path)
        return "cert-sha256/" + result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A server context presenting `NAME.pem` and then `above` (the CA by default; `["inter", "ca"]`
    /// for `ileaf`), optionally requiring a client certificate signed by the CA, limited to a
    /// highest TLS version, and offering application protocols by ALPN (`h2`).
    public func serverContext(
        _ name: String = "leaf", above: [String] = ["ca"], requiresClientCertificate: Bool = false, maximumVersion: TLSVersion? = nil,
        applicationProtocols: [String] = []
    ) throws -> NIOSSLContext {
        let chain = try ([name] + above).flatMap { try NIOSSLCertificate.fromPEMFile(path("\($0).pem")) }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(try NIOSSLPrivateKey(file: path("\(name).key"), format: .pem))
        )
        if requiresClientCertificate {
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .file(path("ca.pem"))
        }
        configuration.maximumTLSVersion = maximumVersion
        configuration.applicationProtocols = applicationProtocols
        return try NIOSSLContext(configuration: configuration)
    }

    private static let script = """
    set -e
    cat > ext.cnf <<'X'
    [leaf]
    subjectAltName=DNS:localhost,IP:127.0.0.1
    basicConstraints=CA:FALSE
    [wrong]
    subjectAltName=DNS:wrong.example
    basicConstraints=CA:FALSE
    [client]
    basicConstraints=CA:FALSE
    extendedKeyUsage=clientAuth
    [eku]
    subjectAltName=DNS:localhost,IP:127.0.0.1
    basicConstraints=critical,CA:FALSE
    keyUsage=critical,digitalSignature
    extendedKeyUsage=critical,serverAuth
    [ekuinter]
    basicConstraints=critical,CA:TRUE
    keyUsage=critical,keyCertSign,cRLSign
    extendedKeyUsage=critical,serverAuth,clientAuth
    [clientonly]
    subjectAltName=DNS:localhost,IP:127.0.0.1
    extendedKeyUsage=critical,clientAuth
    [signonly]
    subjectAltName=DNS:localhost,IP:127.0.0.1
    keyUsage=critical,keyCertSign
    [oddext]
    subjectAltName=DNS:localhost,IP:127.0.0.1
    1.3.6.1.4.1.55555.1=critical,ASN1:UTF8String:netspec
    X
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 -subj /CN=Netspec-Test-CA \
      -keyout ca.key -out ca.pem -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
    make() {
      openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=$1 -keyout $1.key -out $1.csr 2>/dev/null
      openssl x509 -req -in $1.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days $2 -extfile ext.cnf -extensions $3 -out $1.pem 2>/dev/null
    }
    make leaf 3650 leaf
    make wrong 3650 wrong
    make client 3650 client
    make eku 3650 eku
    make ekuinter 3650 ekuinter
    make clientonly 3650 clientonly
    make signonly 3650 signonly
    make oddext 3650 oddext
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=eileaf -keyout eileaf.key -out eileaf.csr 2>/dev/null
    openssl x509 -req -in eileaf.csr -CA ekuinter.pem -CAkey ekuinter.key -CAcreateserial -days 3650 -extfile ext.cnf -extensions eku -out eileaf.pem 2>/dev/null
    cat ca.pem ekuinter.pem > ekutrust.pem
    # Fixed validity periods, for exact messages: `openssl ca` sets the dates.
    mkdir cadb && touch cadb/index.txt && echo 1000 > cadb/serial
    printf '[ca]\ndefault_ca=d\n[d]\ndatabase=cadb/index.txt\nnew_certs_dir=cadb\nserial=cadb/serial\ndefault_md=sha256\npolicy=p\nunique_subject=no\n[p]\ncommonName=supplied\n' > ca.cnf
    dated() {
      openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=$1 -keyout $1.key -out $1.csr 2>/dev/null
      openssl ca -batch -notext -config ca.cnf -cert ca.pem -keyfile ca.key -in $1.csr -out $1.pem -startdate $2 -enddate $3 -extfile ext.cnf -extensions leaf 2>/dev/null
    }
    dated expired 20200101000000Z 20210101000000Z
    dated future 20360101000000Z 20370101000000Z
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 -subj /CN=stranger -keyout stranger.key -out stranger.pem 2>/dev/null
    # An intermediate CA under the CA, and a server certificate it signs (`ileaf`).
    printf '[inter]\nbasicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n' >> ext.cnf
    make inter 3650 inter
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=ileaf -keyout ileaf.key -out ileaf.csr 2>/dev/null
    openssl x509 -req -in ileaf.csr -CA inter.pem -CAkey inter.key -CAcreateserial -days 3650 -extfile ext.cnf -extensions leaf -out ileaf.pem 2>/dev/null
    # The trust of a client that holds the root and the intermediate: a bundle, and a directory as /etc/ssl/certs is.
    cat ca.pem inter.pem > trust.pem
    mkdir trust && cp ca.pem inter.pem trust/ && openssl rehash trust
    """
}

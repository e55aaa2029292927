import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Netspec

/// GETs over TLS to 127.0.0.1 against the same GETs in plain HTTP through Netspec, and raw
/// async-http-client over TLS, side by side: what TLS costs, and what pinning adds (its check
/// makes one more handshake per request).
func benchTLS(_ context: Context, server: BenchServer, scratch: String) async throws -> Outcome {
    let total = 2_000
    let concurrency = 8
    // A self-signed certificate for 127.0.0.1, made for this run.
    let certificate = scratch + "/tls-cert.pem", key = scratch + "/tls-key.pem"
    let made = try Spawn.run([
        "/usr/bin/openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
        "-subj", "/CN=bench", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
    ], stderr: .null)
    guard made.status == 0 else { throw BenchError("openssl could not make the TLS certificate") }
    let tlsServer = try BenchServer(binary: context.benchServer, tls: (certificate, key))
    defer { tlsServer.stop() }

    let spec = try Spec.load(path: context.benchSpec)
    let pin = try TLSSettings.Pin.publicKey(pemFile: certificate)
    var sentHeaders = HTTPHeaders()
    for field in try Service(spec: spec, provider: Provider(baseURL: server.baseURL)).prepare("getUser", ["id": "1"]).headerFields {
        sentHeaders.add(name: field.name.rawName, value: field.value)
    }
    let headers = sentHeaders
    let tlsBase = tlsServer.baseURL

    func netspecRun(base: String, tls: TLSSettings) -> () async throws -> UInt64 {
        {
            let transport = AsyncHTTPClientTransport()
            let service = Service(spec: spec, provider: Provider(baseURL: base, options: .init(tls: tls), transport: transport))
            let elapsed: UInt64
            do {
                elapsed = try await runConcurrently(total: total, concurrency: concurrency) { index in
                    let response = try await service.call("getUser", ["id": .value(.string(String(index % 1000)))])
                    guard response.status == 200 else { throw BenchError("Netspec: unexpected response \(response.status)") }
                }
            } catch {
                try? await transport.shutdown()
                throw error
            }
            try await transport.shutdown()
            return elapsed
        }
    }
    func rawRun() async throws -> UInt64 {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(10))
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .enabled(limit: .none)
        configuration.connectionPool.retryConnectionEstablishment = false
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
        configuration.tlsConfiguration = tls
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let elapsed: UInt64
        do {
            elapsed = try await runConcurrently(total: total, concurrency: concurrency) { index in
                var request = HTTPClientRequest(url: tlsBase + "/users/" + String(index % 1000))
                request.headers = headers
                let response = try await client.execute(request, timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
                guard response.status == .ok, body.readableBytes > 0 else { throw BenchError("async-http-client: unexpected response \(response.status)") }
            }
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
        return elapsed
    }

    let samples = try await interleave(warmups: 1, repetitions: context.repetitions(9), tools: [
        ("netspec-http", netspecRun(base: server.baseURL, tls: .init())),
        ("netspec-tls", netspecRun(base: tlsServer.baseURL, tls: .init(caFile: certificate))),
        ("netspec-pinned", netspecRun(base: tlsServer.baseURL, tls: .init(caFile: certificate, pins: ["127.0.0.1": [pin]]))),
        ("raw-tls", rawRun),
    ])
    let (plain, tls, pinned, raw) = (samples[0], samples[1], samples[2], samples[3])
    let workload = "2,000 GETs, concurrency 8, 127.0.0.1, TLS 1.3 (P-256)"
    return Outcome(rows: [
        Row(workload: workload, tool: "Netspec `Service.call`, plain HTTP", median: Format.duration(plain.median),
            throughput: Format.perSecond(total, plain.median, unit: "calls"), ratio: "1.00× plain", samples: plain),
        Row(workload: workload, tool: "Netspec `Service.call`, TLS (CA file)", median: Format.duration(tls.median),
            throughput: Format.perSecond(total, tls.median, unit: "calls"),
            ratio: Format.ratio(tls.median / plain.median) + " plain, " + Format.ratio(tls.median / raw.median) + " raw TLS", samples: tls),
        Row(workload: workload, tool: "Netspec `Service.call`, TLS + public-key pin", median: Format.duration(pinned.median),
            throughput: Format.perSecond(total, pinned.median, unit: "calls"),
            ratio: Format.ratio(pinned.median / tls.median) + " unpinned TLS", samples: pinned),
        Row(workload: workload, tool: "raw async-http-client, TLS", median: Format.duration(raw.median),
            throughput: Format.perSecond(total, raw.median, unit: "calls"), ratio: "", samples: raw),
    ], notes: [
        "**TLS**: \(Format.grouped(total)) `GET /users/{id}` per repetition from \(concurrency) tasks against bench-server, plain and "
            + "with `--tls` (a self-signed P-256 certificate for 127.0.0.1 made by openssl for the run), each repetition with new "
            + "clients, so pools fill (8 connections per host) and handshake anew. Netspec trusts the certificate by "
            + "`TLSSettings(caFile:)`; the pinned row adds its public-key pin, whose check makes one more TCP and TLS handshake "
            + "before every request (the ratio on that row is the cost of pinning). Raw: `HTTPClient` with the certificate as its "
            + "only trust root, the same header fields.",
    ])
}

import Foundation
import Testing

import Netspec
import NetspecTestSupport

/// Documents loaded by URL (`Spec.load(url:)`), from httpbin (a server none of us wrote, pinned in
/// Tests/Peers/requirements.txt): its own Swagger 2.0 document at `/spec.json`, called against it;
/// a relative base resolved against the document's URL; the HTTP cache's freshness and
/// revalidation; and every way a URL is not a document, as a message naming it.
@Suite(.serialized, .enabled(if: FastAPIPeer.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
struct DocumentURLTests {
    static func withHTTPBin(_ body: (String) async throws -> Void) async throws {
        let app = try await ChildProcess.blocking { Result { try FastAPIPeer.start(script: "httpbin_app.py") } }.get()
        defer { Thread { app.stop() }.start() }
        try await body(app.baseURL)
    }

    @Test func httpbinsOwnDocumentLoadsByURLAndItsOperationsAreCalled() async throws {
        try await Self.withHTTPBin { base in
            let spec = try await Spec.load(url: base + "/spec.json")
            #expect(spec.file == base + "/spec.json")
            #expect(spec.service == "httpbin.org")
            #expect(spec.baseURL?.text == "https://httpbin.org")
            #expect(spec.endpoints.count == 73)
            let api = Service(spec: spec, provider: Provider(baseURL: base, options: .init(usesEnvironment: false)))
            #expect(try await api.call("getGet").value["url"] == .string(base + "/get"))
            #expect(try await api.call("getAnythingByAnything", ["anything": "x y"]).value["url"] == .string(base + "/anything/x%20y"))
            #expect(try await api.call("getBase64ByValue", ["value": "aGk="]).value == "hi")
            #expect(try await api.call("getStatusByCodes", ["codes": "204"]).status == 204)
            #expect(try api.prepare("getGet").url == base + "/get")
        }
    }

    /// A Swagger document without `host`: its base path is resolved against the document's URL.
    @Test func aRelativeBaseIsResolvedAgainstTheDocumentsURL() async throws {
        try await Self.withHTTPBin { base in
            let spec = try await Spec.load(url: base + "/response-headers?swagger=2.0&basePath=/api/v1&x-paths=none")
            #expect(spec.baseURL?.text == base + "/api/v1")
            #expect(spec.basePath == nil)
        }
    }

    @Test func theCacheKeepsAndRevalidatesTheDocument() async throws {
        try await Self.withHTTPBin { base in
            let network = NetworkRecorder()
            let provider = Provider(options: .init(cache: HTTPCache(), usesEnvironment: false), wireInterceptors: [network])
            // Fresh for 60 s: the second load never reaches httpbin.
            let fresh = base + "/response-headers?swagger=2.0&Cache-Control=max-age%3D60"
            _ = try await Spec.load(url: fresh, provider: provider)
            _ = try await Spec.load(url: fresh, provider: provider)
            #expect(network.requests.all.count == 1)
            // An ETag and no freshness: the second load asks with If-None-Match.
            let tagged = base + "/response-headers?swagger=2.0&ETag=v1"
            _ = try await Spec.load(url: tagged, provider: provider)
            _ = try await Spec.load(url: tagged, provider: provider)
            #expect(network.requests.all.count == 3)
            #expect(network.requests.all[2].headerFields[.ifNoneMatch] == "v1")
        }
    }

    @Test func whatIsNotADocumentIsAClearError() async throws {
        try await Self.withHTTPBin { base in
            let cases: [(String, Duration, String)] = [
                ("/status/404", .seconds(30), "cannot load \(base)/status/404: HTTP 404"),
                ("/html", .seconds(30), "cannot load \(base)/html: it is an HTML page (text/html; charset=utf-8), not an OpenAPI, Swagger or Netspec document"),
                ("/get", .seconds(30), "cannot load \(base)/get: it is not an OpenAPI, Swagger or Netspec document (no 'openapi', 'swagger' or 'netspec' key at the top)"),
                ("/delay/3", .milliseconds(300), "cannot load \(base)/delay/3: the request to \(base.dropFirst("http://".count)) timed out after 300 ms"),
            ]
            for (path, timeout, message) in cases {
                let provider = Provider(options: .init(timeouts: .init(request: timeout), usesEnvironment: false))
                let error = await #expect(throws: SpecError.self) { try await Spec.load(url: base + path, provider: provider) }
                #expect(error?.message == message)
                #expect(error?.file == base + path)
            }
            let error = await #expect(throws: SpecError.self) { try await Spec.load(url: "ftp://example.com/a.yaml") }
            #expect(error?.message == "cannot load ftp://example.com/a.yaml: not an http:// or https:// URL")
        }
    }
}

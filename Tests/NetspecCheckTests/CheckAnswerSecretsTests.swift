import HTTPTypes
import Hummingbird
import Logging
import Netspec
import NetspecCheck
import NIOCore
import Testing

/// A failure quotes the answer's headers and body with the endpoint's secrets it echoes shown as
/// `<redacted>` (Service.hidingSecrets(inAnswer:body:endpoint:)): a server that writes the
/// credential back does not put it in the report.
@Suite struct CheckAnswerSecretsTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Echo, version: '1' }
        security: [{ bearer: [] }]
        paths:
          /me:
            get:
              operationId: me
              responses: { '200': { description: me } }
        components:
          securitySchemes:
            bearer: { type: http, scheme: bearer }
        """

    @Test func anEchoedCredentialIsRedactedInTheReport() async throws {
        let spec = try Spec(yaml: Self.document, file: "echo.yaml")
        var logger = Logger(label: "echo")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in
                let authorization = request.headers[.authorization] ?? ""
                return Response(
                    status: .internalServerError, headers: [.contentType: "application/json", HTTPField.Name("X-Echo")!: authorization],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"seen":"\#(authorization)"}"#))
                )
            },
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "echo"),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let task = Task { try await application.runService(gracefulShutdownSignals: []) }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let base = "http://127.0.0.1:\(try #require(await iterator.next()))"
        let options = CheckOptions(phases: [.examples], checks: [.notAServerError], requestTimeout: CheckerTests.patient)
        let report = await Checker(spec: spec, provider: CheckerTests.provider(["BEARER": "s3cret-token-value"])).run(baseURL: base, options: options)
        #expect(report.unansweredCount == 0, "first: \(report.firstTransportError ?? "none")")
        let failure = try #require(report.failures.first)
        #expect(failure.responseBody == #"{"seen":"Bearer <redacted>"}"#)
        #expect(failure.responseHeaders.contains("X-Echo: Bearer <redacted>"), "\(failure.responseHeaders)")
        #expect(!report.failuresText.contains("s3cret-token-value"))
    }
}

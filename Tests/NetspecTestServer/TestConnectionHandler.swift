internal import NIOCore
internal import NIOHTTP1
internal import NIOSSL

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Drives one connection: turns decoded request parts into handler tasks, one request at a
/// time, and controls reading so request bodies flow with backpressure.
///
/// Sits after `HTTPRequestDecoder`; there is no response encoder, so responses are the raw
/// `ByteBuffer`s that ``TestResponseWriter`` writes. Every method runs on the channel's event loop.
///
/// Reading policy: the socket is read while the current body's consumer wants more and no
/// pipelined request is waiting. After a request's end it keeps reading, so that a client's
/// close is seen while the handler is still busy (``TestResponseWriter/waitForClientClose()``).
final class TestConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// One request and its response.
    private struct Exchange {
        let id: Int
        let source: TestRequestBody.Producer.Source
        let meter: BodyMeter
        let keepAlive: Bool
        var task: Task<Void, Never>?
        var requestDone = false
        var responseDone = false
    }

    /// How long a connection stays half-closed after `close()` before it is closed outright.
    static let closeGracePeriod = TimeAmount.seconds(2)

    private let core: ServerCore
    private let eventLoop: any EventLoop
    private var context: ChannelHandlerContext?
    private var exchange: Exchange?
    private var nextExchangeID = 0
    /// Parts of pipelined requests that arrived before the current response finished.
    private var queued = CircularBuffer<HTTPServerRequestPart>()
    private var bodyDemand = true
    private var readPending = false
    /// Output is closed or closing: no new request is started.
    private var closing = false
    /// The decoder failed: no new request is started, and the connection closes after the
    /// current response.
    private var inputBroken = false

    init(core: ServerCore, eventLoop: any EventLoop) {
        self.core = core
        self.eventLoop = eventLoop
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    // MARK: - Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if closing || inputBroken {
            // Only the body of the request being answered is still wanted.
            if exchange?.requestDone == false { process(part, context: context) }
            return
        }
        if !queued.isEmpty || exchange?.requestDone == true {
            queued.append(part)
            return
        }
        process(part, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        closing = true
        queued.removeAll()
        if let exchange {
            if !exchange.requestDone { exchange.source.finish(TestServerError.connectionClosed) }
            exchange.task?.cancel()
        }
        exchange = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError || error is ByteToMessageDecoderError else {
            // Socket errors (ECONNRESET, EPIPE): the connection is gone.
            context.close(promise: nil)
            return
        }
        guard !closing, !inputBroken else { return }
        inputBroken = true
        queued.removeAll()
        guard let current = exchange else {
            let status = (error as? HTTPParserError) == .headerOverflow ? 431 : 400
            let head = WireFormat.head(
                status: status, reason: nil, headers: [("Content-Length", "0"), ("Connection", "close")])
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: head)), promise: nil)
            _ = closeGracefully()
            return
        }
        // A broken body fails the handler's read; the connection closes once it has answered.
        if !current.requestDone {
            current.source.finish(error)
            exchange?.requestDone = true
        }
        if current.responseDone { _ = closeGracefully() }
    }

    // MARK: - Outbound

    func read(context: ChannelHandlerContext) {
        if shouldRead {
            context.read()
        } else {
            readPending = true
        }
    }

    private var shouldRead: Bool {
        closing || (queued.isEmpty && bodyDemand)
    }

    private func readIfPossible() {
        guard readPending, shouldRead, let context else { return }
        readPending = false
        context.read()
    }

    // MARK: - Request parts

    private func process(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            start(head, context: context)
        case .body(let buffer):
            guard let exchange, !exchange.requestDone else { return }
            let bytes = Array(buffer.readableBytesView)
            exchange.meter.produced(bytes.count)
            switch exchange.source.yield(bytes) {
            case .produceMore: break
            case .stopProducing: bodyDemand = false
            case .dropped: exchange.meter.consumed(bytes.count)  // Nobody reads it: discard.
            }
        case .end:
            guard exchange?.requestDone == false else { return }
            exchange?.source.finish()
            exchange?.requestDone = true
            bodyDemand = true
            if exchange?.responseDone == true { completeExchange() }
        }
    }

    private func start(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        core.requests.add(1, ordering: .relaxed)
        let id = nextExchangeID
        nextExchangeID += 1
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        let delegate = BodyDemandDelegate {
            eventLoop.execute { loopBound.value.bodyDemanded(exchangeID: id) }
        }
        let producer = TestRequestBody.Producer.makeSequence(
            elementType: [UInt8].self,
            failureType: (any Error).self,
            backPressureStrategy: .init(lowWatermark: 2, highWatermark: 8),
            finishOnDeinit: false,
            delegate: delegate)

        let method = head.method.rawValue
        let expectsContinue = head.version == .http1_1
            && head.headers["expect"].contains { $0.lowercased() == "100-continue" }
        let writer = TestResponseWriter(
            channel: context.channel,
            control: ConnectionControl(handler: loopBound, exchangeID: id),
            requestMethod: method,
            expectsContinue: expectsContinue)
        let core = self.core
        let meter = BodyMeter { core.recordBufferedBody($0) }
        var willRead: (@Sendable () async -> Void)?
        if expectsContinue {
            willRead = { await writer.sendContinueIfOwed() }
        }
        let state = BodyState(meter: meter, willRead: willRead)
        let request = TestRequest(
            method: method,
            target: head.uri,
            version: "HTTP/\(head.version.major).\(head.version.minor)",
            headers: head.headers.map { (name: $0.name, value: $0.value) },
            body: TestRequestBody(producer: producer.sequence, state: state))

        bodyDemand = true
        exchange = Exchange(id: id, source: producer.source, meter: meter, keepAlive: head.isKeepAlive)
        exchange?.task = core.runHandler(request: request, writer: writer)
    }

    /// Both the request and its response are complete: move on to the next request.
    private func completeExchange() {
        exchange = nil
        bodyDemand = true
        while !closing, exchange?.requestDone != true, let part = queued.popFirst(), let context {
            process(part, context: context)
        }
        readIfPossible()
    }

    // MARK: - Calls from the body and the writer (via event-loop hops)

    func bodyDemanded(exchangeID: Int) {
        guard exchange?.id == exchangeID else { return }
        bodyDemand = true
        readIfPossible()
    }

    func responseFinished(_ exchangeID: Int, closeConnection: Bool, continueDeclined: Bool) {
        guard let current = exchange, current.id == exchangeID, !current.responseDone else { return }
        exchange?.responseDone = true
        if closeConnection || inputBroken || !current.keepAlive || (continueDeclined && !current.requestDone) {
            _ = closeGracefully()
        } else if current.requestDone {
            completeExchange()
        }
        // Otherwise the rest of the body is still arriving; `.end` completes the exchange.
    }

    /// Sends FIN once pending writes are out, keeps reading until the client closes (so unread
    /// input cannot turn the close into a reset), and closes outright after a grace period.
    func closeGracefully() -> EventLoopFuture<Void> {
        guard let context else { return eventLoop.makeSucceededVoidFuture() }
        let channel = context.channel
        guard !closing else { return channel.eventLoop.makeSucceededVoidFuture() }
        closing = true
        queued.removeAll()
        readIfPossible()
        let promise = channel.eventLoop.makePromise(of: Void.self)
        context.close(mode: .output, promise: promise)
        promise.futureResult.whenFailure { _ in channel.close(promise: nil) }
        channel.eventLoop.scheduleTask(in: Self.closeGracePeriod) { channel.close(promise: nil) }
        return promise.futureResult.recover { _ in }
    }

    /// Closes the socket from below the TLS handler (a close sent from its context passes it by),
    /// so no close_notify goes out: the client sees TCP's FIN in the middle of a TLS session.
    func closeBelowTLS() -> EventLoopFuture<Void> {
        guard let context, let tls = try? context.pipeline.syncOperations.context(handlerType: NIOSSLServerHandler.self) else {
            return eventLoop.makeSucceededVoidFuture()
        }
        closing = true
        let promise = context.eventLoop.makePromise(of: Void.self)
        tls.close(promise: promise)
        return promise.futureResult.recover { _ in }
    }

    /// Closes with `SO_LINGER` set to zero, which makes the kernel send RST instead of FIN.
    func reset() -> EventLoopFuture<Void> {
        guard let context else { return eventLoop.makeSucceededVoidFuture() }
        let channel = context.channel
        closing = true
        let lingered = (channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0))
            ?? channel.eventLoop.makeSucceededVoidFuture()
        return lingered.recover { _ in }.flatMap { channel.close() }.recover { _ in }
    }
}

internal import NIOCore

/// What a ``TestResponseWriter`` may ask of its connection, from any task.
///
/// Each call hops to the connection's event loop, where ``TestConnectionHandler`` owns all
/// connection state, and returns when the request has been acted on.
struct ConnectionControl: Sendable {
    let handler: NIOLoopBound<TestConnectionHandler>
    let exchangeID: Int

    /// The response to this exchange is complete.
    ///
    /// - Parameters:
    ///   - closeConnection: The response cannot be followed by another on this connection.
    ///   - continueDeclined: The client waits for `100 Continue` that will never come, so an
    ///     unread body will not arrive either.
    func responseFinished(closeConnection: Bool, continueDeclined: Bool) async {
        let (handler, id) = (self.handler, exchangeID)
        try? await handler.eventLoop.submit {
            handler.value.responseFinished(id, closeConnection: closeConnection, continueDeclined: continueDeclined)
        }.get()
    }

    /// Sends FIN after what has been written; returns when it is sent.
    func closeOutput() async {
        let handler = self.handler
        try? await handler.eventLoop.flatSubmit { handler.value.closeGracefully() }.get()
    }

    /// Closes the TCP connection under TLS, without TLS's close_notify; returns when it is closed.
    func closeBelowTLS() async {
        let handler = self.handler
        try? await handler.eventLoop.flatSubmit { handler.value.closeBelowTLS() }.get()
    }

    /// Closes abortively (RST); returns when the socket is closed.
    func reset() async {
        let handler = self.handler
        try? await handler.eventLoop.flatSubmit { handler.value.reset() }.get()
    }
}

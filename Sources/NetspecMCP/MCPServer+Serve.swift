import Netspec
import Synchronization

extension MCPServer {
    /// Serves one client over newline-delimited JSON-RPC (MCP's stdio transport) until `lines`
    /// ends, then returns once every request in flight is answered.
    ///
    /// Requests are handled concurrently: a slow call never holds up `ping`, `tools/list` or
    /// another call, and responses go out as they are ready (matched by id).
    /// `notifications/cancelled` cancels a call in flight (its HTTP request with it) and no
    /// response is sent for it; progress and log notifications are written ahead of a call's
    /// response. `write` gets one message at a time, without the newline.
    public func serve(lines: some AsyncSequence<String, Never>, write: @escaping @Sendable (String) -> Void) async {
        let session = MCPSession()
        let output = Mutex(())
        let send: @Sendable (String) -> Void = { message in output.withLock { _ in write(message) } }
        await withDiscardingTaskGroup { group in
            for await line in lines {
                group.addTask {
                    if let response = await self.respond(to: line, session: session, notify: { send($0) }) { send(response) }
                }
            }
        }
    }
}

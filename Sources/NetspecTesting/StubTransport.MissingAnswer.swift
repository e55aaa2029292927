public import Netspec

extension StubTransport {
    /// A request reached a ``StubTransport`` that had no answer for its endpoint: none queued,
    /// none it always gets, and no default. A call reports it as a ``CallError/transport(_:)``
    /// whose message is ``description``.
    public struct MissingAnswer: Error, Sendable, CustomStringConvertible {
        /// The request that got no answer.
        public let request: PreparedRequest
        /// The endpoints the stub has answers for, sorted (queued ones first).
        public let endpointsWithAnswers: [String]

        /// `StubTransport has no answer for endpoint 'getOrder' (GET https://shop.example.com/orders/7);
        /// queue one with answer("getOrder", with: …), or give it a defaultAnswer; it has answers for: listOrders`
        public var description: String {
            let name = request.endpointName
            let others = endpointsWithAnswers.isEmpty ? "it has no answers" : "it has answers for: " + endpointsWithAnswers.joined(separator: ", ")
            return "StubTransport has no answer for endpoint '\(name)' (\(request.method.rawValue) \(request.url)); "
                + "queue one with answer(\"\(name)\", with: …), or give it a defaultAnswer; \(others)"
        }
    }
}

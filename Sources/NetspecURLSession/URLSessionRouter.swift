import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOConcurrencyHelpers

/// The session's delegate: hands each task's events to its ``URLSessionExchange``.
///
/// One delegate for the session rather than one per task, because FoundationNetworking on Linux
/// gives a task's own delegate its redirects but not its data.
final class URLSessionRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the one stored property is a lock; NSObject is what makes it not inferred.
    private let exchanges = NIOLockedValueBox<[Int: URLSessionExchange]>([:])

    /// Sends `task`'s events to `exchange` until the task completes.
    func register(_ exchange: URLSessionExchange, for task: URLSessionTask) {
        exchanges.withLockedValue { $0[task.taskIdentifier] = exchange }
    }

    private func exchange(of task: URLSessionTask) -> URLSessionExchange? {
        exchanges.withLockedValue { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(of: dataTask)?.receivedHead(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(of: dataTask)?.received(data)
    }

    /// Refused: a call follows redirects itself, hop by hop, and the 3xx response is its answer.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        exchange(of: task)?.sent(Int(totalBytesSent), of: totalBytesExpectedToSend > 0 ? Int(totalBytesExpectedToSend) : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLockedValue { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.completed(error: error)
    }
}

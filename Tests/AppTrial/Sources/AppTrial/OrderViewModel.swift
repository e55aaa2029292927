import Foundation          // localizedDescription, as any app has it (SwiftUI imports it too)
import Netspec

/// A view model as a SwiftUI app writes it: calls by name, per-call options, and the catch
/// clauses an alert needs — each written as app developers write them, and compiled by
/// AppTrialTests.
@MainActor
final class OrderViewModel {
    private(set) var order: Order?
    private(set) var alert: String?
    private(set) var progress: Double = 0
    private let api: Service

    init(api: Service) {
        self.api = api
    }

    /// A typed call by name, with a time limit for this call only.
    func load(id: Int) async {
        do {
            order = try await api.getOrder.with(CallOptions(timeout: .milliseconds(300)))(id: id)
        } catch .status(404) {
            alert = "No order \(id)."
        } catch .transport(.timeout) {
            alert = "The shop is slow; try again."
        } catch .transport(.cancelled) {
            return
        } catch {
            alert = error.localizedDescription
        }
    }

    /// The typed by-name call, with headers and progress for this call.
    func reload(id: Int) async {
        let options = CallOptions(
            headers: [("X-Request-ID", "reload-\(id)")],
            downloadProgress: { done, total in
                Task { @MainActor [weak self] in self?.progress = total.map { Double(done) / Double($0) } ?? 0 }
            }
        )
        do {
            order = try await api.call("getOrder", ["id": id], as: Order.self, options: options)
        } catch CallError.status(let error) where error.status == 404 {
            alert = "No order \(id)."
        } catch {
            alert = error.localizedDescription
        }
    }

    /// Loading the spec and calling share one typed `do`.
    func start(id: Int) async {
        do throws(CallError) {
            let api = try Shop.service()
            order = try await api.call("getOrder", ["id": id], as: Order.self)
        } catch .configuration(.spec) {
            alert = "The app's spec did not load."
        } catch .configuration(let error) where error.reason == .unsetVariable {
            alert = error.description
        } catch .status(500...) {
            alert = "The shop is down."
        } catch {
            alert = error.localizedDescription
        }
    }

    /// Cancelling, checking the arguments before sending, and validating the answer.
    func preview(id: Int) async -> String? {
        let strict = CallOptions(requestValidation: .strict, responseValidation: .strict)
        do {
            let request = try await api.getOrder.with(strict).prepare(id: id)
            return request.curlCommand
        } catch .argument(.missing) {
            return nil
        } catch {
            alert = error.localizedDescription
            return nil
        }
    }
}

import Netspec

/// A polling loop: a call, then `Task.sleep`, until the order ships or the task is cancelled.
/// The `do` block has a `try` that is not a Netspec call, so it throws `any Error`: the patterns
/// name `CallError`, and one clause catches a cancellation however it arrives.
struct OrderPoller: Sendable {
    let api: Service
    let interval: Duration

    func waitUntilShipped(id: Int, onChange: @escaping @MainActor @Sendable (String) -> Void) async -> Order? {
        while true {
            do {
                let order = try await api.call("getOrder", ["id": id], as: Order.self, options: CallOptions(timeout: .seconds(5)))
                await onChange(order.status)
                if order.status == "shipped" { return order }
                try await Task.sleep(for: interval)
            } catch CallError.cancellation {
                return nil
            } catch CallError.transport(.timeout) {
                continue
            } catch CallError.status(let error) where error.status == 404 {
                return nil
            } catch CallError.status(500...599) {
                try? await Task.sleep(for: interval * 2)
            } catch {
                return nil
            }
        }
    }
}

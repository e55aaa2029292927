import Netspec

/// Every catch clause docs/swift.md shows, in a typed and an untyped `do` block.
enum CatchClauses {
    static func typed(api: Service) async -> String {
        do throws(CallError) {
            let response = try await api.getOrder(id: 7)
            return response.value["status"]?.string ?? ""
        } catch .transport(.timeout) {
            return "timeout"
        } catch CallError.transport(.connect) {
            return "no connection"
        } catch .status(let error) where error.status == 404 {
            return "missing"
        } catch CallError.status(400..<500) {
            return "refused"
        } catch CallError.cancellation {
            return "cancelled"
        } catch .argument(.missing) {
            return "missing argument"
        } catch {
            return error.description
        }
    }

    static func untyped(api: Service) async -> String {
        do {
            let order: Order = try await api.getOrder(id: 7)
            try await Task.sleep(for: .seconds(1))
            return order.status
        } catch CallError.transport(.timeout) {
            return "timeout"
        } catch CallError.timeout {
            return "timeout"
        } catch CallError.status(let error) where error.status == 404 {
            return "missing"
        } catch CallError.status(404) {
            return "missing"
        } catch CallError.cancellation {
            return "cancelled"
        } catch CallError.configuration(.unsetVariable) {
            return "set a variable"
        } catch let error as CallError {
            return error.description
        } catch {
            return "\(error)"
        }
    }
}

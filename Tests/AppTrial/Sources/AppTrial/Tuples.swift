import Netspec

/// Tuple results as an app writes them (issue 52.4), against the public API alone (`Order` is
/// the trial's, in Order.swift).

/// An order's id and status, read three ways.
func orderSummary(api: Service) async throws(CallError) -> String {
    // By position, in one expression.
    let (id, status) = try await api.getOrder(id: 7).tuple(Int.self, String.self)
    // Typed by the declaration: two or more elements.
    let (sameID, sameStatus): (Int, String) = try await api.getOrder(id: 7)
    // By label, whatever the order of the response's members; the tuple takes its labels where it is declared.
    let order: (status: String, id: Int) = try await api.getOrder(id: 7).tuple(("status", String.self), ("id", Int.self))
    // Any Decodable as an element, an optional one nil when the result is shorter.
    let (first, note): (Order, String?) = try await api.getOrder(id: 7).tuple(Order.self, String?.self)
    return "\(id) \(status) \(sameID) \(sameStatus) \(order.id) \(order.status) \(first.id) \(note ?? "-")"
}

/// The error a tuple element that does not fit gives, as an app shows it.
func orderProblem(api: Service) async -> String? {
    do {
        let (_, _): (Int, Int) = try await api.getOrder(id: 7)
        return nil
    } catch .decoding(let problem) {
        return problem.message          // tuple element 1 (status): expected Int, got string "paid"
    } catch {
        return error.localizedDescription
    }
}

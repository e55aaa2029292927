// The one rule of which declared response answers a status code: the most specific status that
// covers it — the code itself (`200`), else its range (`2XX`), else `default`. Mocks, response
// validation, the mock's conformance checks and its validating proxy all find a response by it.

/// A response status as a document declares it: one code (`200`), a range of a hundred codes
/// (`2XX`, OpenAPI's; written `2xx` too) or `default` (any code the others do not cover).
package enum ResponseStatus: Sendable, Hashable, CustomStringConvertible {
    /// One code, 100 to 599.
    case code(Int)
    /// The codes of one class: `2` for `2XX` (200 to 299).
    case range(Int)
    /// Any code.
    case `default`

    /// The status a response key writes: `default`, a range (`2XX`, `2xx`; classes 1 to 5), a
    /// code from 100 to 599; `nil` for anything else (an `x-` extension, a typo).
    package init?(written: String) {
        if written == "default" {
            self = .default
        } else if written.count == 3, written.uppercased().hasSuffix("XX"), let digit = written.first?.wholeNumberValue, (1...5).contains(digit) {
            self = .range(digit)
        } else if let code = Int(written), (100...599).contains(code) {
            self = .code(code)
        } else {
            return nil
        }
    }

    /// Whether it covers `code`: its own code, a code of its class, or any code for `default`.
    package func covers(_ code: Int) -> Bool {
        switch self {
        case let .code(own): own == code
        case let .range(digit): code / 100 == digit
        case .default: true
        }
    }

    /// How exactly it covers a code: a code (2) before a range (1) before `default` (0).
    var specificity: Int {
        switch self {
        case .code: 2
        case .range: 1
        case .default: 0
        }
    }

    /// Whether it is a range (`2XX`).
    var isRange: Bool {
        if case .range = self { true } else { false }
    }

    /// Whether it is a success status: a 2xx code or the `2XX` range.
    package var isSuccess: Bool {
        switch self {
        case let .code(code): (200...299).contains(code)
        case let .range(digit): digit == 2
        case .default: false
        }
    }

    /// The code a mock answers for it when a request asks for none: its own, its class's first
    /// (`400` for `4XX`), `500` for `default`.
    package var representativeCode: Int {
        switch self {
        case let .code(code): code
        case let .range(digit): digit * 100
        case .default: 500
        }
    }

    /// As a document writes it, in one spelling: `200`, `2XX`, `default`.
    package var description: String {
        switch self {
        case let .code(code): String(code)
        case let .range(digit): "\(digit)XX"
        case .default: "default"
        }
    }
}

/// Something found by the status it is declared under (a response, a response's schema, a mock):
/// ``mostSpecific(covering:)`` chooses among them.
package protocol DeclaredUnderStatus {
    /// The status it is declared under.
    var declaredStatus: ResponseStatus { get }
}

extension DeclaredUnderStatus {
    /// Whether its status covers `code`.
    package func covers(_ code: Int) -> Bool { declaredStatus.covers(code) }
}

extension Sequence where Element: DeclaredUnderStatus {
    /// The elements under the most specific status that covers `code` (`200` before `2XX` before
    /// `default`), in order; empty when none covers it.
    package func mostSpecific(covering code: Int) -> [Element] {
        var best: [Element] = []
        var bestSpecificity = -1
        for element in self where element.covers(code) {
            let specificity = element.declaredStatus.specificity
            if specificity > bestSpecificity {
                best = [element]
                bestSpecificity = specificity
            } else if specificity == bestSpecificity {
                best.append(element)
            }
        }
        return best
    }
}

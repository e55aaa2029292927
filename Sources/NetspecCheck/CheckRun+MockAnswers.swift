import HTTPTypes
import Netspec

/// The answers a `netspec mock` marks as its own (`Netspec-Mock-Answer`, docs/mock.md): the
/// ones its rules make whatever the document declares — its 404 for an item a stateful mock
/// does not hold, its 501 for an operation without a mock, its own 422 problem, an example from
/// a mock that keeps no state, and any credential of a scheme's form taken. A check such an
/// answer breaks for that reason alone is counted in the report's notes, not failed; every other
/// check holds (a 5xx the mock does not mark, a body breaking its schema, a valid request
/// refused). A real server never sends the header, and its 404 for an id never created, where
/// the document declares none, stays a `status_code_conformance` failure.
extension CheckRun {
    /// What a mock's marker stands for, and the checks an answer so marked is not failed on.
    struct MockAnswer {
        var note: String
        var excused: Set<CheckName>

        static let conformance: Set<CheckName> = [.statusCodeConformance, .contentTypeConformance, .responseHeadersConformance, .responseSchemaConformance]

        /// The marker's meaning; `nil` for a value the mock does not send.
        init?(marker: String) {
            switch marker {
            case "not-found": (note, excused) = ("a 404 for an item it does not hold (never created, or deleted)", Self.conformance)
            case "no-mock": (note, excused) = ("a 501 for an operation it has no mock for", Self.conformance.union([.notAServerError]))
            case "invalid-request": (note, excused) = ("its own problem to a request it refuses (a 422, 415, 406 or 413)", Self.conformance)
            case "example": (note, excused) = ("an answer from the document's examples, which keeps no state (use --stateful)", [.useAfterFree, .ensureResourceAvailability])
            default: return nil
            }
        }

        /// The one rule that holds for any answer of the mock: it takes any credential of a
        /// scheme's form, so a wrong one is let through.
        static let anyCredential = MockAnswer(note: "a 2xx to a wrong credential (it checks a credential's form, not its value)", excused: [.ignoredAuth])

        private init(note: String, excused: Set<CheckName>) {
            self.note = note
            self.excused = excused
        }
    }

    static let mockAnswerField = HTTPField.Name("Netspec-Mock-Answer")!

    /// The violations that are failures; those the mock's marker on `answer` accounts for are
    /// counted under its note instead (once per answer).
    func failures(among violations: [CheckViolation], of checkCase: CheckCase, answer: ExchangeAnswer) -> [CheckViolation] {
        guard !violations.isEmpty, let marker = answer.headerFields[Self.mockAnswerField]?.lowercased() else { return violations }
        var meanings = MockAnswer(marker: marker).map { [$0] } ?? []
        if checkCase.kind == .wrongCredentials { meanings.append(.anyCredential) }
        var failures: [CheckViolation] = []
        var notes: Set<String> = []
        for violation in violations {
            guard let meaning = meanings.first(where: { $0.excused.contains(violation.check) }) else {
                failures.append(violation)
                continue
            }
            notes.insert(meaning.note)
        }
        if !notes.isEmpty {
            state.withLockedValue { state in
                for note in notes { state.mockAnswers[note, default: 0] += 1 }
            }
        }
        return failures
    }
}

import NetspecModel

/// Whether a request's body fits a recorded one, for replay (``HARMatcher``): the same bytes, or
/// the same text with each recorded `[redacted: …]` standing for any text (and each `[unset:NAME]`
/// sent fitting what was recorded); failing that, the same JSON value — members in any order,
/// whitespace aside, as a browser or another client writes it — or, for an
/// `application/x-www-form-urlencoded` body, the same fields decoded (`+` and `%20` alike), in any
/// order. A recorded `[redacted: …]` fits any value in a JSON string or a field.
enum HARBodyMatch {
    static func fits(recorded: [UInt8], mimeType: String, _ live: [UInt8]) -> Bool {
        if recorded == live { return true }
        let recordedText = String(decoding: recorded, as: UTF8.self), liveText = String(decoding: live, as: UTF8.self)
        if HARRedaction.fits(recorded: recordedText, liveText) { return true }
        if MediaType.isForm(mimeType) {
            return formFits(HARTarget.fields(recordedText[...]), HARTarget.fields(liveText[...]))
        }
        guard let recordedValue = try? JSONValue(parsing: recorded), let liveValue = try? JSONValue(parsing: live) else { return false }
        return jsonFits(recordedValue, liveValue)
    }

    /// The same fields, each recorded one fitting a live one with its name, in any order.
    private static func formFits(_ recorded: [(name: String, value: String)], _ live: [(name: String, value: String)]) -> Bool {
        guard recorded.count == live.count else { return false }
        var remaining = live
        for field in recorded {
            guard let index = remaining.firstIndex(where: { $0.name == field.name && HARRedaction.fits(recorded: field.value, $0.value) }) else { return false }
            remaining.remove(at: index)
        }
        return true
    }

    private static func jsonFits(_ recorded: JSONValue, _ live: JSONValue) -> Bool {
        switch (recorded, live) {
        case let (.object(expected), .object(given)):
            return expected.count == given.count && expected.allSatisfy { member in
                given[member.key].map { jsonFits(member.value, $0) } ?? false
            }
        case let (.array(expected), .array(given)):
            return expected.count == given.count && zip(expected, given).allSatisfy { jsonFits($0, $1) }
        case let (.string(expected), .string(given)):
            return HARRedaction.fits(recorded: expected, given)
        case let (.string(expected), _) where expected.contains(HARRedaction.placeholderPrefix):
            return HARRedaction.fits(recorded: expected, live.description)
        case let (_, .string(given)) where given.contains(VariableLookup.unsetPrefix):
            return HARRedaction.fits(recorded: recorded.description, given)
        default:
            if recorded == live { return true }
            guard let expected = recorded.double, let given = live.double else { return false }
            return expected == given
        }
    }
}

import NetspecModel
import Testing

/// The one wording of a count in messages: `1 step`, `3 steps`, `2 properties`, `2 keys`.
@Suite struct PluralizedTests {
    @Test(arguments: [
        (1, "step", "1 step"), (0, "step", "0 steps"), (3, "step", "3 steps"),
        (1, "property", "1 property"), (2, "property", "2 properties"), (2, "key", "2 keys"), (5, "day", "5 days"),
        (2, "workflow tool", "2 workflow tools"), (-1, "byte", "-1 bytes"),
    ])
    func aCountIsWordedWithItsNoun(_ count: Int, _ noun: String, _ text: String) {
        #expect(pluralized(count, noun) == text)
    }
}

/// A count with its noun, as every message words one: `1 step`, `3 steps`, `2 properties`.
///
/// The noun is made plural unless the count is 1: a `y` after a consonant becomes `ies`, else an
/// `s` is added (the nouns of Netspec's messages are all regular).
package func pluralized(_ count: Int, _ noun: String) -> String {
    if count == 1 { return "1 " + noun }
    if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
        return "\(count) " + noun.dropLast() + "ies"
    }
    return "\(count) " + noun + "s"
}

// `\p{…}` and `\P{…}`: Unicode properties, which Swift's `Regex` knows by name. Only the property
// runs on `Regex`, one code point at a time (a class of one character cannot backtrack); the
// pattern itself runs on our matchers.

/// A Unicode property of `\p{…}`, tested one code point at a time with Swift's `Regex`.
final class RegexProperty: @unchecked Sendable {
    // @unchecked: `Regex` is immutable once made, but not declared `Sendable` on every platform.
    private let regex: Regex<AnyRegexOutput>
    /// The answers for ASCII, worked out once.
    private let ascii: [Bool]

    /// The property named `name` (the text between the braces); throws Swift's message when
    /// it knows no such property.
    init(_ name: String) throws {
        regex = try Regex("[\\p{" + name + "}]").matchingSemantics(.unicodeScalar)
        var ascii: [Bool] = []
        for value in 0..<UInt32(128) {
            ascii.append(Self.test(regex, value))
        }
        self.ascii = ascii
    }

    func contains(_ scalar: UInt32) -> Bool {
        scalar < 128 ? ascii[Int(scalar)] : Self.test(regex, scalar)
    }

    private static func test(_ regex: Regex<AnyRegexOutput>, _ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return (try? regex.wholeMatch(in: String(Character(scalar)))) != nil
    }
}

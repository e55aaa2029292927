/// A number of seconds given as a `Double` (a spec's `timeout:` and `ping:`, `--timeout S` and the
/// other options in seconds, a `Retry-After` date): the longest such a setting may be, and its
/// `Duration` without a trap. `Duration.seconds(1e300)` and `Int64(.infinity)` stop the process;
/// a spec or option past ``longest`` is refused where it is read (with its place, or naming the
/// option), and anything made otherwise is held to ``longest`` here.
package enum Seconds {
    /// The longest time a setting in seconds may be: 1,000,000,000 s, about 31 years.
    package static let longest: Double = 1_000_000_000

    /// How ``longest`` is said in messages: `at most 1000000000 (about 31 years)`.
    package static let longestText = "at most 1000000000 (about 31 years)"

    /// Whether `seconds` is a usable positive setting: more than 0 (or, `allowingZero`, 0) and at
    /// most ``longest`` (`nan` and infinities are not).
    package static func isValid(_ seconds: Double, allowingZero: Bool = false) -> Bool {
        (allowingZero ? seconds >= 0 : seconds > 0) && seconds <= longest
    }

    /// `seconds` as a duration to the millisecond, held between 0 and ``longest`` (`nan` is 0).
    package static func duration(_ seconds: Double) -> Duration {
        let held = seconds.isNaN ? 0 : min(max(seconds, 0), longest)
        return .milliseconds(Int64((held * 1000).rounded()))
    }
}

// A hexadecimal digit's value, for the readers of escapes written with them: JSONPath's `\uXXXX`
// and YAML's `\x`, `\u` and `\U` (placing an error inside a double-quoted scalar).

extension Unicode.Scalar {
    /// The value of the hexadecimal digit this is (`0`–`9`, `a`–`f`, `A`–`F`), or `nil`.
    var hexDigitValue: UInt32? {
        switch self {
        case "0"..."9": value - 0x30
        case "a"..."f": value - 0x61 + 10
        case "A"..."F": value - 0x41 + 10
        default: nil
        }
    }
}

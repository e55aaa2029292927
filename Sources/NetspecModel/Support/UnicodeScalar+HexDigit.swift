// A hexadecimal digit's value, for the readers of escapes written with them: JSONPath's `\uXXXX`
// and YAML's `\x`, `\u` and `\U` (placing an error inside a double-quoted scalar), and the
// percent-decoders of URLs (`%41`: a received request's query and form, the mock's router, a
// proxy URL's credentials).

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

extension UInt8 {
    /// The value of the hexadecimal digit this ASCII byte is (`0`–`9`, `a`–`f`, `A`–`F`), or `nil`.
    package var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

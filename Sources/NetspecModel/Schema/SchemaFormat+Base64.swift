// `format: byte` (OpenAPI): base64 text, RFC 4648 §4.

extension SchemaFormat {
    /// OpenAPI's `byte`: base64 text (RFC 4648 §4), its length a multiple of four, with `=`
    /// padding only at the end (at most two); the empty text is the empty bytes.
    static func isBase64(_ bytes: [UInt8]) -> Bool {
        guard bytes.count % 4 == 0 else { return false }
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return false }
        return bytes.dropLast(padding).allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "/"): true
            default: false
            }
        }
    }
}

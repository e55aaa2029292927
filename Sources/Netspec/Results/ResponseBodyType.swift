import NetspecModel

/// What a response body is by its `Content-Type`, which decides how a whole response is read
/// (``ResultShaper``): JSON is parsed, text is decoded in its charset (RFC 9110 §8.3.2), and
/// anything else (an image, an archive) is bytes.
enum ResponseBodyType: Equatable {
    /// No `Content-Type`: read as JSON, and as UTF-8 text when it is not JSON.
    case unlabelled
    /// A JSON type: `application/json`, a `+json` type, or any type naming JSON
    /// (`application/x-amz-json-1.1`, `text/json`).
    case json
    /// A text type (`text/*`, XML, YAML, JavaScript, a form) with its `charset` parameter,
    /// lower-cased and unquoted (`nil` when there is none).
    case text(charset: String?)
    /// Anything else: `image/png`, `application/x-tar`, `application/pdf`.
    case binary

    /// The type a `Content-Type` field value says.
    init(contentType: String?) {
        guard let contentType else { self = .unlabelled; return }
        let base = MediaType.base(of: contentType)
        guard base.utf8.contains(UInt8(ascii: "/")) else { self = .unlabelled; return }
        if MediaType.namesJSON(base) {
            self = .json
        } else if Self.isText(base) {
            self = .text(charset: MediaType.parameter("charset", in: contentType)?.lowercased())
        } else {
            self = .binary
        }
    }

    /// Types outside `text/*` that are text.
    private static let textTypes: Set<String> = [
        "application/javascript", "application/x-javascript", "application/ecmascript", "application/yaml",
        "application/x-yaml", "application/x-www-form-urlencoded", "application/graphql", "application/sql",
        "application/toml", "application/x-sh", "application/csv",
    ]

    private static func isText(_ base: String) -> Bool {
        base.hasPrefix("text/") || MediaType.isXML(base) || base.hasSuffix("+yaml") || textTypes.contains(base)
    }

    // MARK: - Text in a charset

    /// Why a text body could not be decoded.
    enum TextProblem: Error, Equatable {
        /// The bytes are not valid in the charset.
        case invalid(charset: String)
        /// A charset Netspec does not read.
        case unsupported(charset: String)
    }

    /// The charsets read, by their IANA names and aliases.
    private enum Charset {
        case utf8, ascii, latin1, windows1252, utf16, utf16BigEndian, utf16LittleEndian

        init?(_ name: String) {
            switch name {
            case "utf-8", "utf8", "unicode-1-1-utf-8": self = .utf8
            case "us-ascii", "ascii", "us", "iso646-us", "ansi_x3.4-1968", "cp367", "ibm367", "csascii": self = .ascii
            case "iso-8859-1", "iso8859-1", "iso_8859-1", "iso_8859-1:1987", "latin1", "l1", "cp819", "ibm819", "iso-ir-100", "csisolatin1":
                self = .latin1
            case "windows-1252", "cp1252", "x-cp1252": self = .windows1252
            case "utf-16": self = .utf16
            case "utf-16be": self = .utf16BigEndian
            case "utf-16le": self = .utf16LittleEndian
            default: return nil
            }
        }
    }

    /// A text body as a string: decoded in `charset` (UTF-8 when there is none).
    static func text(_ bytes: [UInt8], charset name: String?) -> Result<String, TextProblem> {
        guard let charset = Charset(name ?? "utf-8") else { return .failure(.unsupported(charset: name ?? "")) }
        let decoded: String?
        switch charset {
        case .utf8:
            decoded = String(validating: bytes, as: UTF8.self)
        case .ascii:
            decoded = bytes.allSatisfy { $0 < 0x80 } ? String(decoding: bytes, as: UTF8.self) : nil
        case .latin1:
            // ISO-8859-1 maps each byte to the code point of the same number.
            decoded = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .windows1252:
            decoded = windows1252(bytes)
        case .utf16, .utf16BigEndian, .utf16LittleEndian:
            decoded = utf16(bytes, charset)
        }
        guard let decoded else { return .failure(.invalid(charset: name ?? "utf-8")) }
        return .success(decoded)
    }

    /// Windows-1252: Latin-1 but for 0x80…0x9F, five of which are undefined.
    private static func windows1252(_ bytes: [UInt8]) -> String? {
        let high: [UInt32?] = [
            0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
            nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
        ]
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte) {
                guard let value = high[Int(byte - 0x80)], let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    /// UTF-16: `utf-16` by its byte order mark (big-endian without one, as RFC 2781 says), which
    /// is not part of the text; `utf-16be` and `utf-16le` as named.
    private static func utf16(_ bytes: [UInt8], _ charset: Charset) -> String? {
        guard bytes.count.isMultiple(of: 2) else { return nil }
        var bytes = bytes[...]
        var bigEndian = charset != .utf16LittleEndian
        if charset == .utf16, bytes.count >= 2 {
            if bytes.starts(with: [0xFF, 0xFE]) {
                bigEndian = false
                bytes = bytes.dropFirst(2)
            } else if bytes.starts(with: [0xFE, 0xFF]) {
                bytes = bytes.dropFirst(2)
            }
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(validating: units, as: UTF16.self)
    }
}

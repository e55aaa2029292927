/// A strict RFC 8259 parser from UTF-8 bytes to ``JSONValue``.
///
/// The parser is iterative: open containers live on an explicit frame stack and finished values on
/// a value stack, so nesting costs no native stack (a million `[` fail cleanly at depth 513) and
/// each array or object is allocated once, at its exact size, when its closing bracket is read.
///
/// Rules beyond the RFC grammar:
/// - one leading UTF-8 byte-order mark is skipped;
/// - any invalid UTF-8 is an error naming its byte offset, inside strings or not;
/// - `\u` escapes combine surrogate pairs; a lone surrogate becomes U+FFFD;
/// - nesting deeper than ``maximumDepth`` is an error;
/// - repeated object keys keep the first position and the last value.
///
/// - SeeAlso: [RFC 8259](https://www.rfc-editor.org/rfc/rfc8259)
internal struct JSONParser: ~Copyable {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    /// An open array or object.
    struct Frame {
        var isObject: Bool
        /// Where this container's elements (or member values) start on the value stack.
        var valueStart: Int
        /// Where this object's keys start on the key stack.
        var keyStart: Int
    }

    let input: UnsafeBufferPointer<UInt8>
    let bytes: UnsafePointer<UInt8>
    let end: Int
    var position = 0

    var values = UnsafeStack<JSONValue>(capacity: 64)
    var keys = UnsafeStack<String>(capacity: 32)
    /// One per key: a hash of its bytes if the key is ASCII, `0` if not (see `finishObject`).
    var keyHashes = UnsafeStack<UInt64>(capacity: 32)
    var frames: [Frame] = []
    /// Decoded bytes of the string being read when it contains escapes.
    var scratch = UnsafeStack<UInt8>(capacity: 64)
    /// Strings of recently seen short keys.
    var keyCache = KeyCache()
    /// Told of the elements of an outer array, when one is given (see ``JSONElementObserver``).
    var observer: (any JSONElementObserver)?
    /// `frames.count` while the observer follows an array's elements; `Int.max` when it follows none.
    var followedDepth = Int.max

    // MARK: - Entry point

    /// Parses one complete JSON document.
    ///
    /// - Parameter input: The UTF-8 text; only read during the call.
    /// - Returns: The document's value.
    /// - Throws: ``JSONValue/ParseError`` at the first violation.
    static func parse(_ input: UnsafeBufferPointer<UInt8>) throws(JSONValue.ParseError) -> JSONValue {
        guard let base = input.baseAddress, !input.isEmpty else {
            throw JSONValue.ParseError(message: "unexpected end of input", offset: 0, line: 1, column: 1)
        }
        var parser = JSONParser(input: input, bytes: base, end: input.count)
        return try parser.parseDocument()
    }

    /// Parses one complete JSON document, telling `observer` of its outer arrays' elements.
    static func parse(_ input: UnsafeBufferPointer<UInt8>, observer: any JSONElementObserver) throws(JSONValue.ParseError) -> JSONValue {
        guard let base = input.baseAddress, !input.isEmpty else {
            throw JSONValue.ParseError(message: "unexpected end of input", offset: 0, line: 1, column: 1)
        }
        var parser = JSONParser(input: input, bytes: base, end: input.count)
        parser.observer = observer
        return try parser.parseDocument()
    }

    init(input: UnsafeBufferPointer<UInt8>, bytes: UnsafePointer<UInt8>, end: Int) {
        self.input = input
        self.bytes = bytes
        self.end = end
        frames.reserveCapacity(16)
    }

    private mutating func parseDocument() throws(JSONValue.ParseError) -> JSONValue {
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
        skipWhitespace()
        try parseValue()
        skipWhitespace()
        if position < end {
            throw unexpectedCharacter(at: position, suffix: " after top-level value")
        }
        return values.pop()
    }

    // MARK: - Values and containers

    /// Parses one value, with everything nested in it, onto the value stack.
    ///
    /// Expects whitespace before the value to have been skipped.
    private mutating func parseValue() throws(JSONValue.ParseError) {
        parsing: while true {
            guard position < end else { throw endOfInput() }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                values.push(.string(try parseString()))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                values.push(try parseNumber())
            case UInt8(ascii: "{"):
                try enterContainer(isObject: true)
                if position < end, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    frames.removeLast()
                    values.push(.object(JSONObject()))
                } else {
                    try parseMemberKey()
                    continue parsing
                }
            case UInt8(ascii: "["):
                try enterContainer(isObject: false)
                if position < end, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    frames.removeLast()
                    values.push(.array([]))
                } else {
                    if observer != nil, frames.count <= 2, followedDepth == Int.max { askObserver() }
                    continue parsing
                }
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                values.push(.bool(true))
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                values.push(.bool(false))
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                values.push(.null)
            default:
                throw invalidValueStart()
            }

            // A value is complete: close every container it completes, or move on to the next one.
            while let frame = frames.last {
                if frames.count == followedDepth {
                    observer.unsafelyUnwrapped.element(values.base[values.count - 1], endingAt: position)
                }
                skipWhitespace()
                guard position < end else { throw endOfInput() }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if frame.isObject {
                        try parseMemberKey()
                    } else if position < end, bytes[position] == UInt8(ascii: "]") {
                        throw error("trailing comma is not allowed", at: position)
                    }
                    continue parsing
                }
                if frame.isObject {
                    guard byte == UInt8(ascii: "}") else {
                        throw error("expected ',' or '}' after object member", at: position)
                    }
                    position += 1
                    frames.removeLast()
                    finishObject(frame)
                } else {
                    guard byte == UInt8(ascii: "]") else {
                        throw error("expected ',' or ']' after array element", at: position)
                    }
                    position += 1
                    let wasFollowed = frames.count == followedDepth
                    frames.removeLast()
                    values.push(.array(values.popArray(from: frame.valueStart)))
                    if wasFollowed {
                        followedDepth = Int.max
                        observer.unsafelyUnwrapped.closed(values.base[values.count - 1])
                    }
                }
            }
            return
        }
    }

    /// Asks the observer whether to follow the array just opened, when it is the top value or a
    /// member of the top object.
    private mutating func askObserver() {
        let key: String?
        if frames.count == 1 {
            key = nil
        } else if frames[0].isObject {
            key = keys.base[keys.count - 1]
        } else {
            return
        }
        if observer.unsafelyUnwrapped.follows(arrayAt: key) { followedDepth = frames.count }
    }

    /// Opens an array or object at the current `[` or `{` and skips the whitespace after it.
    @inline(__always)
    private mutating func enterContainer(isObject: Bool) throws(JSONValue.ParseError) {
        guard frames.count < Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) levels", at: position)
        }
        frames.append(Frame(isObject: isObject, valueStart: values.count, keyStart: keys.count))
        position += 1
        skipWhitespace()
    }

    /// Reads `"key"`, whitespace, `:` and whitespace; pushes the key and its hash.
    private mutating func parseMemberKey() throws(JSONValue.ParseError) {
        try expectKeyStart()
        let (key, hash) = try parseKey()
        keys.push(key)
        keyHashes.push(hash)
        try expectColonAfterKey()
    }

    /// Throws unless an object key's opening quote is at `position` (after a `{` or a `,`).
    @inline(__always)
    func expectKeyStart() throws(JSONValue.ParseError) {
        guard position < end else { throw endOfInput() }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            return
        case UInt8(ascii: "}"):
            // `{` followed by `}` is handled by the caller, so this `}` follows a comma.
            throw error("trailing comma is not allowed", at: position)
        case UInt8(ascii: "'"):
            throw error("single-quoted strings are not allowed", at: position)
        default:
            throw unexpectedCharacter(at: position, prefix: "expected string key in object, found ")
        }
    }

    /// Reads whitespace, the `:` after a key, and whitespace.
    @inline(__always)
    mutating func expectColonAfterKey() throws(JSONValue.ParseError) {
        skipWhitespace()
        guard position < end else { throw endOfInput() }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw error("expected ':' after object key", at: position)
        }
        position += 1
        skipWhitespace()
    }

    /// Moves an object's keys and values off the stacks into a ``JSONObject``.
    ///
    /// Small objects are checked for repeated keys by comparing 64-bit hashes of ASCII keys, so the
    /// common case compares no strings. A key containing non-ASCII bytes has hash `0` and is
    /// compared as a `String` with every other key, since canonical equivalence can make an ASCII
    /// key equal to a non-ASCII one (`"K"` and `"\u{212A}"`). Large objects are checked while their
    /// index is built.
    private mutating func finishObject(_ frame: Frame) {
        let count = keys.count - frame.keyStart
        let keyBase = keys.base + frame.keyStart
        let valueBase = values.base + frame.valueStart
        var keysAreUnique = true
        if count > 1, count <= JSONObject.indexThreshold {
            let hashes = keyHashes.base + frame.keyStart
            search: for later in 1..<count {
                let laterHash = hashes[later]
                for earlier in 0..<later {
                    let earlierHash = hashes[earlier]
                    if laterHash == earlierHash || laterHash == 0 || earlierHash == 0,
                        keyBase[later] == keyBase[earlier]
                    {
                        keysAreUnique = false
                        break search
                    }
                }
            }
        } else if count > JSONObject.indexThreshold {
            keysAreUnique = false  // JSONObject checks while it builds its index.
        }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(count)
        for offset in 0..<count {
            members.append(JSONObject.Member(key: (keyBase + offset).move(), value: (valueBase + offset).move()))
        }
        keys.forgetMovedElements(from: frame.keyStart)
        values.forgetMovedElements(from: frame.valueStart)
        keyHashes.forgetMovedElements(from: frame.keyStart)
        values.push(.object(JSONObject(members: members, keysAreUnique: keysAreUnique)))
    }

    // MARK: - Tokens

    @inline(__always)
    mutating func skipWhitespace() {
        while position < end {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONValue.ParseError) {
        let count = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        guard end - position >= count else {
            throw error("invalid literal, expected '\(literal)'", at: position)
        }
        for offset in 1..<count where bytes[position + offset] != expected[offset] {
            throw error("invalid literal, expected '\(literal)'", at: position)
        }
        position += count
    }
}

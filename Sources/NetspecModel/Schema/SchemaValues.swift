// JSON Schema's view of values: numbers compared exactly whether written as integers or not
// (1 and 1.0 are equal), `multipleOf` decided exactly in decimal, and equality for `enum`,
// `const` and `uniqueItems`.

enum SchemaValues {
    // MARK: - Equality

    /// JSON Schema equality: numbers by value, strings by code points, arrays in order, objects
    /// by members in any order.
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(left), .string(right)):
            return left.hasSameUTF8(as: right)
        case let (.int(left), .int(right)):
            return left == right
        case (.int, .double), (.double, .int), (.double, .double):
            return compare(lhs, rhs) == 0
        case (.null, .null):
            return true
        case let (.bool(left), .bool(right)):
            return left == right
        case let (.array(left), .array(right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case let (.object(left), .object(right)):
            guard left.count == right.count else { return false }
            return left.allSatisfy { member in right[member.key].map { equal(member.value, $0) } ?? false }
        default:
            return false
        }
    }

    /// A hash consistent with ``equal(_:_:)`` (integral doubles hash as integers).
    static func hash(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0)
        case let .bool(bool): hasher.combine(bool)
        case let .int(int): hasher.combine(int)
        case let .double(double):
            if let int = Int(exactly: double) { hasher.combine(int) } else { hasher.combine(double) }
        case let .string(string): hasher.combine(string.utf8.count); for byte in string.utf8 { hasher.combine(byte) }
        case let .array(array): hasher.combine(array.count); for element in array { hash(element, into: &hasher) }
        case let .object(object):
            // Order-independent: a sum of the members' own hashes.
            var sum = 0
            for member in object {
                var memberHasher = Hasher()
                memberHasher.combine(member.key)
                hash(member.value, into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(object.count)
            hasher.combine(sum)
        }
    }

    // MARK: - Numbers

    /// The order of two numbers, exactly: negative, zero or positive; `nil` if either is not a number.
    @inline(__always)
    static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case let (.int(left), .int(right)): return left < right ? -1 : left == right ? 0 : 1
        case let (.double(left), .double(right)): return left < right ? -1 : left == right ? 0 : 1
        case let (.int(left), .double(right)): return compare(left, right)
        case let (.double(left), .int(right)): return -compare(right, left)
        default: return nil
        }
    }

    /// The order of an integer and a double, without rounding the integer.
    private static func compare(_ int: Int, _ double: Double) -> Int {
        if double >= 9.223372036854775807e18 { return -1 }
        if double < -9.223372036854775808e18 { return 1 }
        let floor = double.rounded(.down)
        let whole = Int(floor)
        if int != whole { return int < whole ? -1 : 1 }
        return double > floor ? -1 : 0
    }

    /// Whether `value` is an integer multiple of `divisor` (both numbers, `divisor` positive),
    /// decided on the shortest decimal forms of both, so `0.0075` is a multiple of `0.0001`.
    static func isMultiple(_ value: JSONValue, of divisor: JSONValue) -> Bool {
        if case let .int(int) = value, case let .int(step) = divisor { return int % step == 0 }
        guard let (significand, exponent) = decimal(value), let (step, stepExponent) = decimal(divisor), step != 0 else { return false }
        if significand == 0 { return true }
        let shift = exponent - stepExponent
        if shift >= 0 {
            // significand × 10^shift ≡ 0 (mod step)
            return multiplyModulo(significand % step, powerOfTenModulo(shift, step), step) == 0
        }
        guard -shift <= 19 else { return false }
        var scale: UInt64 = 1
        for _ in 0 ..< -shift { scale *= 10 }
        return significand % scale == 0 && (significand / scale) % step == 0
    }

    /// A number's magnitude as `significand × 10^exponent`, from its shortest decimal form.
    private static func decimal(_ value: JSONValue) -> (UInt64, Int)? {
        switch value {
        case let .int(int):
            return (UInt64(int.magnitude), 0)
        case let .double(double):
            guard double.isFinite else { return nil }
            // Swift prints the shortest digits that round-trip: "0.0075", "7.5e-05", "1e+308".
            let text = double.magnitude.description
            var significand: UInt64 = 0
            var exponent = 0
            var afterPoint = false
            var digits = text.utf8[...]
            if let e = digits.firstIndex(of: UInt8(ascii: "e")) {
                exponent = Int(String(decoding: digits[digits.index(after: e)...], as: UTF8.self)) ?? 0
                digits = digits[..<e]
            }
            for byte in digits {
                if byte == UInt8(ascii: ".") { afterPoint = true; continue }
                let (product, overflow) = significand.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                significand = product + UInt64(byte - UInt8(ascii: "0"))
                if afterPoint { exponent -= 1 }
            }
            return (significand, exponent)
        default:
            return nil
        }
    }

    private static func multiplyModulo(_ lhs: UInt64, _ rhs: UInt64, _ modulus: UInt64) -> UInt64 {
        let product = lhs.multipliedFullWidth(by: rhs)
        return modulus.dividingFullWidth((product.high, product.low)).remainder
    }

    private static func powerOfTenModulo(_ power: Int, _ modulus: UInt64) -> UInt64 {
        var result: UInt64 = 1 % modulus
        var base: UInt64 = 10 % modulus
        var power = power
        while power > 0 {
            if power & 1 == 1 { result = multiplyModulo(result, base, modulus) }
            base = multiplyModulo(base, base, modulus)
            power >>= 1
        }
        return result
    }
}

extension String {
    /// Whether the two strings are the same code points (JSON's equality of strings and member
    /// names), not only canonically equivalent as `==` says: `"é"` precomposed and decomposed
    /// differ here. The lengths are compared first, so most unequal names cost one comparison.
    @inline(__always)
    func hasSameUTF8(as other: String) -> Bool {
        // The same representation (the same small string, or the same storage) is the same bytes.
        // (A String is two words on 64-bit platforms; the test folds away.)
        if MemoryLayout<String>.size == 16, unsafeBitCast(self, to: (UInt64, UInt64).self) == unsafeBitCast(other, to: (UInt64, UInt64).self) {
            return true
        }
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                for index in mine.indices where mine[index] != theirs[index] { return false }
                return true
            }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension JSONObject {
    /// Whether the object has a member named `name`, names compared by code points.
    func hasMember(named name: String) -> Bool {
        var hint = 0
        return hasMember(named: name, hint: &hint)
    }

    /// ``hasMember(named:)`` trying the member at `hint` first, and setting `hint` to the one
    /// after the member found: names asked for in the order the members come are found at once.
    func hasMember(named name: String, hint: inout Int) -> Bool {
        // The index compares with `==` (canonical equivalence); keys are unique under it, so the
        // member it finds is the only candidate, present when its bytes are the same.
        if keyIndex != nil { return index(forKey: name).map { members[$0].key.hasSameUTF8(as: name) } ?? false }
        return members.withUnsafeBufferPointer { members in
            if hint < members.count, members[hint].key.hasSameUTF8(as: name) {
                hint += 1
                return true
            }
            for index in members.indices where members[index].key.hasSameUTF8(as: name) {
                hint = index + 1
                return true
            }
            return false
        }
    }
}

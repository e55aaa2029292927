import Testing
@testable import Netspec
@testable import NetspecModel

@Suite struct TypeParserTests {
    static let valid: [(String, ValueType)] = [
        ("String", .string), ("Int", .int), ("Double", .double), ("Bool", .bool), ("Data", .data),
        ("URL", .url), ("JSON", .json), ("User", .model("User")), ("String?", .optional(.string)),
        ("[User]", .array(.model("User"))), ("[String: Int]", .dictionary(.int)),
        ("[String:Int]", .dictionary(.int)), (" [ Int ] ? ", .optional(.array(.int))),
        ("[String?]", .array(.optional(.string))), ("[[Int]]", .array(.array(.int))),
        ("(String)", .string),
        ("(id: String, name: String)", .tuple([.init(label: "id", type: .string), .init(label: "name", type: .string)])),
        ("(Int, String?)", .tuple([.init(label: nil, type: .int), .init(label: nil, type: .optional(.string))])),
        ("(list: [(id: String, name: String)], count: Int)", .tuple([
            .init(label: "list", type: .array(.tuple([.init(label: "id", type: .string), .init(label: "name", type: .string)]))),
            .init(label: "count", type: .int),
        ])),
        ("[String: [String]]?", .optional(.dictionary(.array(.string)))),
    ]

    @Test(arguments: valid)
    func parses(_ text: String, _ expected: ValueType) throws {
        #expect(try TypeParser.parseType(text) == expected)
    }

    @Test(arguments: valid)
    func descriptionParsesBackToTheSameType(_ text: String, _ expected: ValueType) throws {
        #expect(try TypeParser.parseType(expected.description) == expected)
    }

    static let invalid: [(String, String, Int)] = [
        ("", "expected a type", 0),
        ("[String", "expected ']', found the end of the type", 7),
        ("[Int: String]", "dictionary keys must be String, not Int", 1),
        ("String??", "a type can be made optional only once", 7),
        ("Strng", "unknown type 'Strng' (did you mean 'String'?)", 0),
        ("string", "unknown type 'string' (did you mean 'String'?)", 0),
        ("Integer", "unknown type 'Integer' (did you mean 'Int'?)", 0),
        ("Boolean", "unknown type 'Boolean' (did you mean 'Bool'?)", 0),
        ("Any", "unknown type 'Any' (did you mean 'JSON'?)", 0),
        ("user", "unknown type 'user' (model names start with an uppercase letter)", 0),
        ("(a: Int, a: Int)", "duplicate tuple label 'a'", 9),
        ("()", "an empty tuple '()' is only valid as 'returns: Void'", 1),
        ("Void", "'Void' is only valid as a whole 'returns' type", 0),
        ("[Headers]", "'Headers' is only valid as a whole 'returns' type", 1),
        ("Int String", "unexpected 'S' after the type", 4),
        ("(a: Int", "expected ')', found the end of the type", 7),
        ("[Int]]", "unexpected ']' after the type", 5),
        ("<Int>", "expected a type, found '<'", 0),
        (String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40), "type nests deeper than 32 levels", 32),
    ]

    @Test(arguments: invalid)
    func rejects(_ text: String, _ message: String, _ offset: Int) {
        #expect(throws: TypeParser.Failure(message: message, offset: offset)) { try TypeParser.parseType(text) }
    }

    @Test(arguments: [("Void", ReturnType.void), ("()", .void), ("Headers", .headers), ("JSON", .value(.json)), ("[Int]", .value(.array(.int)))])
    func parsesReturnTypes(_ text: String, _ expected: ReturnType) throws {
        #expect(try TypeParser.parseReturnType(text) == expected)
    }
}

import Dispatch
import Testing

@testable import Netspec
@testable import NetspecModel

/// A large document checked while it is parsed (JSONSchema+Concurrent.swift) answers what checking
/// the parsed tree answers.
@Suite struct ConcurrentCheckTests {
    static let user: JSONValue = [
        "type": "object", "required": ["id"], "additionalProperties": false,
        "properties": ["id": ["type": "integer", "minimum": 0], "name": ["type": "string", "maxLength": 60]],
    ]

    static func schema(_ json: JSONValue) throws -> JSONSchema {
        guard case var .object(object) = json else { preconditionFailure() }
        object["$defs"] = ["user": user]
        return try JSONSchema(.object(object))
    }

    /// `count` users as JSON text, about 60 bytes each; `spoiled` gets `id: -1`.
    static func users(_ count: Int = 5_000, spoiled: Int? = nil) -> String {
        "[" + (0..<count).map { index in
            #"{"id": \#(index == spoiled ? -1 : index), "name": "user number \#(index) of the shelter's list"}"#
        }.joined(separator: ",\n") + "]"
    }

    struct Case: CustomTestStringConvertible {
        let name: String
        let schema: JSONValue
        let document: String
        let isValid: Bool
        var testDescription: String { name }
    }

    static let array: JSONValue = ["type": "array", "items": ["$ref": "#/$defs/user"]]
    static let wrapped: JSONValue = [
        "type": "object", "required": ["data"],
        "properties": ["data": ["type": "array", "items": ["$ref": "#/$defs/user"]], "total": ["type": "integer"]],
    ]

    static let cases: [Case] = [
        Case(name: "top array, valid", schema: array, document: users(), isValid: true),
        Case(name: "top array, one element spoiled", schema: array, document: users(spoiled: 4_000), isValid: false),
        Case(name: "top array, the first element spoiled", schema: array, document: users(spoiled: 0), isValid: false),
        Case(name: "top array, the last element spoiled", schema: array, document: users(spoiled: 4_999), isValid: false),
        Case(name: "the array's own keyword fails after its items pass",
             schema: ["type": "array", "items": ["$ref": "#/$defs/user"], "maxItems": 4_999], document: users(), isValid: false),
        Case(name: "unevaluatedItems sees the items evaluated",
             schema: ["type": "array", "items": ["$ref": "#/$defs/user"], "unevaluatedItems": false], document: users(), isValid: true),
        Case(name: "member array, valid", schema: wrapped, document: #"{"total": 5000, "data": \#(users())}"#, isValid: true),
        Case(name: "member array, one element spoiled", schema: wrapped, document: #"{"data": \#(users(spoiled: 2_500)), "total": 5000}"#, isValid: false),
        Case(name: "member array valid, another member not", schema: wrapped, document: #"{"data": \#(users()), "total": "many"}"#, isValid: false),
        Case(name: "a repeated key replaces a spoiled array", schema: wrapped,
             document: #"{"data": \#(users(spoiled: 10)), "data": \#(users())}"#, isValid: true),
        Case(name: "a repeated key replaces a valid array with a spoiled one", schema: wrapped,
             document: #"{"data": \#(users()), "data": \#(users(spoiled: 10))}"#, isValid: false),
        Case(name: "an array behind allOf is checked after the parse, valid",
             schema: ["allOf": [array]], document: users(), isValid: true),
        Case(name: "an array behind allOf is checked after the parse, spoiled",
             schema: ["allOf": [array]], document: users(spoiled: 3), isValid: false),
        Case(name: "prefixItems: checked after the parse",
             schema: ["type": "array", "prefixItems": [["type": "object"]], "items": ["$ref": "#/$defs/user"]],
             document: users(spoiled: 1), isValid: false),
        Case(name: "a member the schema does not name", schema: wrapped, document: #"{"data": [], "other": \#(users(spoiled: 1))}"#, isValid: true),
        Case(name: "not an array where one is expected", schema: wrapped, document: #"{"data": {"list": \#(users())}}"#, isValid: false),
    ]

    @Test(arguments: cases)
    func aDocumentCheckedWhileParsedGetsTheSameAnswer(_ example: Case) throws {
        let schema = try Self.schema(example.schema)
        let bytes = Array(example.document.utf8)
        #expect(bytes.count >= ConcurrentItemCheck.minimumSize || example.name.contains("does not name"))
        let (value, isValid) = try schema.parseChecking(bytes, direction: .response, concurrently: true)
        #expect(value == (try JSONValue(parsing: bytes)))
        #expect(isValid == example.isValid)
        #expect(schema.isValid(value, direction: .response) == example.isValid)
    }

    @Test func theSpoiledElementIsNamedByTheViolation() throws {
        let schema = try Self.schema(Self.wrapped)
        let bytes = Array(#"{"data": \#(Self.users(spoiled: 4_321))}"#.utf8)
        let (value, isValid) = try schema.parseChecking(bytes, direction: .response, concurrently: true)
        #expect(!isValid)
        #expect(schema.validate(value, direction: .response).map(\.description) == ["/data/4321/id must be at least 0 (schema at urn:netspec:schema:1#/$defs/user/properties/id/minimum)"])
    }

    @Test func aDocumentThatIsNotJSONThrowsWhereItBreaks() throws {
        let schema = try Self.schema(Self.array)
        let text = String(Self.users().dropLast()) + ","
        let error = #expect(throws: JSONValue.ParseError.self) {
            try schema.parseChecking(Array(text.utf8), direction: .response, concurrently: true)
        }
        #expect(error?.offset == text.utf8.count)
    }

    /// The worker and the caller share the batches (the caller takes what waits when the parse
    /// ends): whoever checks the spoiled element, and wherever it is, the answer is the same.
    @Test(arguments: [nil, 0, 1_999, 10_000, 19_999])
    func theAnswerDoesNotDependOnWhoChecksWhichBatch(spoiled: Int?) throws {
        let schema = try Self.schema(Self.array)
        let bytes = Array(Self.users(20_000, spoiled: spoiled).utf8)
        for _ in 0..<8 {
            #expect(try schema.parseChecking(bytes, direction: .response, concurrently: true).isValid == (spoiled == nil))
        }
    }

    /// A worker that gets no thread (its queue held back, as when a busy program's threads are all
    /// taken) holds nothing up: the caller checks every batch itself and answers.
    @Test(arguments: [nil, 0, 19_999])
    func aWorkerWithoutAThreadHoldsNothingUp(spoiled: Int?) throws {
        let schema = try Self.schema(Self.array)
        let bytes = Array(Self.users(20_000, spoiled: spoiled).utf8)
        let heldBack = DispatchQueue(label: "held back")
        heldBack.suspend()
        let isValid = try schema.parseChecking(bytes, direction: .response, concurrently: true, workers: heldBack).isValid
        heldBack.resume()
        #expect(isValid == (spoiled == nil))
    }
}

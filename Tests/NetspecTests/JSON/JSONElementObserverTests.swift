import Testing

@testable import Netspec
@testable import NetspecModel

/// The parser's report of an outer array's elements as each is finished (JSONElementObserver.swift).
@Suite struct JSONElementObserverTests {
    /// Records what the parser says, following the arrays whose key (`nil` for the top) it is told to.
    final class Recorder: JSONElementObserver {
        let following: Set<String?>
        var asked: [String?] = []
        var elements: [(value: JSONValue, end: Int)] = []
        var closed: [JSONValue] = []

        init(following: Set<String?>) { self.following = following }

        func follows(arrayAt key: String?) -> Bool {
            asked.append(key)
            return following.contains(key)
        }

        func element(_ value: JSONValue, endingAt offset: Int) { elements.append((value, offset)) }

        func closed(_ array: JSONValue) { closed.append(array) }
    }

    struct Case: CustomTestStringConvertible {
        let text: String
        let following: Set<String?>
        let asked: [String?]
        let elements: [JSONValue]
        /// Where each element's text ends (the offset after its last byte).
        let ends: [Int]
        let closed: [JSONValue]
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        // The array at the top: its elements, not theirs.
        Case(text: #"[1, {"a": [2]}, [3, 4] ]"#, following: [nil], asked: [nil],
             elements: [1, ["a": [2]], [3, 4]], ends: [2, 14, 22], closed: [[1, ["a": [2]], [3, 4]]]),
        // Asked, declined: nothing more.
        Case(text: #"[1, 2]"#, following: [], asked: [nil], elements: [], ends: [], closed: []),
        // Members of the object at the top, each asked for in turn; deeper arrays are not offered.
        Case(text: #"{"data": [{"id": 1}, {"id": 2}], "more": ["x"], "deep": {"list": [5]}}"#, following: ["data", "more"],
             asked: ["data", "more"], elements: [["id": 1], ["id": 2], "x"], ends: [19, 30, 45], closed: [[["id": 1], ["id": 2]], ["x"]]),
        // An empty array has no elements to follow, so is not offered.
        Case(text: #"{"data": [], "next": [null]}"#, following: ["data", "next"], asked: ["next"],
             elements: [nil], ends: [26], closed: [[nil]]),
        // Arrays inside the top array's elements are not offered: one array is followed at a time.
        Case(text: #"[[1], [2]]"#, following: [nil], asked: [nil], elements: [[1], [2]], ends: [4, 9], closed: [[[1], [2]]]),
        // A repeated key: both arrays are followed, the last one is the member.
        Case(text: #"{"data": [1], "data": [2]}"#, following: ["data"], asked: ["data", "data"],
             elements: [1, 2], ends: [11, 24], closed: [[1], [2]]),
        // Scalars at the top: nothing asked.
        Case(text: #""text""#, following: [nil], asked: [], elements: [], ends: [], closed: []),
    ]

    @Test(arguments: cases)
    func theParserReportsAnOuterArraysElements(_ example: Case) throws {
        let recorder = Recorder(following: example.following)
        let value = try JSONValue(parsing: Array(example.text.utf8), observer: recorder)
        #expect(value == (try JSONValue(parsing: example.text)))
        #expect(recorder.asked == example.asked)
        #expect(recorder.elements.map(\.value) == example.elements)
        #expect(recorder.elements.map(\.end) == example.ends)
        #expect(recorder.closed == example.closed)
    }

    @Test func aParseErrorStillThrowsWithAnObserver() {
        let recorder = Recorder(following: [nil])
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: Array("[1, 2,]".utf8), observer: recorder) }
        #expect(recorder.elements.map(\.value) == [1, 2])
        #expect(recorder.closed == [])
    }
}

import Foundation
import Testing

import Netspec
import NetspecModel

/// The `Date` type: ISO 8601 text, checked when bound, a `Date` argument written as UTC text, and
/// decoded to `Date` in Swift.
@Suite struct DateTypeTests {
    static let endpoint = "    GET: /events/{day}\n    params:\n      day: Date\n      since: Date?\n"

    @Test(arguments: [
        ("2026-11-22", 1_795_305_600.0),
        ("2026-11-22T10:00:00Z", 1_795_341_600.0),
        ("2026-11-22t10:00:00z", 1_795_341_600.0),
        ("2026-11-22 10:00:00Z", 1_795_341_600.0),
        ("2026-11-22T10:00Z", 1_795_341_600.0),
        ("2026-11-22T10:00:00.25Z", 1_795_341_600.25),
        ("2026-11-22T11:00:00+01:00", 1_795_341_600.0),
        ("2026-11-22T05:30:00-0430", 1_795_341_600.0),
        ("2024-02-29", 1_709_164_800.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("1970-01-01T00:00:00Z", 0.0),
    ])
    func acceptedForms(text: String, seconds: Double) {
        #expect(ISO8601.secondsSince1970(text) == seconds)
    }

    @Test(arguments: [
        "", "2026", "2026-11", "2026-13-01", "2026-02-30", "2023-02-29", "2026-11-22T10:00:00",
        "2026-11-22T24:00:00Z", "2026-11-22T10:60Z", "2026-11-22T10:00:00.Z", "2026-11-22T10:00:00+1", "22/11/2026",
        "2026-11-22Z", "2026-11-22T10:00:00Zjunk", "yesterday",
    ])
    func refusedForms(text: String) {
        #expect(ISO8601.secondsSince1970(text) == nil)
    }

    @Test(arguments: [
        (1_795_341_600.0, "2026-11-22T10:00:00Z"),
        (1_795_341_600.25, "2026-11-22T10:00:00.250Z"),
        (-1.0, "1969-12-31T23:59:59Z"),
        (951_782_400.0, "2000-02-29T00:00:00Z"),
    ])
    func dateArgumentsAreUTCText(seconds: Double, text: String) throws {
        guard case let .value(value) = Date(timeIntervalSince1970: seconds).makeArgument() else {
            Issue.record("a Date is not a value argument")
            return
        }
        #expect(value == .string(text))
        #expect(ISO8601.secondsSince1970(text) == seconds)
    }

    @Test func boundAsTextInThePathAndQuery() throws {
        let url = try Binding.url(Self.endpoint, ["day": "2026-11-22", "since": Date(timeIntervalSince1970: 1_795_341_600).makeArgument()])
        #expect(url == "https://api.example.com/events/2026-11-22?since=2026-11-22T10%3A00%3A00Z")
    }

    @Test func textThatIsNotADateIsRefusedBeforeSending() throws {
        let actual = try Binding.failure(Self.endpoint, ["day": "next tuesday"])
        #expect(actual == #"wrongType: endpoint 'e': parameter 'day': expected Date (ISO 8601 text such as 2026-11-22T10:00:00Z), got the string "next tuesday""#)
    }

    @Test func fromTheCommandLineTheTextIsChecked() {
        #expect(ValueType.date.value(fromText: "2026-11-22") == "2026-11-22")
        #expect(ValueType.date.value(fromText: "tomorrow") == nil)
        #expect(ValueType.optional(.date).value(fromText: "null") == .null)
    }

    struct Event: Decodable, Equatable {
        var name: String
        var at: Date
    }

    /// JSONDecoder's default reads a number (seconds since 2001); APIs send ISO 8601 text.
    @Test func decodedToDateInSwift() throws {
        let value: JSONValue = ["name": "launch", "at": "2026-11-22T10:00:00Z"]
        #expect(try value.decode(Event.self) == Event(name: "launch", at: Date(timeIntervalSince1970: 1_795_341_600)))
        let number: JSONValue = ["name": "n", "at": 0]
        #expect(try number.decode(Event.self).at == Date(timeIntervalSinceReferenceDate: 0))
        let bad: JSONValue = ["name": "x", "at": "soon"]
        #expect(throws: DecodingError.self) { try bad.decode(Event.self) }
    }

    /// A one-letter typo of a three-letter built-in is a mistake; a longer model name is a model.
    @Test(arguments: ["Hint", "Curl", "Datum", "Integer2", "Uri2"])
    func modelNamesNearBuiltInsStayModels(name: String) throws {
        let spec = try Spec(yaml: "netspec: 1\nservice: S\nendpoints:\n  a:\n    POST: /x\n    params:\n      v: \(name)\n", file: "t.yaml")
        #expect(spec.endpoint(named: "a")?.parameters.first?.type == .model(name))
    }
}

import HTTPTypes
import Testing

@testable import Netspec

/// The header fields of a prepared request: kept as name-value pairs, yet holding and giving back
/// exactly what `HTTPFields` would.
@Suite struct FieldListTests {
    @Test(arguments: ["acme/2.0", " padded ", "tab\tinside", "trailing\t", "line\nbreak", "nul\u{0}", "del\u{7F}", "", "é ü"])
    func valuesAreLegalizedAsHTTPFieldDoes(value: String) {
        var list = FieldList(capacity: 1)
        list[.userAgent] = value
        #expect(list[.userAgent] == HTTPField(name: .userAgent, value: value).value)
        #expect(exactly(list.httpFields, HTTPFields([HTTPField(name: .userAgent, value: value)])))
        var appended = FieldList(capacity: 1)
        appended.append(.userAgent, value)
        appended.setIfAbsent(.accept, value)
        #expect(exactly(appended.httpFields, HTTPFields([HTTPField(name: .userAgent, value: value), HTTPField(name: .accept, value: value)])))
    }

    @Test func namesAreComparedWithoutCase() throws {
        let custom = try #require(HTTPField.Name("X-Request-ID"))
        var list = FieldList(capacity: 4)
        list.append(custom, "1")
        list.append(.contentType, "a")
        list.append(try #require(HTTPField.Name("x-request-id")), "2")
        #expect(list[try #require(HTTPField.Name("X-REQUEST-ID"))] == "1")
        // Setting replaces the first where it stands, with the name as now written, and drops the rest.
        list[try #require(HTTPField.Name("x-Request-Id"))] = "3"
        #expect(list.pairs.map { "\($0.0): \($0.1)" } == ["x-Request-Id: 3", "Content-Type: a"])
        list.removeAll(named: custom)
        #expect(list.pairs.map(\.0) == ["Content-Type"])
    }

    @Test func fieldsRoundTripThroughHTTPFields() throws {
        var fields = HTTPFields()
        fields[.accept] = "*/*"
        fields.append(HTTPField(name: try #require(HTTPField.Name("X-Two")), value: "a"))
        fields.append(HTTPField(name: try #require(HTTPField.Name("x-two")), value: "b"))
        var request = PreparedRequest(endpointName: "e", method: .get, url: "https://x/", headerFields: fields, body: .empty)
        #expect(exactly(request.headerFields, fields))
        request.headerFields[.userAgent] = "u"
        fields[.userAgent] = "u"
        #expect(exactly(request.headerFields, fields))
    }

    @Test func valuesThatAreNotUTF8AndIndexingStrategiesRoundTrip() throws {
        var secret = HTTPField(name: .authorization, value: "Bearer x")
        secret.indexingStrategy = .disallow
        let latin1 = HTTPField(name: try #require(HTTPField.Name("X-Latin")), value: [0x63, 0x61, 0x66, 0xE9])
        var fields = HTTPFields([secret, latin1])
        var request = PreparedRequest(endpointName: "e", method: .get, url: "https://x/", headerFields: fields, body: .empty)
        #expect(exactly(request.headerFields, fields))
        #expect(request.headerFields.first?.indexingStrategy == .disallow)
        #expect(request.headerFields[fields: latin1.name].first?.withUnsafeBytesOfValue { Array($0) } == [0x63, 0x61, 0x66, 0xE9])
        // Changes made while building (an `Authorization` set when absent, a field replaced) keep the rest exact.
        request.fields[.accept] = "*/*"
        request.fields[.authorization] = "Bearer y"
        fields[.accept] = "*/*"
        fields[.authorization] = "Bearer y"
        #expect(exactly(request.headerFields, fields))
        #expect(request.fields.pairs.map(\.1) == ["Bearer y", String(decoding: [0x63, 0x61, 0x66, 0xE9], as: UTF8.self), "*/*"])
    }

    /// The same fields in the same order, names as written, value bytes and indexing strategies alike.
    private func exactly(_ lhs: HTTPFields, _ rhs: HTTPFields) -> Bool {
        Array(lhs) == Array(rhs) && lhs.map(\.name.rawName) == rhs.map(\.name.rawName)
    }
}

import HTTPTypes
import Testing

import Netspec

/// The header fields of a prepared request give back exactly what was set, and are sent as text.
@Suite struct PreparedRequestFieldsTests {
    /// A header parameter's value is held as `HTTPField` holds it (outer spaces and tabs trimmed);
    /// control characters are refused before that (see `HeaderBindingTests`).
    @Test(arguments: ["acme/2.0", " padded ", "tab\tinside", "trailing\t", "", "é ü"])
    func valuesAreLegalizedAsHTTPFieldDoes(value: String) throws {
        let api = try Binding.service(Binding.yaml("    GET: /h\n    params:\n      agent: { in: header, name: User-Agent }\n"))
        let request = try api.prepare("e", ["agent": .value(.string(value))])
        #expect(request.headerFields[.userAgent] == HTTPField(name: .userAgent, value: value).value)
        #expect(request.headerFields[fields: .userAgent].count == 1)
    }

    /// `HTTPFields` holds each cookie as a field; HTTP/1.1 sends, and every printout shows, one
    /// `Cookie` line where the first stood (RFC 6265 §5.4).
    @Test func cookiesAreOneLineOnTheWireAndInPrintouts() throws {
        var fields = HTTPFields()
        fields[.cookie] = "theme=dark; sid=s1; lang=en"
        fields[try #require(HTTPField.Name("X-After"))] = "a"
        let request = PreparedRequest(endpointName: "e", method: .get, url: "https://x/", headerFields: fields, body: .empty)
        #expect(request.headerFields[values: .cookie] == ["theme=dark", "sid=s1", "lang=en"])
        let sent = AsyncHTTPClientTransport.makeRequest(request).headers.map { "\($0.name): \($0.value)" }
        #expect(sent.prefix(2) == ["Cookie: theme=dark; sid=s1; lang=en", "X-After: a"])
        #expect(request.httpMessage.split(separator: "\n").filter { $0.hasPrefix("Cookie") } == ["Cookie: theme=dark; sid=s1; lang=en"])
        #expect(request.curlCommand.components(separatedBy: "-H 'Cookie").count == 2)
        #expect(request.curlCommand.contains("-H 'Cookie: theme=dark; sid=s1; lang=en' -H 'X-After: a'"))
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
        request.headerFields[.accept] = "*/*"
        request.headerFields[.authorization] = "Bearer y"
        fields[.accept] = "*/*"
        fields[.authorization] = "Bearer y"
        #expect(exactly(request.headerFields, fields))
        #expect(AsyncHTTPClientTransport.makeRequest(request).headers.map(\.value) == ["Bearer y", String(decoding: [0x63, 0x61, 0x66, 0xE9], as: UTF8.self), "*/*"])
    }

    /// The same fields in the same order, names as written, value bytes and indexing strategies alike.
    private func exactly(_ lhs: HTTPFields, _ rhs: HTTPFields) -> Bool {
        Array(lhs) == Array(rhs) && lhs.map(\.name.rawName) == rhs.map(\.name.rawName)
    }
}

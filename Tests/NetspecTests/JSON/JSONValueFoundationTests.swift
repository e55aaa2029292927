import Foundation
import Testing

import Netspec

@Suite struct JSONValueFoundationTests {
    struct Profile: Codable, Equatable {
        var firstName: String
        var lastLogin: Date
        var homePage: URL
        var avatar: Data
        var balance: Decimal
    }

    static let profile = Profile(
        firstName: "Ada", lastLogin: Date(timeIntervalSince1970: 1_700_000_000),
        homePage: URL(string: "https://example.com/ada")!, avatar: Data([1, 2, 3]), balance: Decimal(string: "12.34")!)

    @Test func decodesWithAConfiguredJSONDecoder() throws {
        let value = try JSONValue(
            parsing: #"""
                {"first_name": "Ada", "last_login": "2023-11-14T22:13:20Z", "home_page": "https://example.com/ada",
                 "avatar": "AQID", "balance": 12.34}
                """#)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        #expect(try value.decode(Profile.self, using: decoder) == Self.profile)
    }

    @Test func encodesWithAConfiguredJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let value = try JSONValue(encoding: Self.profile, using: encoder)
        #expect(value["first_name"] == "Ada")
        #expect(value["last_login"] == "2023-11-14T22:13:20Z")
        #expect(value["home_page"] == "https://example.com/ada")
        #expect(value["avatar"] == "AQID")
        #expect(value["balance"] == 12.34)
    }

    @Test func nativeCodersTreatFoundationTypesLikeJSONEncoder() throws {
        let value = try JSONValue(encoding: Self.profile)
        #expect(
            value.description
                == #"{"firstName":"Ada","lastLogin":721692800.0,"homePage":"https:\/\/example.com\/ada","avatar":"AQID","balance":12.34}"#
                .replacingOccurrences(of: "\\/", with: "/"))
        #expect(try value.decode(Profile.self) == Self.profile)
        // Agrees with Foundation's default JSONEncoder output.
        let foundation = try JSONValue(parsing: JSONEncoder().encode(Self.profile))
        for key in ["firstName", "homePage", "avatar", "balance"] {
            #expect(foundation[key] == value[key])
        }
        // Foundation writes the integral Double as `721692800`, which reads back as an Int.
        #expect(foundation["lastLogin"]?.double == value["lastLogin"]?.double)
        #expect(try JSONValue(encoding: Decimal(7)) == 7)
        #expect(throws: DecodingError.self) { try JSONValue.string("not base64!").decode(Data.self) }
        #expect(throws: DecodingError.self) { try JSONValue.int(1).decode(URL.self) }
    }

    @Test func parsesData() throws {
        let data = Data(#"{"b":[1,2],"a":"x"}"#.utf8)
        let value = try JSONValue(parsing: data)
        #expect(value.object?.keys == ["b", "a"])
        #expect(throws: JSONValue.ParseError(message: "unexpected end of input", offset: 0, line: 1, column: 1)) {
            try JSONValue(parsing: Data())
        }
        #expect(try JSONValue(parsing: data[data.startIndex.advanced(by: 5)...].prefix(5)) == [1, 2])
    }

    @Test func snakeCaseRoundTripKeepsValues() throws {
        struct Item: Codable, Equatable {
            var itemId: Int
            var displayName: String
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value = try JSONValue(encoding: [Item(itemId: 1, displayName: "one")], using: encoder)
        #expect(value[0]?["display_name"] == "one")
        #expect(try value.decode([Item].self, using: decoder) == [Item(itemId: 1, displayName: "one")])
    }

    @Test func jsonValueDecodesWithFoundationDecoder() throws {
        struct Wrapper: Decodable {
            var payload: JSONValue
        }
        let wrapper = try JSONDecoder().decode(
            Wrapper.self, from: Data(#"{"payload":{"n":null,"b":true,"i":3,"d":2.5,"s":"x","a":[1]}}"#.utf8))
        #expect(wrapper.payload == ["n": nil, "b": true, "i": 3, "d": 2.5, "s": "x", "a": [1]])
        let original: JSONValue = ["k": [1, 2.5, "s", nil, false]]
        let data = try JSONEncoder().encode(original)
        #expect(try JSONValue(parsing: data) == ["k": [1, 2.5, "s", nil, false]])
    }
}

import Testing

@testable import Netspec
@testable import NetspecModel

@Suite struct JSONValueDecoderTests {
    struct Address: Codable, Equatable {
        var city: String
        var zip: String
        var geo: [Double]
    }

    struct User: Codable, Equatable {
        var id: String
        var name: String
        var age: Int
        var score: Double
        var active: Bool
        var tags: [String]
        var address: Address
        var note: String?
    }

    enum Role: String, Codable {
        case admin, member
    }

    static let userJSON = #"""
        {"id": "7", "name": "Ada", "age": 36, "score": 94.5, "active": true, "tags": ["a", "bé"],
         "address": {"city": "Paris", "zip": "75001", "geo": [48.85, 2.35]}, "note": null}
        """#

    static let ada = User(
        id: "7", name: "Ada", age: 36, score: 94.5, active: true, tags: ["a", "bé"],
        address: Address(city: "Paris", zip: "75001", geo: [48.85, 2.35]), note: nil)

    @Test func decodesNestedStructs() throws {
        let value = try JSONValue(parsing: Self.userJSON)
        #expect(try value.decode(User.self) == Self.ada)
        let inferred: User = try value.decode()
        #expect(inferred == Self.ada)
    }

    @Test func decodesArraysOfStructsThroughAKeyPath() throws {
        let text = "{\"data\":{\"list\":[\(Self.userJSON),\(Self.userJSON)],\"count\":2}}"
        let value = try JSONValue(parsing: text)
        let users = try value.resolve("data.list").decode([User].self)
        #expect(users == [Self.ada, Self.ada])
        #expect(try value.resolve("data.count").decode(Int.self) == 2)
    }

    @Test func optionalsMissingAndNull() throws {
        struct Partial: Decodable, Equatable {
            var a: Int?
            var b: Int?
            var c: [Int?]
        }
        let value: JSONValue = ["b": nil, "c": [1, nil, 3]]
        #expect(try value.decode(Partial.self) == Partial(a: nil, b: nil, c: [1, nil, 3]))
        #expect(try JSONValue.null.decode(Int?.self) == nil)
        #expect(try JSONValue.int(4).decode(Int?.self) == 4)
    }

    @Test func scalarsEnumsDictionariesAndJSONValues() throws {
        #expect(try JSONValue.string("admin").decode(Role.self) == .admin)
        #expect(try JSONValue(parsing: #"{"x":1,"y":2}"#).decode([String: Int].self) == ["x": 1, "y": 2])
        #expect(try JSONValue(parsing: #"{"1":"a"}"#).decode([Int: String].self) == [1: "a"])
        struct Envelope: Decodable {
            var kind: String
            var payload: JSONValue
            var extra: JSONObject?
        }
        let envelope = try JSONValue(
            parsing: #"{"kind":"k","payload":{"z":[1,{"q":null}],"a":2},"extra":{"b":1,"a":2}}"#
        )
        .decode(Envelope.self)
        #expect(envelope.payload.object?.keys == ["z", "a"])
        #expect(envelope.extra?.keys == ["b", "a"])
        #expect(try JSONValue.double(2.0).decode(Int.self) == 2)
        #expect(try JSONValue.int(2).decode(Double.self) == 2.0)
        #expect(try JSONValue.int(2).decode(Float.self) == 2.0)
        #expect(throws: DecodingError.self) { try JSONValue.double(-1e19).decode(Int64.self) }
        #expect(try JSONValue.double(1e19).decode(UInt64.self) == 10_000_000_000_000_000_000)
        #expect(try JSONValue.int(-128).decode(Int8.self) == -128)
        #expect(try JSONValue.int(65535).decode(UInt16.self) == 65535)
    }

    /// The description of a decoding error and its coding path as strings.
    static func describe(_ error: any Error) -> (kind: String, path: [String], message: String) {
        guard let error = error as? DecodingError else { return ("other", [], "\(error)") }
        switch error {
        case .typeMismatch(_, let context):
            return ("typeMismatch", context.codingPath.map(\.stringValue), context.debugDescription)
        case .valueNotFound(_, let context):
            return ("valueNotFound", context.codingPath.map(\.stringValue), context.debugDescription)
        case .keyNotFound(let key, let context):
            return ("keyNotFound", (context.codingPath + [key]).map(\.stringValue), context.debugDescription)
        case .dataCorrupted(let context):
            return ("dataCorrupted", context.codingPath.map(\.stringValue), context.debugDescription)
        @unknown default:
            return ("unknown", [], "")
        }
    }

    struct Item: Decodable { var id: Int }
    struct Items: Decodable { var items: [Item] }
    struct Small: Decodable { var value: UInt8 }
    struct Named: Decodable { var name: String }

    @Test func errorsCarryCodingPathsAndMessages() throws {
        func failure<T: Decodable>(_ type: T.Type, _ text: String) throws -> (String, [String], String) {
            do {
                _ = try JSONValue(parsing: text).decode(type)
                return ("none", [], "")
            } catch {
                return Self.describe(error)
            }
        }
        #expect(
            try failure(Items.self, #"{"items":[{"id":1},{"id":"x"}]}"#)
                == ("typeMismatch", ["items", "Index 1", "id"], "Expected Int but found String"))
        #expect(
            try failure(Named.self, #"{"name":null}"#)
                == ("valueNotFound", ["name"], "Expected String but found null"))
        #expect(
            try failure(Named.self, #"{"nom":"x"}"#)
                == ("keyNotFound", ["name"], "No value associated with key 'name'"))
        #expect(
            try failure(Small.self, #"{"value":300}"#)
                == ("dataCorrupted", ["value"], "Number 300 does not fit in UInt8"))
        #expect(
            try failure(Small.self, #"{"value":-1}"#)
                == ("dataCorrupted", ["value"], "Number -1 does not fit in UInt8"))
        #expect(
            try failure(Small.self, #"{"value":2.5}"#)
                == ("dataCorrupted", ["value"], "Number 2.5 does not fit in UInt8"))
        #expect(try failure(Int.self, "9.3e18") == ("dataCorrupted", [], "Number 9.3e+18 does not fit in Int"))
        #expect(try failure(Int8.self, "128") == ("dataCorrupted", [], "Number 128 does not fit in Int8"))
        #expect(try failure(Float.self, "1e39") == ("dataCorrupted", [], "Number 1e+39 does not fit in Float"))
        #expect(try failure(Items.self, "[]") == ("typeMismatch", [], "Expected object but found array"))
        #expect(try failure([Int].self, "{}") == ("typeMismatch", [], "Expected array but found object"))
        #expect(try failure(Bool.self, "1") == ("typeMismatch", [], "Expected Bool but found Int"))
        #expect(try failure(Role.self, #""owner""#).0 == "dataCorrupted")
        #expect(
            try failure([[Int]].self, "[[1],[2,null]]")
                == ("valueNotFound", ["Index 1", "Index 1"], "Expected Int but found null"))
    }

    @Test func allKeysAreInMemberOrder() throws {
        struct KeyRecorder: Decodable {
            var keys: [String]
            struct AnyKey: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                keys = container.allKeys.map(\.stringValue)
                #expect(container.contains(AnyKey(stringValue: "m")))
                #expect(try container.decodeNil(forKey: AnyKey(stringValue: "a")))
            }
        }
        let recorder = try JSONValue(parsing: #"{"z":1,"a":null,"m":2}"#).decode(KeyRecorder.self)
        #expect(recorder.keys == ["z", "a", "m"])
    }

    class Animal: Decodable {
        var name: String
        private enum CodingKeys: String, CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        }
    }

    final class Dog: Animal {
        var breed: String
        private enum CodingKeys: String, CodingKey { case breed }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            breed = try container.decode(String.self, forKey: .breed)
            try super.init(from: container.superDecoder())
        }
    }

    @Test func superDecoderReadsTheSuperMember() throws {
        let dog = try JSONValue(parsing: #"{"breed":"collie","super":{"name":"Rex"}}"#).decode(Dog.self)
        #expect(dog.name == "Rex")
        #expect(dog.breed == "collie")
    }

    @Test func nestedAndUnkeyedContainers() throws {
        struct Point: Decodable, Equatable {
            var x: Int
            var y: Int
            var labels: [String]
            init(from decoder: any Decoder) throws {
                var outer = try decoder.unkeyedContainer()
                #expect(outer.count == 3)
                x = try outer.decode(Int.self)
                #expect(try outer.decodeNil())
                var nested = try outer.nestedContainer(keyedBy: JSONCodingKey.self)
                    .nestedUnkeyedContainer(forKey: JSONCodingKey("labels"))
                y = nested.count ?? 0
                labels = []
                while !nested.isAtEnd {
                    labels.append(try nested.decode(String.self))
                }
                #expect(outer.isAtEnd)
                #expect(throws: DecodingError.self) { try outer.decode(Int.self) }
            }
        }
        let point = try JSONValue(parsing: #"[4, null, {"labels": ["p", "q"]}]"#).decode(Point.self)
        #expect(point.x == 4 && point.y == 2 && point.labels == ["p", "q"])
    }
}

import Testing

@testable import Netspec
@testable import NetspecModel

@Suite struct JSONValueEncoderTests {
    typealias User = JSONValueDecoderTests.User

    @Test func encodesInDeclarationOrder() throws {
        let value = try JSONValue(encoding: JSONValueDecoderTests.ada)
        #expect(value.object?.keys == ["id", "name", "age", "score", "active", "tags", "address"])
        #expect(
            value.description == #"{"id":"7","name":"Ada","age":36,"score":94.5,"active":true,"tags":["a","bé"],"#
                + #""address":{"city":"Paris","zip":"75001","geo":[48.85,2.35]}}"#)
    }

    @Test func roundTripsThroughDecode() throws {
        let users = [JSONValueDecoderTests.ada, JSONValueDecoderTests.ada]
        let value = try JSONValue(encoding: users)
        #expect(try value.decode([User].self) == users)
        #expect(try JSONValue(parsing: value.serialized()).decode([User].self) == users)
    }

    @Test func topLevelScalars() throws {
        #expect(try JSONValue(encoding: 42) == 42)
        #expect(try JSONValue(encoding: "text") == "text")
        #expect(try JSONValue(encoding: true) == true)
        #expect(try JSONValue(encoding: 2.5) == 2.5)
        #expect(try JSONValue(encoding: Float(0.1)) == .double(0.1))
        #expect(try JSONValue(encoding: Int8(-3)) == -3)
        #expect(try JSONValue(encoding: UInt64.max) == .double(18_446_744_073_709_551_615.0))
        #expect(try JSONValue(encoding: Int?.none) == .null)
        #expect(try JSONValue(encoding: [1, 2]) == [1, 2])
        #expect(try JSONValue(encoding: ["k": [true]]) == ["k": [true]])
        #expect(try JSONValue(encoding: JSONValue.object(["b": 1, "a": 2])).object?.keys == ["b", "a"])
        #expect(try JSONValue(encoding: JSONValueDecoderTests.Role.member) == "member")
    }

    @Test func nonFiniteNumbersAndEmptyValuesThrow() throws {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Double.nan) }
        #expect(throws: EncodingError.self) { try JSONValue(encoding: [Float.infinity]) }
        struct Empty: Encodable {}  // The synthesized encode(to:) opens an empty keyed container.
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct Holder: Encodable { var nothing = Nothing() }
        #expect(try JSONValue(encoding: Empty()) == [:])
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Nothing()) }
        #expect(try JSONValue(encoding: Holder()) == ["nothing": [:]])
        do {
            _ = try JSONValue(encoding: ["a": [1.0, .nan]])
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["a", "Index 1"])
            #expect(context.debugDescription == "Unable to encode Double.nan directly in JSON")
        }
    }

    @Test func optionalsAreOmittedOrNull() throws {
        struct Partial: Encodable {
            var a: Int?
            var b: Int?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONCodingKey.self)
                try container.encodeIfPresent(a, forKey: JSONCodingKey("a"))
                try container.encode(b, forKey: JSONCodingKey("b"))
            }
        }
        #expect(try JSONValue(encoding: Partial(a: nil, b: nil)).description == #"{"b":null}"#)
        #expect(try JSONValue(encoding: Partial(a: 1, b: 2)).description == #"{"a":1,"b":2}"#)
    }

    @Test func nestedSuperAndRepeatedKeys() throws {
        struct Custom: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONCodingKey.self)
                try container.encode(1, forKey: JSONCodingKey("first"))
                var nested = container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: JSONCodingKey("nested"))
                try nested.encode("x", forKey: JSONCodingKey("inner"))
                var list = container.nestedUnkeyedContainer(forKey: JSONCodingKey("list"))
                try list.encode(1)
                try list.encodeNil()
                var listed = list.nestedContainer(keyedBy: JSONCodingKey.self)
                try listed.encode(true, forKey: JSONCodingKey("deep"))
                var inner = list.nestedUnkeyedContainer()
                try inner.encode("y")
                try list.encode(["z"])
                var superValue = container.superEncoder().singleValueContainer()
                try superValue.encode("base")
                try container.encode(2, forKey: JSONCodingKey("first"))  // replaces, keeps position
                #expect(list.count == 5)
            }
        }
        #expect(
            try JSONValue(encoding: Custom()).description
                == #"{"first":2,"nested":{"inner":"x"},"list":[1,null,{"deep":true},["y"],["z"]],"super":"base"}"#)
    }

    class Animal: Encodable {
        var name = "Rex"
    }

    final class Dog: Animal {
        var breed = "collie"
        private enum CodingKeys: String, CodingKey { case breed }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test func superEncoderWritesTheSuperMember() throws {
        #expect(try JSONValue(encoding: Dog()).description == #"{"breed":"collie","super":{"name":"Rex"}}"#)
    }

    @Test func jsonValueIsCodableWithTheNativeCoders() throws {
        struct Wrapper: Codable, Equatable {
            var payload: JSONValue
            var object: JSONObject
        }
        let wrapper = Wrapper(payload: ["z": [1, 2.5, nil, "s"], "a": false], object: ["q": 1, "p": 2])
        let value = try JSONValue(encoding: wrapper)
        #expect(value.description == #"{"payload":{"z":[1,2.5,null,"s"],"a":false},"object":{"q":1,"p":2}}"#)
        #expect(try value.decode(Wrapper.self) == wrapper)
    }
}

import Testing

import Netspec

@Suite struct JSONValueTests {
    // MARK: - Literals

    @Test func literalsBuildTheMatchingCases() {
        let value: JSONValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1, "two"], "o": ["k": false]]
        #expect(value["s"] == .string("x"))
        #expect(value["i"] == .int(1))
        #expect(value["d"] == .double(1.5))
        #expect(value["b"] == .bool(true))
        #expect(value["n"] == .null)
        #expect(value["a"] == .array([.int(1), .string("two")]))
        #expect(value["o"] == .object(JSONObject([(key: "k", value: .bool(false))])))
        #expect(value.object?.keys == ["s", "i", "d", "b", "n", "a", "o"])
        let floatLiteral: JSONValue = 2.0
        #expect(floatLiteral == .double(2))
        let id = 7
        let interpolated: JSONValue = "user \(id)"
        #expect(interpolated == "user 7")
    }

    // MARK: - Accessors

    static let accessorCases: [(JSONValue, String?, Int?, Double?, Bool?, String)] = [
        (.null, nil, nil, nil, nil, "null"),
        (.bool(true), nil, nil, nil, true, "Bool"),
        (.int(42), nil, 42, 42.0, nil, "Int"),
        (.int(Int.max), nil, Int.max, 9.223372036854776e18, nil, "Int"),
        (.double(2.0), nil, 2, 2.0, nil, "Double"),
        (.double(-0.0), nil, 0, -0.0, nil, "Double"),
        (.double(2.5), nil, nil, 2.5, nil, "Double"),
        (.double(1e30), nil, nil, 1e30, nil, "Double"),
        (.double(9.223372036854776e18), nil, nil, 9.223372036854776e18, nil, "Double"),
        (.double(.nan), nil, nil, nil, nil, "Double"),
        (.string("7"), "7", nil, nil, nil, "String"),
        (.array([]), nil, nil, nil, nil, "array"),
        (.object([:]), nil, nil, nil, nil, "object"),
    ]

    @Test(arguments: accessorCases)
    func accessors(value: JSONValue, string: String?, int: Int?, double: Double?, bool: Bool?, kind: String) {
        #expect(value.string == string)
        #expect(value.int == int)
        if let double {
            #expect(value.double == double)
        } else if case .double(let payload) = value {
            #expect(payload.isNaN)
        } else {
            #expect(value.double == nil)
        }
        #expect(value.bool == bool)
        #expect(value.kindName == kind)
        #expect(value.isNull == (kind == "null"))
        #expect((value.array != nil) == (kind == "array"))
        #expect((value.object != nil) == (kind == "object"))
    }

    // MARK: - Subscripts

    @Test func subscriptsByKeyAndIndex() {
        let value: JSONValue = ["list": [10, 20, 30], "count": 3]
        #expect(value["list"]?[1] == 20)
        #expect(value["list"]?[3] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["count"]?["x"] == nil)
        #expect(value["count"]?[0] == nil)
        #expect(JSONValue.string("abc")[0] == nil)
    }

    @Test func integerSubscriptOnAnObjectReadsTheMemberAtThatPosition() throws {
        // A tuple result such as (list: [Int], count: Int) arrives as an object in declaration order.
        let pair = try JSONValue(parsing: #"{"list":[1,2],"count":2}"#)
        #expect(pair[0] == [1, 2])
        #expect(pair[1] == 2)
        #expect(pair[2] == nil)
        #expect(pair[-1] == nil)
        #expect(pair["count"] == pair[1])
    }

    // MARK: - Equality

    @Test func equalityIgnoresMemberOrderButNotNumberKinds() throws {
        let first = try JSONValue(parsing: #"{"a":1,"b":{"x":[1,2],"y":null}}"#)
        let second = try JSONValue(parsing: #"{"b":{"y":null,"x":[1,2]},"a":1}"#)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != (try JSONValue(parsing: #"{"a":1,"b":{"x":[2,1],"y":null}}"#)))
        #expect(first != (try JSONValue(parsing: #"{"a":1.0,"b":{"x":[1,2],"y":null}}"#)))
        #expect(first != (try JSONValue(parsing: #"{"a":1,"b":{"x":[1,2],"y":null},"c":0}"#)))
        #expect(Set([first, second]).count == 1)
        #expect(JSONValue.int(1) != JSONValue.double(1))
    }
}

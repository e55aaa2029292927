import Testing

import Netspec

@Suite struct JSONObjectTests {
    @Test func dictionaryLiteralKeepsWrittenOrder() {
        let object: JSONObject = ["z": 1, "a": 2, "m": 3]
        #expect(object.keys == ["z", "a", "m"])
        #expect(object.values == [1, 2, 3])
        #expect(object.count == 3)
        #expect(object[0].key == "z")
        #expect(object[2].value == 3)
        #expect(object.map(\.key) == ["z", "a", "m"])
    }

    @Test func duplicateKeysKeepFirstPositionAndLastValue() {
        let object = JSONObject([(key: "a", value: 1), (key: "b", value: 2), (key: "a", value: 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        let literal: JSONObject = ["x": 1, "y": 2, "x": 9]
        #expect(literal.keys == ["x", "y"])
        #expect(literal["x"] == 9)
    }

    @Test func subscriptSetsAppendsAndRemoves() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["b"] = 20
        object["c"] = 3
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["b"] == 20)
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object["a"] == nil)
        object["missing"] = nil
        #expect(object.count == 2)
    }

    @Test func updateAppendAndRemove() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        #expect(object.updateValue(10, forKey: "a") == 1)
        #expect(object.updateValue(4, forKey: "d") == nil)
        #expect(object.keys == ["a", "b", "c", "d"])
        object.append(20, forKey: "b")
        #expect(object.keys == ["a", "c", "d", "b"])
        #expect(object["b"] == 20)
        object.append(5, forKey: "e")
        #expect(object.keys == ["a", "c", "d", "b", "e"])
        #expect(object.removeValue(forKey: "c") == 3)
        #expect(object.removeValue(forKey: "c") == nil)
        let removed = object.remove(at: 0)
        #expect(removed.key == "a" && removed.value == 10)
        #expect(object.keys == ["d", "b", "e"])
        #expect(object.index(forKey: "e") == 2)
        object.removeAll()
        #expect(object.isEmpty)
    }

    @Test func largeObjectsKeepAnIndexThroughMutation() {
        var object = JSONObject()
        for number in 0..<100 {
            object["k\(number)"] = .int(number)
        }
        #expect(object.count == 100)
        #expect(object.keyIndex != nil)
        #expect(object["k57"] == 57)
        #expect(object.index(forKey: "k57") == 57)
        object["k57"] = nil
        #expect(object["k57"] == nil)
        #expect(object.index(forKey: "k58") == 57)
        object.append(-1, forKey: "k0")
        #expect(object.keys.last == "k0")
        #expect(object.index(forKey: "k0") == 98)
        #expect(object["k1"] == 1)
        while object.count > 10 {
            object.remove(at: object.count - 1)
        }
        #expect(object.keyIndex == nil)
        #expect(object["k5"] == 5)
        #expect(object.index(forKey: "k9") == 8)
    }

    @Test func largeObjectFromMembersWithDuplicates() {
        var members = (0..<30).map { (key: "k\($0)", value: JSONValue.int($0)) }
        members.append((key: "k3", value: "three"))
        let object = JSONObject(members)
        #expect(object.count == 30)
        #expect(object["k3"] == "three")
        #expect(object.index(forKey: "k3") == 3)
        #expect(object.index(forKey: "k29") == 29)
    }

    @Test func equalityAndHashingIgnoreOrder() {
        let first: JSONObject = ["a": 1, "b": [true], "c": nil]
        let second: JSONObject = ["c": nil, "a": 1, "b": [true]]
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != ["a": 1, "b": [false], "c": nil])
        #expect(first != ["a": 1, "b": [true]])
        #expect(first != ["a": 1, "b": [true], "d": nil])
        let large = JSONObject((0..<50).map { (key: "k\($0)", value: JSONValue.int($0)) })
        let reversed = JSONObject((0..<50).reversed().map { (key: "k\($0)", value: JSONValue.int($0)) })
        #expect(large == reversed)
        #expect(large.hashValue == reversed.hashValue)
    }

    @Test func descriptionIsCompactJSON() {
        let object: JSONObject = ["b": 1, "a": [nil, "x"]]
        #expect(object.description == #"{"b":1,"a":[null,"x"]}"#)
    }
}

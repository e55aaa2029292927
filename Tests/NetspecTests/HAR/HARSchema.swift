import Foundation
import Netspec

/// The `har-schema` package's HAR 1.2 schemas (Fixtures/har/har-schema, ISC) joined into one
/// schema for Netspec's JSON Schema engine: each file under `$defs`, its `x.json#` references
/// rewritten to `#/$defs/x`.
enum HARSchema {
    static let folder = TestPaths.root + "/Tests/NetspecTests/Fixtures/har"

    static let schema: JSONSchema = {
        let names = try! FileManager.default.contentsOfDirectory(atPath: folder + "/har-schema").filter { $0.hasSuffix(".json") }.sorted()
        var definitions = JSONObject()
        for name in names {
            let bytes = Array(FileManager.default.contents(atPath: folder + "/har-schema/" + name)!)
            definitions[String(name.dropLast(5))] = rewritten(try! JSONValue(parsing: bytes))
        }
        var root = definitions["har"]!.object!
        root["$defs"] = .object(definitions)
        return try! JSONSchema(.object(root))
    }()

    /// A schema file with its `$id` and `$schema` dropped and its references pointing into `$defs`.
    private static func rewritten(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(object):
            var result = JSONObject()
            for (key, member) in zip(object.keys, object.values) where key != "$id" && key != "$schema" {
                if key == "$ref", let target = member.string, target.hasSuffix(".json#") {
                    result[key] = .string("#/$defs/" + target.dropLast(6))
                } else {
                    result[key] = rewritten(member)
                }
            }
            return .object(result)
        case let .array(items): return .array(items.map(rewritten))
        default: return value
        }
    }

    /// Each violation as `pointer: message`.
    static func violations(_ archive: JSONValue) -> [String] {
        schema.validate(archive).map { "\($0.instancePath): \($0.message)" }
    }
}

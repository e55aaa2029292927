import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMock

/// `read(write(v)) == v`: every parameter form of the test specs and every row of the OpenAPI 3.1
/// style table (§4.8.12.4), each value written by the binder (`Service.prepare`) and read back
/// by the mock server's reader (`MockRequestReader`, strict, so nothing written is left unread),
/// which the binder then accepts. A value a form cannot carry is refused with its exact message;
/// an empty array or object writes nothing where items are written one by one, and reads back
/// as absent. `docs/parameter-forms.md` states these rules.
@Suite struct ParameterCodecRoundTripTests {
    /// What a value written in a form reads back as.
    enum Outcome: Equatable, CustomStringConvertible {
        /// The value itself.
        case same
        /// Nothing: the form wrote nothing (an empty array or object).
        case absent
        /// Refused before anything was sent, with this message.
        case refused(String)
        /// Another value: a header's items without the spaces and tabs at their ends, which are
        /// not part of a field value (RFC 9110 §5.5; `HTTPField` drops them).
        case reads(JSONValue)

        var description: String {
            switch self {
            case .same: "the same value"
            case .absent: "absent"
            case let .refused(message): "refused: \(message)"
            case let .reads(value): "read back as \(value)"
            }
        }
    }

    /// One form: a spec with one endpoint `e` whose parameter `parameter` is in that form, the
    /// values to write, and what each reads back as.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: String
        var parameter = "v"
        let values: [Argument]
        var outcome: @Sendable (JSONValue) -> Outcome = { _ in .same }

        var testDescription: String { name }
    }

    // MARK: - Values

    static let texts = [
        "blue", "", "/?#[]@!$&'()*+,;=%", "a b", " lead", "trail ", "é", "日本", "🙂", "a,b", "a.b", "a;b", "a=b", "a|b", "%41", "+", ".", "..",
    ]
    static let strings = texts.map { Argument.value(.string($0)) }
    static let ints: [Argument] = [0, -7, 42]
    static let doubles: [Argument] = [1.5, -0.25]
    static let bools: [Argument] = [true, false]
    static let stringArrays: [Argument] = [
        [], ["x"], ["a", "b c", "d,e"], ["é", "日本", "🙂"], [""], ["", "x"], ["/?#[]@", "!$&'()*+,;=%"], ["a|b", "a.b", "a;b", "a=b"], [" x", "y "],
    ]
    static let intArrays: [Argument] = [[], [7], [1, -2, 300]]
    static let stringObjects: [Argument] = [[:], ["R": "x"], ["a b": "c/d", "k": "v,w"], ["é": "日本", "🙂": ""], ["x=y": "1;2", "p.q": "a|b"]]
    static let intObjects: [Argument] = [[:], ["R": 100, "G": 200, "B": 150], ["x": -1]]

    // MARK: - Outcomes

    /// Empty arrays and objects read back as absent; everything else as itself.
    static let emptyIsAbsent: @Sendable (JSONValue) -> Outcome = { isEmpty($0) ? .absent : .same }

    static func isEmpty(_ value: JSONValue) -> Bool {
        switch value {
        case let .array(items): items.isEmpty
        case let .object(object): object.isEmpty
        default: false
        }
    }

    /// The scalars inside a value, as text (an object's names and values).
    static func items(_ value: JSONValue) -> [String] {
        switch value {
        case let .array(items): items.map(\.text)
        case let .object(object): object.flatMap { [$0.key, $0.value.text] }
        default: [value.text]
        }
    }

    /// A plain segment: never `.` or `..`; empty when the call gives it so (Jupyter's root,
    /// `/api/contents/`), which the mock reads back.
    static func segment(_ name: String) -> @Sendable (JSONValue) -> Outcome {
        { value in
            switch value.text {
            case ".", "..": .refused("'\(value.text)' is not allowed as a path segment")
            default: .same
            }
        }
    }

    /// A header value: no space or tab at either end; an item of a list no comma either.
    static func header(_ name: String) -> @Sendable (JSONValue) -> Outcome {
        { value in
            let isList = value.isContainer
            for item in items(value) {
                if isList, item.contains(",") {
                    return .refused("the value of header '\(name)' is a list, so an item cannot contain ',' (in '\(item)')")
                }
            }
            let trimmed = trimmingItems(value)
            return trimmed == value ? emptyIsAbsent(value) : .reads(trimmed)
        }
    }

    /// A header's value as a recipient reads it: each string without spaces and tabs at its ends.
    static func trimmingItems(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .string(text): .string(text.trimmingCharacters(in: .whitespaces))
        case let .array(items): .array(items.map(trimmingItems))
        case let .object(object): .object(JSONObject(object.map { (key: $0.key, value: trimmingItems($0.value)) }))
        default: value
        }
    }

    /// An OpenAPI `simple` header: a header list whose exploded object names cannot hold `=` either.
    static func simpleHeader(explode: Bool) -> @Sendable (JSONValue) -> Outcome {
        { value in
            let outcome = header("X-Color")(value)
            // One empty item is an empty line, which is no field at all.
            if outcome == .same, value == [""] { return .absent }
            guard outcome == .same, explode, case let .object(object) = value, let key = object.keys.first(where: { $0.contains("=") }) else { return outcome }
            return .refused("the value of header 'X-Color' is a list of name=value pairs, so a name cannot contain '=' (in '\(key)')")
        }
    }

    /// A styled path value: never empty (nothing written), never `.` alone (an empty `label`).
    static func styledPath(_ style: String) -> @Sendable (JSONValue) -> Outcome {
        { value in
            if let dot = items(value).first(where: { $0 == "." || $0 == ".." }) { return .refused("'\(dot)' is not allowed as a path segment") }
            if isEmpty(value) { return .refused("a path parameter cannot be empty") }
            if style == "simple", value.text.isEmpty || value == [""] { return .refused("a path parameter cannot be empty") }
            if style == "label", value.text.isEmpty || value == [""] { return .refused("'.' is not allowed as a path segment") }
            return .same
        }
    }

    /// A joined query array whose delimiter is written as a space or a pipe is: an item holding it is refused.
    static func delimited(_ style: String, _ delimiter: String) -> @Sendable (JSONValue) -> Outcome {
        { value in
            if let item = items(value).first(where: { $0.contains(delimiter) }) {
                return .refused("an item cannot contain \(delimiter == " " ? "a space" : "'|'"), the delimiter of \(style) (in '\(item)')")
            }
            return emptyIsAbsent(value)
        }
    }

    // MARK: - Specs

    static func netspec(_ endpoint: String, service: String = "") -> String {
        "netspec: 1\nservice: S\n" + service + "endpoints:\n  e:\n" + endpoint
    }

    static func openAPI(path: String = "/p", _ parameter: String) -> String {
        """
        openapi: 3.1.0
        servers: [{ url: "https://api.example.com" }]
        paths:
          \(path):
            get:
              operationId: e
              parameters: [\(parameter)]
        """
    }

    static let arraySchema = "{ type: array, items: { type: string } }"
    static let objectSchema = "{ type: object, additionalProperties: { type: string } }"
    static let intObjectSchema = "{ type: object, additionalProperties: { type: integer } }"

    // MARK: - (a) The forms of the test specs

    static let netspecRows: [Row] = [
        Row(name: "path segment String", spec: netspec("    GET: /p/{v}\n    params:\n      v: String\n"), values: strings, outcome: segment("v")),
        Row(name: "path segment Int", spec: netspec("    GET: /p/{v}\n    params:\n      v: Int\n"), values: ints),
        Row(name: "path segment Double", spec: netspec("    GET: /p/{v}\n    params:\n      v: Double\n"), values: doubles),
        Row(name: "path segment Bool", spec: netspec("    GET: /p/{v}\n    params:\n      v: Bool\n"), values: bools),
        Row(name: "path segment, empty allowed", spec: netspec("    GET: /p/{v=}\n"), values: ["", "a b"]),
        Row(
            name: "path encoded", spec: netspec("    GET: /p/{v}\n    params:\n      v: { encoded: true }\n"),
            // (Not "a/b": an encoded value's `/` is sent as it is, so the server sees more segments
            // than `{v}` matches, as Retrofit's `encoded = true` sends it.)
            values: ["a%2Fb", "caf%C3%A9", "x;y=1", "..", "a b", "100%"],
            outcome: { value in
                switch value.text {
                case "a b": .refused("an encoded value cannot contain a space; percent-encode it")
                case "100%": .refused("'%' must start an escape such as %2F")
                default: .same
                }
            }
        ),
        Row(
            name: "path reserved {+v}", spec: netspec("    GET: /files/{+v}\n    params:\n      v: String\n"),
            values: strings.filter { $0.description != "\"%41\"" } + ["my notes/a b.txt", "a/b/c", "dir/", "../x"],
            outcome: { value in
                switch value.text {
                case ".", "..", "../x": .refused("'.' and '..' are not allowed as path segments (in '\(value.text)')")
                default: .same
                }
            }
        ),
        Row(name: "query String", spec: netspec("    GET: /p\n    params:\n      v: String\n"), values: strings),
        Row(name: "query Int", spec: netspec("    GET: /p\n    params:\n      v: Int\n"), values: ints),
        Row(name: "query Double?", spec: netspec("    GET: /p\n    params:\n      v: Double?\n"), values: doubles),
        Row(name: "query wire name", spec: netspec("    GET: /p\n    params:\n      v: { name: \"filter[name] x\" }\n"), values: strings),
        Row(name: "query [String] repeat", spec: netspec("    GET: /p\n    params:\n      v: \"[String]\"\n"), values: stringArrays, outcome: emptyIsAbsent),
        Row(
            name: "query [String] brackets", spec: netspec("    GET: /p\n    params:\n      v: { type: \"[String]\", format: brackets }\n"),
            values: stringArrays, outcome: emptyIsAbsent
        ),
        Row(
            name: "query [String] csv", spec: netspec("    GET: /p\n    params:\n      v: { type: \"[String]\", format: csv }\n"),
            values: stringArrays, outcome: emptyIsAbsent
        ),
        Row(name: "query [Int]", spec: netspec("    GET: /p\n    params:\n      v: \"[Int]\"\n"), values: intArrays, outcome: emptyIsAbsent),
        Row(name: "query [String: String] map", spec: netspec("    GET: /p\n    params:\n      v: \"[String: String]\"\n"), values: stringObjects, outcome: emptyIsAbsent),
        Row(name: "query [String: Int] map", spec: netspec("    GET: /p\n    params:\n      v: \"[String: Int]\"\n"), values: intObjects, outcome: emptyIsAbsent),
        Row(
            name: "query [String: [Int]] map, brackets", spec: netspec("    GET: /p\n    params:\n      v: { type: \"[String: [Int]]\", format: brackets }\n"),
            values: [["id": [1, 2]], ["a b": [3], "c": [4, 5]]]
        ),
        Row(
            name: "query [String: [Int]] map, csv", spec: netspec("    GET: /p\n    params:\n      v: { type: \"[String: [Int]]\", format: csv }\n"),
            values: [["id": [1, 2]], ["a b": [3], "c": [4, 5]]]
        ),
        Row(name: "query flag", spec: netspec("    GET: /p\n    params:\n      v: { type: Bool, flag: true }\n"), values: bools),
        Row(
            name: "query encoded", spec: netspec("    GET: /p\n    params:\n      v: { encoded: true }\n"),
            values: ["a%20b%2Bc", "a+b", "a=b", "a b", "a#b"],
            outcome: { value in
                switch value.text {
                case "a b": .refused("an encoded value cannot contain a space; percent-encode it")
                case "a#b": .refused("an encoded value cannot contain '#'; percent-encode it")
                default: .same
                }
            }
        ),
        Row(
            name: "query encoded [String] csv", spec: netspec("    GET: /p\n    params:\n      v: { type: \"[String]\", encoded: true, format: csv }\n"),
            values: [["a%20b", "c"], ["a%2Cb"], ["a,b"]],
            outcome: { $0 == ["a,b"] ? .refused("an item cannot contain ',', the delimiter (in 'a,b'); percent-encode it as %2C") : .same }
        ),
        Row(
            name: "query encoded [String: String] map", spec: netspec("    GET: /p\n    params:\n      v: { type: \"[String: String]\", encoded: true }\n"),
            values: [["k%5B1%5D": "v%26w"], ["a": "b+c"]]
        ),
        Row(
            name: "query JSON (text carries no types)", spec: netspec("    GET: /p\n    params:\n      v: JSON\n"),
            values: strings + [["a", "b"], ["user": "Ada", "lang": "en"], ["user": ["name": "Ada L", "city": "Zürich"]]]
        ),
        Row(name: "header String", spec: netspec("    GET: /p\n    params:\n      v: { in: header, name: X-V }\n"), values: strings, outcome: header("X-V")),
        Row(name: "header Int", spec: netspec("    GET: /p\n    params:\n      v: { in: header, name: X-V, type: Int }\n"), values: ints),
        Row(
            name: "header [String] lines", spec: netspec("    GET: /p\n    params:\n      v: { in: header, name: X-V, type: \"[String]\" }\n"),
            values: stringArrays, outcome: header("X-V")
        ),
        Row(
            name: "header [String: String] map", spec: netspec("    GET: /p\n    params:\n      v: { in: header, type: \"[String: String]\" }\n"),
            values: [[:], ["X-A": "1", "X-B": "two words, a comma"], ["X-C": "é"], ["X-D": " x"]],
            outcome: { value in trimmingItems(value) == value ? emptyIsAbsent(value) : .reads(trimmingItems(value)) }
        ),
        Row(
            name: "header [String: Int] map", spec: netspec("    GET: /p\n    params:\n      v: { in: header, type: \"[String: Int]\" }\n"),
            values: [["X-Max": 10, "X-Min": -1]]
        ),
        Row(name: "JSON member String", spec: netspec("    POST: /p\n    params:\n      v: String\n"), values: strings),
        Row(name: "JSON member [Int]", spec: netspec("    POST: /p\n    params:\n      v: \"[Int]\"\n"), values: intArrays),
        Row(name: "JSON member [String: String]", spec: netspec("    POST: /p\n    params:\n      v: \"[String: String]\"\n"), values: stringObjects),
        Row(
            name: "JSON members spread (in: field)", spec: netspec("    POST: /p\n    params:\n      v: { in: field, type: \"[String: Int]\" }\n"),
            values: intObjects, outcome: emptyIsAbsent
        ),
        Row(
            name: "JSON member JSON", spec: netspec("    POST: /p\n    params:\n      v: JSON\n"),
            values: strings + ints + [[1, "a", nil, ["b": [true]]], ["nested": ["k": 1.5]]]
        ),
        Row(name: "JSON member Data (base64)", spec: netspec("    POST: /p\n    params:\n      v: Data\n"), values: [.data(Data([0, 0xFF, 0x41])), .data(Data())]),
        Row(name: "form field String", spec: netspec("    POST: /p\n    params:\n      v: String\n", service: "encoding: form\n"), values: strings),
        Row(
            name: "form field [String] repeat", spec: netspec("    POST: /p\n    params:\n      v: \"[String]\"\n", service: "encoding: form\n"),
            values: stringArrays, outcome: emptyIsAbsent
        ),
        Row(
            name: "form field [String] brackets",
            spec: netspec("    POST: /p\n    params:\n      v: { type: \"[String]\", format: brackets }\n", service: "encoding: form\n"),
            values: stringArrays, outcome: emptyIsAbsent
        ),
        Row(
            name: "form field [String] csv", spec: netspec("    POST: /p\n    params:\n      v: { type: \"[String]\", format: csv }\n", service: "encoding: form\n"),
            values: stringArrays, outcome: emptyIsAbsent
        ),
        Row(
            name: "form field [String: String] nested", spec: netspec("    POST: /p\n    params:\n      v: \"[String: String]\"\n", service: "encoding: form\n"),
            values: stringObjects, outcome: emptyIsAbsent
        ),
        Row(
            name: "form fields spread (in: field)",
            spec: netspec("    POST: /p\n    params:\n      v: { in: field, type: \"[String: String]\" }\n", service: "encoding: form\n"),
            values: stringObjects, outcome: emptyIsAbsent
        ),
        Row(
            name: "form field Data", spec: netspec("    POST: /p\n    params:\n      v: Data\n", service: "encoding: form\n"),
            values: [.data(Data([0xFF, 0x00, 0x41, 0x20, 0x2B])), .data(Data("é".utf8))]
        ),
        Row(name: "part String", spec: netspec("    POST: /p\n    params:\n      v: { in: part }\n"), values: strings),
        Row(name: "part [String]", spec: netspec("    POST: /p\n    params:\n      v: { in: part, type: \"[String]\" }\n"), values: stringArrays, outcome: emptyIsAbsent),
        Row(
            name: "part Data with filename and mimeType",
            spec: netspec("    POST: /p\n    params:\n      v: { in: part, type: Data, filename: a.bin, mimeType: application/x-raw }\n"),
            values: [.data(Data([0, 1, 0xFF])), .data(Data("text".utf8))]
        ),
        Row(name: "part JSON object", spec: netspec("    POST: /p\n    params:\n      v: { in: part, type: JSON }\n"), values: [["a": 1, "b": ["x", "y"]], [[1], [2]]]),
        Row(
            name: "parts spread (in: part)", spec: netspec("    POST: /p\n    params:\n      v: { in: part, type: \"[String: String]\" }\n"),
            values: stringObjects, outcome: emptyIsAbsent
        ),
        Row(name: "whole body JSON", spec: netspec("    POST: /p\n    params:\n      _: JSON\n"), parameter: "_", values: strings + ints + [[1, "a"], ["k": ["x": nil]]]),
        Row(
            name: "whole body String as text/plain", spec: netspec("    POST: /p\n    params:\n      _: { type: String, mimeType: text/plain }\n"), parameter: "_",
            values: strings.filter { $0.description != "\"\"" }
        ),
        Row(
            name: "whole body Data as image/png", spec: netspec("    POST: /p\n    params:\n      _: { type: Data, mimeType: image/png }\n"), parameter: "_",
            values: [.data(Data([0x89, 0x50, 0x4E, 0x47])), .data(Data("é".utf8))]
        ),
        Row(
            name: "whole form body [String: String]", spec: netspec("    POST: /p\n    params:\n      _: \"[String: String]\"\n", service: "encoding: form\n"),
            parameter: "_", values: stringObjects.filter { !isEmpty(($0.jsonValue)!) }
        ),
        Row(
            name: "whole multipart body [String: String]",
            spec: netspec("    POST: /p\n    params:\n      _: \"[String: String]\"\n", service: "encoding: multipart\n"), parameter: "_",
            values: stringObjects.filter { !isEmpty(($0.jsonValue)!) }
        ),
    ]

    // MARK: - (b) The OpenAPI style table

    /// Path rows: `simple`, `label` and `matrix`, exploded and not, for a string, an array and
    /// objects of strings and of integers.
    static let pathRows: [Row] = ["simple", "label", "matrix"].flatMap { style in
        [false, true].flatMap { explode in
            [("string", "{ type: string }", strings), ("array", arraySchema, stringArrays), ("object", objectSchema, stringObjects),
             ("integer object", intObjectSchema, intObjects)].map { kind, schema, values in
                Row(
                    name: "path \(style)\(explode ? " exploded" : "") \(kind)",
                    spec: openAPI(path: "/p/{color}", "{ name: color, in: path, required: true, style: \(style), explode: \(explode), schema: \(schema) }"),
                    parameter: "color", values: values,
                    outcome: kind == "string" && style == "simple" ? segment("color") : styledPath(style)
                )
            }
        }
    }

    /// Query rows: `form` exploded and not, `spaceDelimited`, `pipeDelimited`, `deepObject`.
    static let queryRows: [Row] = [
        ("form", true, "string", "{ type: string }", strings),
        ("form", false, "string", "{ type: string }", strings),
        ("form", true, "array", arraySchema, stringArrays),
        ("form", false, "array", arraySchema, stringArrays),
        ("form", true, "object", objectSchema, stringObjects),
        ("form", false, "object", objectSchema, stringObjects),
        ("form", true, "integer object", intObjectSchema, intObjects),
        ("spaceDelimited", false, "array", arraySchema, stringArrays),
        ("spaceDelimited", false, "object", objectSchema, stringObjects),
        ("pipeDelimited", false, "array", arraySchema, stringArrays),
        ("pipeDelimited", false, "object", objectSchema, stringObjects),
        ("deepObject", true, "object", objectSchema, stringObjects),
        ("deepObject", true, "integer object", intObjectSchema, intObjects),
    ].map { style, explode, kind, schema, values in
        Row(
            name: "query \(style)\(explode ? " exploded" : "") \(kind)",
            spec: openAPI("{ name: color, in: query, style: \(style), explode: \(explode), schema: \(schema) }"), parameter: "color", values: values,
            outcome: style == "spaceDelimited" ? delimited(style, " ") : style == "pipeDelimited" ? delimited(style, "|") : emptyIsAbsent
        )
    }

    /// Header rows (`simple`) and cookie rows (`form`), exploded and not; content parameters.
    static let headerAndCookieRows: [Row] = [false, true].flatMap { explode in
        [("string", "{ type: string }", strings), ("array", arraySchema, stringArrays), ("object", objectSchema, stringObjects),
         ("integer object", intObjectSchema, intObjects)].flatMap { kind, schema, values in
            [
                Row(
                    name: "header simple\(explode ? " exploded" : "") \(kind)",
                    spec: openAPI("{ name: X-Color, in: header, explode: \(explode), schema: \(schema) }"), parameter: "X-Color", values: values,
                    outcome: simpleHeader(explode: explode)
                ),
                Row(
                    name: "cookie form\(explode ? " exploded" : "") \(kind)",
                    spec: openAPI("{ name: color, in: cookie, explode: \(explode), schema: \(schema) }"), parameter: "color", values: values,
                    outcome: { value in
                        // An empty array or object is undefined (RFC 6570 §2.3): left out, exploded or not.
                        guard explode, value.isContainer, !isEmpty(value) else { return emptyIsAbsent(value) }
                        return .refused("a cookie takes one value, got \(value.argumentDescription)")
                    }
                ),
            ]
        }
    } + ["query", "header", "cookie"].map { place in
        Row(
            name: "\(place) content application/json",
            spec: openAPI("{ name: \(place == "header" ? "X-Color" : "color"), in: \(place), content: { application/json: { schema: { type: object } } } }"),
            parameter: place == "header" ? "X-Color" : "color",
            values: strings + ints + [["a": 1, "b": "x y"], [1, [2, "é"]], nil, true],
            outcome: { $0 == .null ? .absent : .same }
        )
    } + [
        Row(
            name: "query form allowReserved", spec: openAPI("{ name: color, in: query, allowReserved: true, schema: { type: string } }"), parameter: "color",
            values: ["a/b?c", "x:y@z", "é", "a b", "#", "a,b;c", "(1)*!$'"]
        ),
        Row(
            name: "query form not exploded allowReserved", spec: openAPI("{ name: color, in: query, explode: false, allowReserved: true, schema: \(arraySchema) }"),
            parameter: "color", values: [["x/y", "z:w"], ["a,b", "c"], ["é"]]
        ),
    ]

    /// `deepObject` beyond the table, as Stripe's documents use it, in the query and in a form
    /// body: arrays (`expand[]=a`), arrays of objects (`items[0][price]=p`), an `anyOf` of an
    /// object and an integer (`created[gte]=5` or `created=5`), an `anyOf` of `"now"` and an
    /// integer; text is typed by the schema as it is read back.
    static let deepObjectRows: [Row] = {
        let intArray = "{ type: array, items: { type: integer } }"
        let objects = "{ type: array, items: { type: object, properties: { price: { type: string }, quantity: { type: integer }, "
            + "tax_rates: { type: array, items: { type: string } }, metadata: { type: object, additionalProperties: { type: string } } } } }"
        let range = "{ anyOf: [ { type: object, properties: { gt: { type: integer }, gte: { type: integer }, lt: { type: integer } } }, { type: integer } ] }"
        let trialEnd = "{ anyOf: [ { type: string, enum: [now] }, { type: integer } ] }"
        let objectValues: [Argument] = [
            [], [["price": "p"]], [["price": "p", "quantity": 2], ["price": "q b", "tax_rates": ["t1", "t2"]]],
            [["price": "/?#[]@", "metadata": ["k": "v", "n": "1"]]], [["tax_rates": ["x"]]],
        ]
        let kinds: [(String, String, [Argument], @Sendable (JSONValue) -> Outcome)] = [
            ("array", arraySchema, stringArrays, emptyIsAbsent),
            ("integer array", intArray, intArrays, emptyIsAbsent),
            ("array of objects", objects, objectValues, emptyIsAbsent),
            ("anyOf object or integer", range, [5, -1, ["gte": 5], ["gt": 1, "lt": 9], [:]], emptyIsAbsent),
            ("anyOf now or integer", trialEnd, ["now", 41_317_483], { _ in .same }),
        ]
        return kinds.flatMap { kind, schema, values, outcome in
            [
                Row(
                    name: "query deepObject \(kind)", spec: openAPI("{ name: color, in: query, style: deepObject, explode: true, schema: \(schema) }"),
                    parameter: "color", values: values, outcome: outcome
                ),
                Row(name: "form field deepObject \(kind)", spec: openAPIForm(schema), parameter: "color", values: values, outcome: outcome),
            ]
        } + [
            // A text part is typed by the schema too; an object is a JSON part.
            Row(name: "part anyOf now or integer", spec: openAPIForm(trialEnd, mediaType: "multipart/form-data"), parameter: "color", values: ["now", 41_317_483]),
            Row(name: "part anyOf object or integer", spec: openAPIForm(range, mediaType: "multipart/form-data"), parameter: "color", values: [5, ["gte": 5]]),
        ]
    }()

    /// A document whose operation `e` takes a form body (or another) with the field `color` of
    /// `schema`, in `deepObject` style.
    static func openAPIForm(_ schema: String, mediaType: String = "application/x-www-form-urlencoded") -> String {
        """
        openapi: 3.1.0
        servers: [{ url: "https://api.example.com" }]
        paths:
          /p:
            post:
              operationId: e
              requestBody:
                content:
                  \(mediaType):
                    schema: { type: object, properties: { color: \(schema) } }
                    encoding: { color: { style: deepObject, explode: true } }
        """
    }

    static let rows = netspecRows + pathRows + queryRows + headerAndCookieRows + deepObjectRows

    @Test(arguments: rows)
    func readingWhatIsWrittenGivesTheValueBack(row: Row) async throws {
        let spec = try Spec(yaml: row.spec, file: "form.yaml")
        #expect(spec.warnings.isEmpty, "\(spec.warnings)")
        for value in row.values {
            let expected = row.outcome(value.jsonValue ?? .null)
            let actual = try await Self.roundTrip(value, of: row.parameter, in: spec)
            switch (expected, actual) {
            case (.same, let .read(read)):
                #expect(Self.plain(read) == Self.plain(value), "\(row.name): \(value) read back as \(read.map(\.description) ?? "nothing")")
            case (.absent, let .read(read)):
                #expect(read == nil, "\(row.name): \(value) read back as \(read.map(\.description) ?? "nothing")")
            case let (.refused(message), .refused(actual)):
                #expect(actual == message, "\(row.name): \(value)")
            case let (.reads(other), .read(read)):
                #expect(Self.plain(read) == Self.plain(.value(other)), "\(row.name): \(value) read back as \(read.map(\.description) ?? "nothing")")
            default:
                Issue.record("\(row.name): \(value): expected \(expected), got \(actual)")
            }
        }
    }

    /// What a round trip gave.
    enum Result: CustomStringConvertible {
        case read(Argument?)
        case refused(String)

        var description: String {
            switch self {
            case let .read(argument): "read back as \(argument.map(\.description) ?? "nothing")"
            case let .refused(message): "refused: \(message)"
            }
        }
    }

    /// Writes `value` by the binder, routes the request as the mock server does, reads it back,
    /// and checks that the binder accepts what was read.
    static func roundTrip(_ value: Argument, of parameter: String, in spec: Spec) async throws -> Result {
        let api = Service(spec: spec, provider: Provider(baseURL: "https://api.example.com", options: .init(usesEnvironment: false)))
        let request: PreparedRequest
        do {
            // The codec is under test, not the document: values its schema forbids are written too.
            request = try api.prepare("e", [parameter: value], options: CallOptions(requestValidation: .off))
        } catch {
            guard case let .argument(problem) = error else { throw error }
            return .refused(problem.message)
        }
        let target = request.url.dropFirst("https://api.example.com".count)
        let path = String(target.prefix { $0 != "?" })
        let query = target.contains("?") ? String(target.drop { $0 != "?" }.dropFirst()) : nil
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: request.method, path: path) else {
            Issue.record("\(request.url) does not route to the endpoint")
            return .read(nil)
        }
        var headers = HTTPFields()
        for (name, value) in request.http1Fields { headers.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        let body: [UInt8] = switch request.body {
        case let .bytes(bytes): bytes
        case let .multipart(multipart): try await multipart.collect(upTo: 1 << 20)
        default: []
        }
        let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true)
            .read(pathValues: pathValues, query: query, headers: headers, contentType: headers[.contentType] ?? "", body: body)
        let (arguments, problems) = (reading.arguments, reading.problems)
        #expect(problems.isEmpty, "\(request.url): \(problems)")
        if arguments[parameter] != nil {
            // (What reads back as absent is not given again: a required parameter would be missing.)
            let refused = api.argumentProblems(endpoint, arguments, requestValidation: .off)
            #expect(refused.isEmpty, "\(request.url): the binder refuses what was read: \(refused)")
        }
        return .read(arguments[parameter])
    }

    /// An argument as comparable text: JSON values as JSON, bytes as hex.
    static func plain(_ argument: Argument?) -> String? {
        switch argument {
        case nil: nil
        case let .value(value)?: String(decoding: value.serialized(), as: UTF8.self)
        case let .data(data)?: "<" + data.map { String($0, radix: 16) }.joined(separator: " ") + ">"
        case let .array(items)?: "[" + items.compactMap(plain).joined(separator: ",") + "]"
        case let .dictionary(entries)?: "{" + entries.map { "\($0.key):\(plain($0.value) ?? "")" }.joined(separator: ",") + "}"
        case let other?: other.description
        }
    }
}

extension Argument {
    /// The JSON value of a `.value` argument.
    var jsonValue: JSONValue? {
        if case let .value(value) = self { value } else { nil }
    }
}

import Foundation
import Testing

import Netspec

/// Rule 3 and `in: query`: RFC 3986 encoding (only unreserved characters kept), `encoded: true`,
/// array formats, dictionary expansion, flags, omitted values and declaration order.
@Suite struct QueryBindingTests {
    static let oneQuery = "    GET: /search\n    params:\n      q: String\n"

    // MARK: - Encoding

    @Test(arguments: [
        ("swift", "q=swift"),
        ("a b", "q=a%20b"),
        ("a+b", "q=a%2Bb"),
        ("a&b=c", "q=a%26b%3Dc"),
        ("x&admin=true", "q=x%26admin%3Dtrue"),
        ("50%", "q=50%25"),
        ("a/b?c#d", "q=a%2Fb%3Fc%23d"),
        ("-._~", "q=-._~"),
        ("!*'();:@$,[]", "q=%21%2A%27%28%29%3B%3A%40%24%2C%5B%5D"),
        ("café", "q=caf%C3%A9"),
        ("日本語", "q=%E6%97%A5%E6%9C%AC%E8%AA%9E"),
        ("🙂", "q=%F0%9F%99%82"),
        ("", "q="),
        ("line\r\nbreak", "q=line%0D%0Abreak"),
    ])
    func valuesAreEncodedPerRFC3986(value: String, query: String) throws {
        let actual = try Binding.url(Self.oneQuery, ["q": .value(.string(value))])
        #expect(actual == "https://api.example.com/search?" + query)
    }

    @Test func wireNamesAreEncodedToo() throws {
        let endpoint = "    GET: /search\n    params:\n      q: { name: \"filter[name] x\" }\n"
        let actual = try Binding.url(endpoint, ["q": "a"])
        #expect(actual == "https://api.example.com/search?filter%5Bname%5D%20x=a")
    }

    @Test(arguments: [
        (Argument.value(.int(42)), "n=42"),
        (.value(.int(-1)), "n=-1"),
        (.value(.double(2.5)), "n=2.5"),
        (.value(.bool(false)), "n=false"),
    ])
    func scalarsAreWrittenAsText(argument: Argument, query: String) throws {
        let endpoint = "    GET: /s\n    params:\n      n: JSON\n"
        let actual = try Binding.url(endpoint, ["n": argument])
        #expect(actual == "https://api.example.com/s?" + query)
    }

    @Test(arguments: [
        ("a%20b%2Bc", "q=a%20b%2Bc"),
        ("a+b", "q=a+b"),
        ("x=1&y=2", "q=x=1&y=2"),
    ])
    func encodedValuesPassThrough(value: String, query: String) throws {
        let endpoint = "    GET: /search\n    params:\n      q: { encoded: true }\n"
        let actual = try Binding.url(endpoint, ["q": .value(.string(value))])
        #expect(actual == "https://api.example.com/search?" + query)
    }

    /// Retrofit's `@Query(encoded = true) List<String>` and `@QueryMap(encoded = true)`: each
    /// element or entry is already encoded and follows the array format.
    @Test(arguments: [
        ("\"[String]\"", "repeat", Argument.value(["a%20b", "c+d"]), "tag=a%20b&tag=c+d"),
        ("\"[String]\"", "csv", .value(["a%20b", "c"]), "tag=a%20b,c"),
        ("\"[String: String]\"", "repeat", .value(["k%5B1%5D": "v%26w"]), "k%5B1%5D=v%26w"),
    ])
    func encodedArraysAndDictionariesPassThroughPerItem(type: String, format: String, argument: Argument, query: String) throws {
        let formatLine = type.contains(":") ? "" : ", format: \(format)"
        let endpoint = "    GET: /s\n    params:\n      tag: { type: \(type), encoded: true\(formatLine) }\n"
        let actual = try Binding.url(endpoint, ["tag": argument])
        #expect(actual == "https://api.example.com/s?" + query)
    }

    @Test(arguments: [
        ("a b", "an encoded value cannot contain a space; percent-encode it"),
        ("a#b", "an encoded value cannot contain '#'; percent-encode it"),
        ("%G1", "'%' must start an escape such as %2F"),
    ])
    func encodedValuesAreValidated(value: String, message: String) throws {
        let endpoint = "    GET: /search\n    params:\n      q: { encoded: true }\n"
        let actual = try Binding.failure(endpoint, ["q": .value(.string(value))])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'q': \(message)")
    }

    // MARK: - Arrays

    @Test(arguments: [
        ("repeat", "tag=a&tag=b%20c&tag=d%2Ce"),
        ("brackets", "tag%5B%5D=a&tag%5B%5D=b%20c&tag%5B%5D=d%2Ce"),
        ("csv", "tag=a,b%20c,d%2Ce"),
    ])
    func arrayFormats(format: String, query: String) throws {
        let endpoint = "    GET: /s\n    params:\n      tag: { type: \"[String]\", format: \(format) }\n"
        let actual = try Binding.url(endpoint, ["tag": ["a", "b c", "d,e"]])
        #expect(actual == "https://api.example.com/s?" + query)
    }

    @Test func repeatIsTheDefaultFormat() throws {
        let endpoint = "    GET: /s\n    params:\n      id: \"[Int]\"\n"
        let actual = try Binding.url(endpoint, ["id": [1, 2, 3]])
        #expect(actual == "https://api.example.com/s?id=1&id=2&id=3")
    }

    @Test(arguments: ["repeat", "brackets", "csv"])
    func anEmptyArrayWritesNothing(format: String) throws {
        let endpoint = "    GET: /s\n    params:\n      tag: { type: \"[String]\", format: \(format) }\n"
        let actual = try Binding.url(endpoint, ["tag": []])
        #expect(actual == "https://api.example.com/s")
    }

    @Test func nullElementsAreLeftOut() throws {
        let endpoint = "    GET: /s\n    params:\n      tag: { type: \"[String?]\", format: csv }\n"
        let actual = try Binding.url(endpoint, ["tag": ["a", nil, "b"]])
        #expect(actual == "https://api.example.com/s?tag=a,b")
    }

    // MARK: - Dictionaries

    @Test func dictionaryExpandsIntoOneItemPerEntryInOrder() throws {
        let endpoint = "    GET: /s\n    params:\n      filters: \"[String: String]\"\n      page: Int\n"
        let url = try Binding.url(endpoint, ["filters": ["zeta": "z", "alpha": "a b", "m&x": "1=2"], "page": 2])
        #expect(url == "https://api.example.com/s?zeta=z&alpha=a%20b&m%26x=1%3D2&page=2")
    }

    @Test func dictionaryOfArraysUsesTheFormat() throws {
        let endpoint = "    GET: /s\n    params:\n      filters: { type: \"[String: [Int]]\", format: brackets }\n"
        let actual = try Binding.url(endpoint, ["filters": ["id": [1, 2]]])
        #expect(actual == "https://api.example.com/s?id%5B%5D=1&id%5B%5D=2")
    }

    @Test func nestedJSONUsesBracketNames() throws {
        let endpoint = "    GET: /s\n    params:\n      f: JSON\n"
        let url = try Binding.url(endpoint, ["f": ["user": ["name": "Ada"], "ids": [[1, 2], [3]]]])
        #expect(url == "https://api.example.com/s?f%5Buser%5D%5Bname%5D=Ada&f%5Bids%5D%5B0%5D=1&f%5Bids%5D%5B0%5D=2&f%5Bids%5D%5B1%5D=3")
    }

    // MARK: - Flags and omitted values

    @Test(arguments: [
        ([String: Argument](), "https://api.example.com/todos"),
        (["done": true], "https://api.example.com/todos?done"),
        (["done": false], "https://api.example.com/todos"),
        (["done": true, "q": "x"], "https://api.example.com/todos?done&q=x"),
    ])
    func flags(arguments: [String: Argument], url: String) throws {
        let endpoint = "    GET: /todos\n    params:\n      done: { type: Bool, flag: true }\n      q: String?\n"
        let actual = try Binding.url(endpoint, arguments)
        #expect(actual == url)
    }

    @Test(arguments: [
        ([String: Argument](), "https://api.example.com/s?limit=20"),
        (["since": nil], "https://api.example.com/s?limit=20"),
        (["since": "2024", "limit": 5], "https://api.example.com/s?since=2024&limit=5"),
        (["limit": nil], "https://api.example.com/s"),
    ])
    func optionalsAndDefaults(arguments: [String: Argument], url: String) throws {
        let endpoint = "    GET: /s\n    params:\n      since: String?\n      limit: { type: Int?, default: 20 }\n"
        let actual = try Binding.url(endpoint, arguments)
        #expect(actual == url)
    }

    @Test func itemsFollowDeclarationOrderNotArgumentOrder() throws {
        let endpoint = "    GET: /s\n    params:\n      z: Int\n      a: Int\n      m: Int\n"
        let actual = try Binding.url(endpoint, ["a": 1, "m": 2, "z": 3])
        #expect(actual == "https://api.example.com/s?z=3&a=1&m=2")
    }

    @Test func explicitQueryOnABodyMethod() throws {
        let endpoint = "    POST: /s\n    params:\n      dry: { in: query, type: Bool }\n      name: String\n"
        let request = try Binding.service(Binding.yaml(endpoint)).prepare("e", ["dry": true, "name": "x"])
        #expect(request.url == "https://api.example.com/s?dry=true")
        #expect(request.body == .bytes(Array(#"{"name":"x"}"#.utf8)))
    }

    @Test func bytesAreRefusedInAQuery() throws {
        let endpoint = "    GET: /s\n    params:\n      q: JSON\n"
        let actual = try Binding.failure(endpoint, ["q": .data(Data([1]))])
        #expect(actual == "wrongType: endpoint 'e': parameter 'q': bytes and files cannot be sent in a query")
    }
}

/// `CallOptions.queryItems`: query items the spec does not declare (Snowdrop's `_queryItems`,
/// HTTPie's `name==value`), after the declared ones and percent-encoded like them.
@Suite struct UndeclaredQueryItemTests {
    @Test(arguments: [
        ([(name: String, value: String)](), "https://api.example.com/s?q=a"),
        ([("debug", "1")], "https://api.example.com/s?q=a&debug=1"),
        ([("x", "a b&c=d+e"), ("x", "2")], "https://api.example.com/s?q=a&x=a%20b%26c%3Dd%2Be&x=2"),
        ([("$select", "name,id")], "https://api.example.com/s?q=a&%24select=name%2Cid"),
    ])
    func addedAfterTheDeclaredItems(items: [(name: String, value: String)], url: String) throws {
        let api = try Binding.service(Binding.yaml("    GET: /s\n    params:\n      q: String\n"))
        #expect(try api.prepare("e", ["q": "a"], options: CallOptions(queryItems: items)).url == url)
    }

    @Test func declaredNamesAreRefusedFromTheCommandLine() throws {
        let spec = try Spec(yaml: Binding.yaml("    GET: /s\n    params:\n      q: { name: query }\n      xId: { in: header, name: X-Id }\n"), file: "t.yaml")
        let endpoint = try #require(spec.endpoint(named: "e"))
        let extras = try CommandLineArguments.extras(items: [CommandLineItem(parsing: "page==2"), CommandLineItem(parsing: "X-Other:1")], endpoint: endpoint)
        #expect(extras.queryItems.map { "\($0.name)=\($0.value)" } == ["page=2"])
        #expect(extras.headers.map { "\($0.name): \($0.value)" } == ["X-Other: 1"])
        for (item, message) in [
            ("query==x", "'query==x' names a parameter the spec declares; write q=x (name==value is for query items the spec does not declare)"),
            ("x-id:7", "'x-id:7' names a parameter the spec declares; write xId=7 (Name:value is for headers the spec does not declare)"),
        ] {
            let parsed = try CommandLineItem(parsing: item)
            #expect(throws: CallError.ArgumentError.self) { try CommandLineArguments.extras(items: [parsed], endpoint: endpoint) }
            do {
                _ = try CommandLineArguments.extras(items: [parsed], endpoint: endpoint)
            } catch {
                #expect(error.message == message)
            }
        }
    }
}

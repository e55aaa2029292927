// docs/jsonpath.md's Swift block, verbatim between `// snippet docs/jsonpath.md N` and
// `// end snippet docs/jsonpath.md N` (see DocSnippetTests).

// snippet docs/jsonpath.md 1
import Netspec

// end snippet docs/jsonpath.md 1

extension DocSnippets {
    static func jsonPathSelect() throws {
        // snippet docs/jsonpath.md 1
        let document: JSONValue = ["store": ["book": [["title": "Sayings", "price": 8.95], ["title": "Sword", "price": 12.99]]]]
        let cheap = try JSONPath("$.store.book[?@.price < 10].title")
        print(cheap.select(in: document))                        // ["Sayings"]
        for (path, value) in cheap.locate(in: document) {
            print(path, value)                                   // $['store']['book'][0]['title'] "Sayings"
        }
        // end snippet docs/jsonpath.md 1
    }
}

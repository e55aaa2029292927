import Testing

import Netspec
import NetspecWorkflows

/// `xpath` criteria: the XPath 1.0 subset over an XML response body, its errors, and the XML
/// reader's.
@Suite struct XPathCriterionTests {
    static let body = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE root [ <!ELEMENT root ANY> ]>
        <!-- pets -->
        <root xmlns:p="urn:pets" status="ok">
          <pets count="3">
            <pet id="1"><name>Rex</name><price>12.5</price><tag>dog</tag></pet>
            <pet id="2"><name>Bo &amp; Co</name><price>7</price></pet>
            <p:pet id="3"><name><![CDATA[<Ada>]]></name><price>30</price></p:pet>
          </pets>
          <empty/>
        </root>
        """

    static func context(_ text: String = body) -> ExpressionContext {
        var context = ExpressionContext()
        context.response = .init(body: .init(bytes: Array(text.utf8), mediaType: "application/xml"))
        context.inputs = ["minPrice": 10, "name": "Rex"]
        return context
    }

    static let outcomes: [(String, String?)] = [
        ("/root", nil),
        ("/root/pets/pet", nil),
        ("/root/missing", "it selects no node"),
        ("count(/root/pets/*) > 0", nil),
        ("count(/root/pets/pet) = 2", nil),
        ("count(//pet) = 2 and count(//p:pet) = 1", nil),
        ("count(//p:*) = 1", nil),
        ("count(/root/pets/*) = 4", "it is false"),
        ("count(//name)", nil),
        ("count(/root/empty/*)", "it is 0"),
        ("//pet[@id = '2']/name = 'Bo & Co'", nil),
        ("//pet[2]/name = 'Bo & Co'", nil),
        ("//pet[last()]/@id = 2", nil),
        ("//pet[position() = 1]/name = 'Rex'", nil),
        ("//pet[price > 10]/name = 'REX'", "it is false"),
        ("//pet[price > {$inputs.minPrice}]/name = '{$inputs.name}'", nil),
        ("/root/pets/pet[name = 'Rex']/tag", nil),
        ("/root/pets/pet[name = 'Bo']/tag", "it selects no node"),
        ("//p:pet/name = '<Ada>'", nil),
        ("/root/@status = 'ok' and /root/pets/@count = 3", nil),
        ("//@id", nil),
        ("sum(//price) = 49.5", nil),
        ("//price < 8", nil),
        ("//price > 100", "it is false"),
        ("//pet/name/text() = 'Rex'", nil),
        ("contains(//pet[2]/name, '&')", nil),
        ("starts-with(//pet[1]/name, 'Re')", nil),
        ("not(//pet[@id = '9'])", nil),
        ("string(//pet[1]/name)", nil),
        ("string(//nothing)", "it is the empty string"),
        ("normalize-space('  a   b ') = 'a b'", nil),
        ("string-length(concat(//pet[1]/name, '-', //pet[2]/@id)) = 5", nil),
        ("name(/root/pets/*[3]) = 'p:pet' and local-name(/root/pets/*[3]) = 'pet'", nil),
        ("number('12') = 12 and boolean(//pet) and true() and not(false())", nil),
        ("//pet[1]/../@count = 3 and //pet[1]/./name = 'rex'", "it is false"),
        ("/descendant::name[1] = 'Rex' and /child::root/attribute::status = 'ok' and //self::pet", nil),
        ("count(//pet | //p:pet | //pet) = 3", nil),
        ("-count(//pet) = -2", nil),
        ("(//pet)[2]/@id = 2", nil),
    ]

    @Test(arguments: outcomes)
    func evaluates(_ condition: String, _ failure: String?) throws {
        let result = try Criterion(condition: condition, context: "$response.body", type: "xpath").evaluate(in: Self.context())
        #expect(result.passed == (failure == nil))
        #expect(result.detail == failure)
    }

    static let invalid: [(String, String)] = [
        ("", "column 1: the XPath expression is empty"),
        ("/root/pets[", "column 12: expected an expression"),
        ("count(//pet) + 1", "column 14: arithmetic is not in the XPath subset Netspec runs"),
        ("/following-sibling::pet", "column 2: the axis 'following-sibling::' is not in the XPath subset Netspec runs"),
        ("upper-case(//name)", "column 1: the function 'upper-case()' is not in the XPath subset Netspec runs"),
        ("//comment()", "column 3: the node test 'comment()' is not in the XPath subset Netspec runs"),
        ("$x = 1", "column 1: variables are not in the XPath subset Netspec runs; embed a runtime expression as {$…}"),
        ("count()", "column 1: 'count()' takes 1 arguments, not 0"),
        ("//pet[@id = '1]", "column 13: the literal is not closed by '"),
        ("/root/", "column 7: expected a step: a name, '*', '@', '.', '..', text() or node()"),
        // Nesting is bounded (thousands of levels overflowed the stack: a crash at load).
        (String(repeating: "(", count: 101) + "1" + String(repeating: ")", count: 101), "column 101: '(' " + Self.deeper),
        ("//pet" + String(repeating: "[name", count: 101) + String(repeating: "]", count: 101), "column 506: '[' " + Self.deeper),
        (String(repeating: "-", count: 101) + "1", "column 101: '-' " + Self.deeper),
        (String(repeating: "not(", count: 101) + "1" + String(repeating: ")", count: 101), "column 401: 'not(' " + Self.deeper),
        ("1" + String(repeating: " or 1", count: 101), "column 503: 'or' " + Self.deeper),
        ("//a" + String(repeating: " | //a", count: 101), "column 605: '|' " + Self.deeper),
    ]

    static let deeper = "nests deeper than 100 levels (each '(', '[', '-' and function call, and each 'or', 'and', comparison and '|' joining one more term, is one)"

    /// 100 levels are read and evaluated.
    @Test func aHundredLevelsAreRead() throws {
        let nested = String(repeating: "(", count: 99) + "count(//pet) = 2" + String(repeating: ")", count: 99)
        #expect(try Criterion(condition: nested, context: "$response.body", type: "xpath").evaluate(in: Self.context()).passed)
        let chain = "false()" + String(repeating: " or false()", count: 98) + " or //pet"
        #expect(try Criterion(condition: chain, context: "$response.body", type: "xpath").evaluate(in: Self.context()).passed)
    }

    @Test(arguments: invalid)
    func refuses(_ condition: String, _ message: String) {
        do {
            _ = try Criterion(condition: condition, context: "$response.body", type: "xpath")
            Issue.record("'\(condition)' was read")
        } catch {
            #expect(error.description == "condition: " + message)
        }
    }

    static let documents: [(String, String)] = [
        ("<a><b></a>", "the context is not XML: line 1, column 7: '</a>' closes '<b>'"),
        ("<a>", "the context is not XML: line 1, column 4: '<a>' is not closed"),
        ("<a/><b/>", "the context is not XML: line 1, column 5: a second root element"),
        ("<a>&nbsp;</a>", "the context is not XML: line 1, column 4: unknown reference '&nbsp;' (declared entities are not expanded)"),
        ("<a x='1' x='2'/>", "the context is not XML: line 1, column 15: the attribute 'x' is repeated"),
        ("plain text", "the context is not XML: line 1, column 1: text outside the root element"),
        ("<a>\n  <b c=1/></a>", "the context is not XML: line 2, column 8: expected a quoted value for the attribute 'c'"),
    ]

    @Test(arguments: documents)
    func bodiesThatAreNotXMLFail(_ text: String, _ detail: String) throws {
        let result = try Criterion(condition: "/a", context: "$response.body", type: "xpath").evaluate(in: Self.context(text))
        #expect(!result.passed)
        #expect(result.detail == detail)
    }

    @Test func aJSONBodyIsNotXML() throws {
        let result = try Criterion(condition: "/a", context: "$response.body", type: "xpath", version: "xpath-10").evaluate(in: ExpressionFixtures.context)
        #expect(result.detail == "the context is not an XML document (it is JSON)")
    }
}

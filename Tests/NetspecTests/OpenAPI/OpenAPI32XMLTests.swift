import Testing

@testable import Netspec
@testable import NetspecModel

/// OpenAPI 3.2's XML `nodeType` (3.2.0, XML Object): the mock writes each member as the node the
/// schema says (an attribute, text, a CDATA section, its members in its parent's, a wrapping element).
@Suite struct OpenAPI32XMLTests {
    static func document(version: String, nodeType: String = "text") -> String {
        """
        openapi: \(version)
        info: { title: T, version: '1' }
        paths:
          /p:
            get:
              operationId: e
              responses:
                '200':
                  description: ok
                  content:
                    application/xml:
                      schema:
                        type: object
                        xml: { name: note }
                        properties:
                          id: { type: integer, xml: { nodeType: attribute } }
                          body: { type: string, xml: { nodeType: \(nodeType) } }
                          code: { type: string, xml: { nodeType: cdata } }
                          tags: { type: array, xml: { nodeType: element }, items: { type: string, xml: { name: tag } } }
                          meta: { type: object, xml: { nodeType: none }, properties: { lang: { type: string, xml: { nodeType: attribute } }, author: { type: string } } }
        """
    }

    static let value: JSONValue = ["id": 1, "body": "Hi & bye", "code": "a]]>b<", "tags": ["x", "y"], "meta": ["lang": "en", "author": "Ann"]]

    static func xml(_ document: String) throws -> String {
        let spec = try Spec(yaml: document)
        let layout = try #require(spec.endpoint(named: "e")?.responses.declared.first?.content.first?.layout.xml)
        return String(decoding: try #require(layout.document(for: value)), as: UTF8.self)
    }

    @Test func eachMemberIsTheNodeItsTypeSays() throws {
        #expect(try Self.xml(Self.document(version: "3.2.0")) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <note id="1" lang="en">Hi &amp; bye<![CDATA[a]]]]><![CDATA[>b<]]><tags><tag>x</tag><tag>y</tag></tags><author>Ann</author></note>
            """)
    }

    /// 3.1 has no `nodeType`: every member is an element, as before.
    @Test func aThreeOneDocumentKeepsItsElements() throws {
        #expect(try Self.xml(Self.document(version: "3.1.0")) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <note><id>1</id><body>Hi &amp; bye</body><code>a]]&gt;b&lt;</code><tag>x</tag><tag>y</tag><meta><lang>en</lang><author>Ann</author></meta></note>
            """)
    }

    @Test func aNodeTypeOutsideTheFiveIsRefused() {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: Self.document(version: "3.2.0", nodeType: "textual")) }
        #expect(error?.description == "<spec>:17:58: error: operation 'e': response '200': media type 'application/xml': an XML object's 'nodeType' must be one of element, attribute, text, cdata, none (OpenAPI 3.2.0, XML Object)")
    }
}

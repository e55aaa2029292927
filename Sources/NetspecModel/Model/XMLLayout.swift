// A JSON value written as XML, for a response in an XML media type, following the OpenAPI `xml`
// objects (`name`, `attribute`, `wrapped`, `prefix`, `namespace`) of the response's schema and of
// the schemas it contains. The readers make the layout from the document (OpenAPIReader+MediaRendering);
// writing needs no document, so values made from a schema when a request is answered are
// written by the same rules as the examples read with the document.

/// The XML names and forms a response schema gives a JSON value, and the document it writes.
///
/// - The root element: the schema's `xml.name`, else the name of the component it refers to
///   (`#/components/schemas/NAME`, Swagger's `#/definitions/NAME`) when that is an XML name,
///   else `root`.
/// - An object's members are elements named by their property's `xml.name`, else their key; a
///   scalar member whose property says `attribute: true` is an attribute of its object's element.
///   Nulls are left out.
/// - An array member repeats its item's element: named by the items' `xml.name`, else the
///   member's key. With `wrapped: true`, the items are inside an element of the array's own
///   (its `xml.name`, else the key), and items without a name take the wrapper's.
/// - An array at the root is always wrapped (a document has one root): its items are named by
///   the items' `xml.name`, else their component's name, else `item`.
/// - OpenAPI 3.2's `nodeType`: `element` is an element (an array's wraps its items, as
///   `wrapped: true`), `attribute` as `attribute: true`; a scalar member whose `nodeType` is `text`
///   is text of its object's element, `cdata` a CDATA section there (`<![CDATA[…]]>`, a `]]>` in
///   the value split over two sections); an object member whose `nodeType` is `none` has no element
///   of its own, its members are its parent's (a scalar's is text, an array's items are unwrapped).
///   The root is always an element.
/// - `prefix` qualifies the name (`pet:name`); `namespace` is declared where it is first used
///   (`xmlns:pet="…"` with a prefix, `xmlns="…"` without).
/// - Text and attribute values are escaped (`&amp;`, `&lt;`, `&gt;`, `&quot;` in attributes;
///   a carriage return, and a tab or line feed in an attribute, as character references); the
///   document starts with `<?xml version="1.0" encoding="UTF-8"?>` and a line feed, and has no
///   other white space.
///
/// A value with a name that is not an XML name (a key such as `2fa`), or with a character XML 1.0
/// cannot hold (a control character), cannot be written: ``document(for:)`` is `nil`.
package struct XMLLayout: Sendable, Hashable {
    /// What one schema's `xml` object says, and where its properties' and items' nodes are.
    package struct Node: Sendable, Hashable {
        /// `xml.name`.
        package var name: String?
        /// `xml.prefix`.
        package var prefix: String?
        /// `xml.namespace`.
        package var namespace: String?
        /// `xml.attribute`.
        package var isAttribute = false
        /// `xml.wrapped`.
        package var isWrapped = false
        /// Where a member is written (OpenAPI 3.2's `nodeType`): its own element, else text,
        /// a CDATA section or its members in its parent's element.
        package var placement = Placement.element
        /// The name of the component the schema refers to, when it is an XML name.
        package var component: String?
        /// The nodes of an object's properties, by name.
        package var properties: [String: Int] = [:]
        /// The node of an object's other members (`additionalProperties`).
        package var additionalProperties: Int?
        /// The node of an array's items.
        package var items: Int?

        /// A node with the defaults.
        package init() {}
    }

    /// Where a member's value is written: OpenAPI 3.2's `nodeType` beyond `attribute` and an array's `element`.
    package enum Placement: Sendable, Hashable {
        /// An element of its own (or an attribute, or an array's items): 3.1's forms.
        case element
        /// Text of the parent's element (`nodeType: text`).
        case text
        /// A CDATA section in the parent's element (`nodeType: cdata`).
        case cdata
        /// No node of its own: an object's members are its parent's, a scalar is text (`nodeType: none`).
        case none
    }

    /// The nodes, the response schema's first; nodes refer to others by index, so a schema may
    /// contain itself.
    package var nodes: [Node] = [Node()]

    /// A layout of `nodes`.
    package init(nodes: [Node] = [Node()]) {
        self.nodes = nodes
    }

    /// Whether `text` is an XML name without a colon (an NCName: a letter or `_` first, then
    /// letters, digits, `-`, `.`, `_`; any character beyond ASCII counts as a letter).
    package static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.value >= 0x80 || first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x80 || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "." || scalar == "_"
        }
    }
}

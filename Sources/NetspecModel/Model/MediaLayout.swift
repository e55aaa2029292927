/// How a document lays values out in one media type of a response, beyond the media type itself:
/// the names and forms an XML type's schema gives (its `xml` objects, ``XMLLayout``), the fields
/// a form's `encoding` describes. A mock writes examples and values made from schemas by it
/// (`MockAnswers/MediaRendering.swift`).
package struct MediaLayout: Sendable, Hashable {
    /// For an XML type, the names and forms its schema's `xml` objects give; `nil`: the defaults.
    package var xml: XMLLayout?
    /// For a form, the fields the media type's `encoding` describes, by name.
    package var formFields: [String: ParameterCodec.Items] = [:]

    /// A layout.
    package init(xml: XMLLayout? = nil, formFields: [String: ParameterCodec.Items] = [:]) {
        self.xml = xml
        self.formFields = formFields
    }
}

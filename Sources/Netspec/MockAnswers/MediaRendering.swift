// How a response body is written in the media type it is sent in, from a JSON value: an example
// of the document, or a value made from its schema. One rule for both, applied when a mock
// answers (Endpoint+Mocks.swift, Endpoint+MockAnswer.swift); the readers keep the values and the
// layouts their documents give (MediaLayout).

import NetspecModel

/// How a JSON value is written as a body in one media type.
///
/// - A JSON type (`application/json`, `*+json`, and the wildcards `*/*` and `application/*`,
///   answered as JSON): the value as JSON.
/// - Any other type, a string: its text as it is.
/// - A `text/*` type, a number or a Boolean: its JSON text (`42`, `true`).
/// - `application/x-www-form-urlencoded`, an object: its members as form fields, as OpenAPI's
///   default for form bodies (`style: form`, `explode: true`): `a=1&tags=x&tags=y`, with the
///   WHATWG percent-encoding of request forms; a nested object, or an object or array inside an
///   array, is one field of JSON text. A field whose `encoding` entry gives `style`, `explode` or
///   `allowReserved` is written as a request's field with that entry is (``formFields``:
///   `deepObject` as `color%5BR%5D=100`, `explode: false` as `ids=1,2`). Nulls are left out.
/// - `application/xml`, `text/xml`, `*+xml`: an XML document (``XMLLayout``).
///
/// Anything else cannot be written in the type (`nil`): an array, a number or a Boolean as a form,
/// an object as `text/plain`, a value whose XML names are not XML names. A type an example cannot
/// be written in is not offered for it.
struct MediaRendering: Sendable, Hashable {
    /// The media type, lower-cased, without parameters.
    var mediaType: String
    /// For an XML type, the names and forms its schema's `xml` objects give; `nil`: the defaults.
    var xml: XMLLayout?
    /// For a form, the fields the media type's `encoding` describes, by name.
    var formFields: [String: ParameterCodec.Items] = [:]

    /// The rendering of a media type as written (`text/plain; charset=utf-8`: its base type,
    /// lower-cased) laid out as the document says (``MediaLayout``).
    init(mediaType: String, layout: MediaLayout = MediaLayout()) {
        self.mediaType = MediaType.base(of: mediaType)
        self.xml = layout.xml
        self.formFields = layout.formFields
    }

    /// The body for `value` in the media type, or `nil` when the value cannot be written in it.
    func body(for value: JSONValue) -> [UInt8]? {
        if Self.answersAsJSON(mediaType) { return value.serialized() }
        if case let .string(text) = value { return Array(text.utf8) }
        if MediaType.isForm(mediaType) { return formBody(value) }
        if MediaType.isXML(mediaType) { return (xml ?? XMLLayout()).document(for: value) }
        switch value {
        case .int, .double, .bool: return mediaType.hasPrefix("text/") ? Array(value.text.utf8) : nil
        default: return nil
        }
    }

    /// What ``Mock/value`` keeps for a body written from `value`: the value when the body is
    /// not JSON and the value an object or an array (a form, XML), else `nil`.
    func checkedValue(of value: JSONValue) -> JSONValue? {
        // Not a ternary: a bare `nil` there could become `JSONValue.null` (ExpressibleByNilLiteral).
        if Self.answersAsJSON(mediaType) || !value.isContainer { return Optional.none }
        return value
    }

    /// Whether a body can be made from a schema in the media type: JSON (and the wildcards), a
    /// form, XML, and a `text/*` type (`text/plain`, `text/html`, `text/csv`: from a schema whose
    /// value is a string, a number or a Boolean) but an event stream, which is made item by item
    /// (MockStream.swift).
    var makesBodiesFromSchemas: Bool {
        Self.answersAsJSON(mediaType) || MediaType.isForm(mediaType) || MediaType.isXML(mediaType)
            || (mediaType.hasPrefix("text/") && mediaType != "text/event-stream")
    }

    /// The type a body in this media type is labelled with: `application/json` for the wildcards.
    var contentType: String {
        mediaType == "*/*" || mediaType == "application/*" ? "application/json" : mediaType
    }

    // MARK: - Media types

    /// Whether a type is answered as JSON: a JSON type (``MediaType/isJSON(_:)``), and the
    /// wildcards `*/*` and `application/*`.
    static func answersAsJSON(_ mediaType: String) -> Bool {
        let base = MediaType.base(of: mediaType)
        return MediaType.isJSON(base) || base == "*/*" || base == "application/*"
    }

    // MARK: - Forms

    /// An object's members as form fields; `nil` for anything else, or a field its `encoding`
    /// cannot write (a delimiter inside a joined item).
    private func formBody(_ value: JSONValue) -> [UInt8]? {
        guard case let .object(object) = value else { return nil }
        var items = URLEncodedItems(style: .form)
        do throws(ParameterCodec.Problem) {
            for (name, member) in object {
                if let form = formFields[name] {
                    try items.append(member, name: name, form: form)
                } else {
                    try items.append(Self.defaultField(member), name: name, form: ParameterCodec.Items())
                }
            }
        } catch {
            return nil
        }
        return items.bytes
    }

    /// A member as a field without `encoding`: a scalar as it is, an array of scalars repeated,
    /// and an object (or an array's object or array) as JSON text.
    private static func defaultField(_ member: JSONValue) -> JSONValue {
        switch member {
        case .object: .string(member.text)
        case let .array(items): .array(items.map { $0.isContainer ? .string($0.text) : $0 })
        default: member
        }
    }
}

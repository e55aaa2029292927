/// How one parameter's value is written into a request and read back from one: one form, chosen
/// once by the front end that made the parameter (Retrofit's `ParameterHandler`; the
/// `URICoderConfiguration` that swift-openapi-runtime's `URIEncoder` and `URIDecoder` share).
///
/// A Netspec spec chooses it with `in`, `encoded`, `flag`, `format`, `filename` and `mimeType`
/// (and the inference rules); an OpenAPI document with `in`, `style`, `explode`,
/// `allowReserved`, `content` and a body's `encoding`. The binding stage writes a value by it
/// and the mock server reads one back by it, both in one place
/// (`Binding/ParameterCodec+Write.swift` and `+Read.swift`); `docs/parameter-forms.md` lists
/// every form with what it writes, what it refuses and how it is read.
package enum ParameterCodec: Sendable, Hashable {
    /// A `{placeholder}` of the path.
    case path(Path)
    /// Query items.
    case query(Items)
    /// `flag: true`: the query item `?name` alone when true, nothing when false.
    case flag
    /// A header field (or fields).
    case header(Header)
    /// A cookie of the `Cookie` header: a scalar; with `joined` (OpenAPI's `form` without
    /// `explode`), an array or an object (names and values in turn) joined by commas.
    case cookie(joined: Bool)
    /// OpenAPI 3.2's `style: cookie`: values sent as they are (no percent-encoding); exploded, an
    /// array or an object is one cookie per element or member (``cookiePairs(_:wireName:)``).
    case cookieStyle(explode: Bool)
    /// OpenAPI 3.2's `in: querystring`: the value is the whole query string, through its media type.
    case queryString(QueryString)
    /// The value as JSON text in a query item, a header or a cookie (OpenAPI's
    /// `content: application/json`).
    case jsonText(in: Parameter.Location)
    /// A member of a JSON body; with `spreads`, a dictionary whose entries are members of their own.
    case jsonMember(spreads: Bool)
    /// Items of an `application/x-www-form-urlencoded` body, written as query items are.
    case formField(Items)
    /// A part of a `multipart/form-data` body (one per element of an array, or one of them joined).
    case part(Part)
    /// The whole body.
    case body(Body)

    /// An OpenAPI serialization style (OpenAPI 3.1 §4.8.12.4); `explode` is beside it where it matters.
    package enum Style: String, Sendable, Hashable, CaseIterable {
        case simple, label, matrix, form, spaceDelimited, pipeDelimited, deepObject
    }

    /// How a `querystring` parameter's value becomes the query string (OpenAPI 3.2.0, Parameter
    /// Locations; its Parameter Object Examples show each).
    package enum QueryString: Sendable, Hashable {
        /// `application/x-www-form-urlencoded`: an object's members as form items
        /// (`foo=a+%2B+b&bar=true`), nested values with bracket names; a member the media type's
        /// `encoding` names is written by its entry, as a form body's field is (`fields`: its
        /// items, and its schema's type, by which the mock reads it back).
        case form(fields: [String: Field] = [:])
        /// JSON (`application/json` and `+json`): the compact JSON text, percent-encoded
        /// (`%7B%22numbers%22%3A%5B1%2C2%5D%7D`).
        case json
        /// Any other media type: the value as text, percent-encoded (`%24.a.b%5B1%3A1%5D`).
        case text

        /// The query string (without `?`) a value is written as.
        package func written(_ value: JSONValue) throws(Problem) -> String {
            switch self {
            case let .form(fields):
                guard case let .object(object) = value else {
                    throw Problem(.wrongType, "an application/x-www-form-urlencoded query string is written from an object of members")
                }
                var items = URLEncodedItems(style: .form)
                for (key, member) in object { try items.append(member, name: key, form: fields[key]?.items ?? Items(arrays: .repeated, objects: .bracketNames)) }
                return items.text
            case .json, .text:
                var output: [UInt8] = []
                let text = self == .json ? String(decoding: value.serialized(), as: UTF8.self) : value.text
                PercentEncoding.append(text, to: &output, style: .query)
                return String(decoding: output, as: UTF8.self)
            }
        }
    }

    /// A member of a form `querystring` that its media type's `encoding` names: written by its
    /// items (``Items``: a JSON `contentType`, `style`, `explode`, `allowReserved`), read back as
    /// its schema's type.
    package struct Field: Sendable, Hashable {
        package var items: Items
        package var type: ValueType

        package init(items: Items, type: ValueType) {
            self.items = items
            self.type = type
        }
    }

    /// The forms of a path value.
    package enum Path: Sendable, Hashable {
        /// One segment, percent-encoded, `/` as `%2F`, keeping the characters `Kept` says.
        case segment(Kept)
        /// One segment that is already percent-encoded (`encoded: true`), written as it is.
        case encodedSegment
        /// `{+name}`: RFC 6570 reserved expansion; `/`, the reserved characters and `%XX` escapes stay.
        case reserved
        /// OpenAPI's `simple`, `label` or `matrix`, arrays and objects included; `name` is what
        /// `matrix` writes before `=` (the document's name of the parameter). Names and values
        /// keep the characters `kept` says, but the style's delimiters inside them: OpenAPI's
        /// (RFC 6570) `.unreserved`; a Swagger 2.0 `collectionFormat: csv` array `.pchar`, as its
        /// scalars are written (`a;b,c%2Cd` for `["a;b", "c,d"]`).
        case styled(Style, explode: Bool, name: String, kept: Kept = .unreserved)

        /// The characters a segment keeps as they are.
        package enum Kept: Sendable, Hashable {
            /// RFC 3986 `pchar` (unreserved, sub-delimiters, `:`, `@`): `k=v;x,y` stays, as a
            /// Netspec spec's `{name}` (a path segment, as Retrofit's `@Path`) and a Swagger 2.0
            /// document's path parameter are written.
            case pchar
            /// RFC 6570 simple string expansion (OpenAPI 3's `simple` style, the default): unreserved
            /// characters only, `k=v;x,y` is `k%3Dv%3Bx%2Cy`.
            case unreserved

            /// The percent-encoding that keeps these characters.
            package var style: PercentEncoding.Style {
                switch self {
                case .pchar: .pathSegment
                case .unreserved: .unreserved
                }
            }
        }
    }

    /// Named items of a query or a form body: how arrays and objects become items, and how values
    /// are escaped.
    package struct Items: Sendable, Hashable {
        /// How an array of scalars is written (an array of arrays or objects is written with
        /// its elements' indices: `items[0][price]=p`).
        package enum Arrays: Sendable, Hashable {
            /// `a=1&a=2` (`format: repeat`; OpenAPI's `form` exploded).
            case repeated
            /// `a[]=1&a[]=2` (`format: brackets`; OpenAPI's `deepObject`, as Stripe writes `expand[]=`).
            case brackets
            /// One item, the values joined: `a=1,2` (`format: csv`; `form` not exploded),
            /// `a=1%202` (`spaceDelimited`), `a=1%7C2` (`pipeDelimited`), `a=1%092` (Swagger's `tsv`).
            case joined(Delimiter)
        }

        /// How an object is written.
        package enum Objects: Sendable, Hashable {
            /// `color[R]=100&color[G]=200` (OpenAPI's `deepObject`; nested values of a `JSON` parameter).
            case bracketNames
            /// One item, names and values in turn joined by the arrays' delimiter: `color=R,100,G,200`.
            case joined
            /// One item per entry, named by its key: `R=100&G=200` (a `[String: T]` query or form
            /// field, Retrofit's `@QueryMap` and `@FieldMap`; OpenAPI's `form` exploded).
            case entries
        }

        /// How names and values are escaped.
        package enum Escaping: Sendable, Hashable {
            /// Percent-encoded for the place (a query: RFC 3986 unreserved characters kept; a form: WHATWG).
            case percentEncoded
            /// OpenAPI's `allowReserved`: RFC 3986 reserved characters and `%XX` escapes stay in values.
            case reservedKept
            /// `encoded: true`: values (and a dictionary's keys) are already percent-encoded.
            case alreadyEncoded
        }

        package var arrays: Arrays
        package var objects: Objects
        package var escaping: Escaping
        /// Whether the value is one item of its compact JSON text, whatever it is (a form field
        /// whose OpenAPI `encoding` has a JSON `contentType`: `meta=%7B%22a%22%3A1%7D`).
        package var isJSONText = false
        /// With ``isJSONText``, whether an array is an item per element, each its JSON text
        /// (`tags=%22a%22&tags=%22b%22`): the field is an array property, to whose every item
        /// OpenAPI 3.2's Encoding By Name applies the Encoding Object.
        package var isJSONTextPerElement = false

        /// One item of the value's JSON text (``isJSONText``).
        package static let jsonText: Items = {
            var items = Items()
            items.isJSONText = true
            return items
        }()

        /// An item per element of an array, each its JSON text (``isJSONTextPerElement``).
        package static let jsonTextPerElement: Items = {
            var items = jsonText
            items.isJSONTextPerElement = true
            return items
        }()

        package init(arrays: Arrays = .repeated, objects: Objects = .bracketNames, escaping: Escaping = .percentEncoded) {
            self.arrays = arrays
            self.objects = objects
            self.escaping = escaping
        }

        /// The items of an OpenAPI query style (`form`, `spaceDelimited`, `pipeDelimited`,
        /// `deepObject`): `form` exploded repeats arrays and spreads objects into entries;
        /// not exploded it joins both, as the delimited styles do. `deepObject` writes an object
        /// with bracket names (`created[gte]=5`) and, where the specification defines nothing,
        /// an array with empty brackets (`expand[]=a&expand[]=b`, as Stripe's documentation
        /// writes it; Rails, PHP and `qs` read it so) and an array of objects with indices
        /// (`items[0][price]=p`), nested values alike (`a[b][]=x`).
        package init(style: Style, explode: Bool, escaping: Escaping = .percentEncoded) {
            switch (style, explode) {
            case (.form, true): self.init(arrays: .repeated, objects: .entries, escaping: escaping)
            case (.spaceDelimited, false): self.init(arrays: .joined(.space), objects: .joined, escaping: escaping)
            case (.pipeDelimited, false): self.init(arrays: .joined(.pipe), objects: .joined, escaping: escaping)
            case (.deepObject, _): self.init(arrays: .brackets, objects: .bracketNames, escaping: escaping)
            // form not exploded (the front ends offer no other style here)
            default: self.init(arrays: .joined(.comma), objects: .joined, escaping: escaping)
            }
        }
    }

    /// What separates joined values.
    package enum Delimiter: Sendable, Hashable {
        /// `,`, written as it is.
        case comma
        /// A space, written `%20`.
        case space
        /// `|`, written `%7C`.
        case pipe
        /// A tab, written `%09` (Swagger 2.0's `collectionFormat: tsv`).
        case tab
    }

    /// The forms of a header value.
    package enum Header: Sendable, Hashable {
        /// A scalar as one field line; an array as one field line per element (RFC 9110 §5.3).
        case lines
        /// OpenAPI's `simple`: an array or an object as one field line of comma-joined items
        /// (`R=100,G=200` exploded, `R,100,G,200` not).
        case simple(explode: Bool)
        /// A dictionary: one header per entry, named by its key (Retrofit's `@HeaderMap`).
        case entries
    }

    /// A multipart part's declared file name and media type.
    package struct Part: Sendable, Hashable {
        /// The part's `filename` (a `Data` part is named after the parameter when this is `nil`).
        package var filename: String?
        /// The part's `Content-Type`, when declared.
        package var mediaType: String?
        /// Whether a dictionary's entries are parts of their own (Retrofit's `@PartMap`).
        package var spreads: Bool
        /// What joins an array of scalars into one text part (Swagger 2.0's `collectionFormat`
        /// `csv` `a,b`, `ssv` `a b`, `tsv`, `pipes` `a|b`, the delimiter as it is); `nil`, a part
        /// per element (`multi`).
        package var joined: Delimiter?

        package init(filename: String? = nil, mediaType: String? = nil, spreads: Bool = false, joined: Delimiter? = nil) {
            self.filename = filename
            self.mediaType = mediaType
            self.spreads = spreads
            self.joined = joined
        }
    }

    /// How a whole body is written: by the endpoint's encoding, or, for a string under a media
    /// type that is not JSON (`text/plain`, `text/csv`), as that text.
    package struct Body: Sendable, Hashable {
        /// The declared media type (`mimeType:`, an OpenAPI body's own), if any.
        package let mediaType: String?
        /// The endpoint's body encoding.
        package let encoding: Endpoint.BodyEncoding
        /// Whether a string is sent as it is, under ``mediaType``: a media type that is not JSON.
        package let sendsTextAsIs: Bool

        package init(mediaType: String?, encoding: Endpoint.BodyEncoding) {
            self.mediaType = mediaType
            self.encoding = encoding
            sendsTextAsIs = mediaType.map { !MediaType.namesJSON($0) } ?? false
        }
    }

    /// Whether a dictionary value spreads into entries of its own (query items, headers, form
    /// fields, JSON members or parts) instead of being one nested value.
    package var spreads: Bool {
        switch self {
        case let .query(items), let .formField(items): items.objects == .entries
        case .header(.entries): true
        case let .jsonMember(spreads): spreads
        case let .part(part): part.spreads
        default: false
        }
    }

    /// Whether the parameter is a flag (an omitted flag is false, so it is never required).
    package var isFlag: Bool { self == .flag }
}

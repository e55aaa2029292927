/// How a response's media type lays out its examples and the values a mock makes from its schema
/// (``MediaLayout``): the layout of an XML type's schema (its `xml` objects, ``XMLLayout``), a
/// form's `encoding`. Swagger's reader uses it too (``SwaggerReader/base``).
extension OpenAPIReader {
    /// The layout of a media type whose media type object is `media` (Swagger: `nil`) and whose
    /// schema is `schema`. A form's `encoding` entries that give `style`, `explode` or
    /// `allowReserved` are read as a request body's are, warned about with `context` when `warns`
    /// (the reader reads a response's media types twice); one with only a `contentType` leaves the
    /// field as it is without an entry (an object as JSON text).
    mutating func mediaLayout(_ mediaType: String, media: MappingReader?, schema: YAMLNode?, context: String, warns: Bool) -> MediaLayout {
        var layout = MediaLayout()
        if MediaType.isXML(mediaType), let schema { layout.xml = xmlLayout(schema) }
        if MediaType.isForm(mediaType), let encodings = media?["encoding"].flatMap(MappingReader.init) {
            for pair in encodings.pairs {
                guard let name = pair.key.string, let entry = MappingReader(pair.value),
                      entry["style"] != nil || entry["explode"] != nil || entry["allowReserved"] != nil else { continue }
                let warningCount = warnings.count
                if case let .formField(items) = readEncoding(entry, property: name, isMultipart: false, context: context, mark: pair.key.mark) {
                    layout.formFields[name] = items
                }
                if !warns { warnings.removeSubrange(warningCount...) }
            }
        }
        return layout
    }

    /// The XML layout of a schema and of every schema it contains, each node made once (so a
    /// schema that contains itself ends), and kept for the next response with the same schema.
    mutating func xmlLayout(_ schema: YAMLNode) -> XMLLayout {
        // A schema that is only a `$ref` is the same layout wherever it is written.
        let mapping = MappingReader(schema)
        let key = if let mapping, mapping.pairs.count == 1, let target = mapping["$ref"]?.string {
            path(of: schema) + " " + target
        } else {
            "\(ObjectIdentifier(schema.document)) \(schema.index)"
        }
        if let layout = xmlLayouts[key] { return layout }
        var layout = XMLLayout(nodes: [])
        var made: [NodeIdentity: Int] = [:]
        _ = xmlNode(schema, into: &layout, made: &made)
        xmlLayouts[key] = layout
        return layout
    }

    /// The index of the node of `written` (a schema as written, perhaps a `$ref`), made if it is new.
    private mutating func xmlNode(_ written: YAMLNode, into layout: inout XMLLayout, made: inout [NodeIdentity: Int]) -> Int {
        if let index = made[NodeIdentity(written)] { return index }
        let index = layout.nodes.count
        made[NodeIdentity(written)] = index
        layout.nodes.append(XMLLayout.Node())
        guard let schema = resolve(written).flatMap(MappingReader.init) else { return index }
        var node = XMLLayout.Node()
        // OpenAPI 3.1 allows `xml` beside a `$ref`; it wins over the target's.
        if let xml = (MappingReader(written)?["xml"] ?? schema["xml"]).flatMap(MappingReader.init) {
            node.name = xml["name"]?.string
            node.prefix = xml["prefix"]?.string
            node.namespace = xml["namespace"]?.string
            node.isAttribute = xml["attribute"]?.scalar?.resolved == .bool(true)
            node.isWrapped = xml["wrapped"]?.scalar?.resolved == .bool(true)
            // OpenAPI 3.2 (XML Object): `nodeType`, which excludes `attribute` and `wrapped` (refused beside them).
            if isVersion32, let nodeType = xml["nodeType"]?.string {
                switch nodeType {
                case "attribute": node.isAttribute = true
                case "element": node.isWrapped = schema["items"] != nil || schema["type"]?.string == "array"
                case "text": node.placement = .text
                case "cdata": node.placement = .cdata
                case "none": node.placement = .none
                default: break
                }
            }
        }
        node.component = Self.componentName(written).flatMap { XMLLayout.isName($0) ? $0 : nil }
        if let object = objectProperties(schema) {
            for property in object.properties {
                guard let name = property.key.string else { continue }
                node.properties[name] = xmlNode(property.value, into: &layout, made: &made)
            }
        }
        if let additional = schema["additionalProperties"], MappingReader(additional) != nil {
            node.additionalProperties = xmlNode(additional, into: &layout, made: &made)
        }
        if let items = schema["items"], MappingReader(items) != nil {
            node.items = xmlNode(items, into: &layout, made: &made)
        }
        layout.nodes[index] = node
        return index
    }

    /// `Pet` for `$ref: '#/components/schemas/Pet'` (or `'#/definitions/Pet'`, in this file or another).
    private static func componentName(_ written: YAMLNode) -> String? {
        guard let target = MappingReader(written)?["$ref"]?.string, let hash = target.firstIndex(of: "#") else { return nil }
        let tokens = target[target.index(after: hash)...].split(separator: "/")
        guard tokens.count >= 2, ["schemas", "definitions"].contains(tokens[tokens.count - 2]) else { return nil }
        return String(tokens[tokens.count - 1]).replacing("~1", with: "/").replacing("~0", with: "~")
    }
}

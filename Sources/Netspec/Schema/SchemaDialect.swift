// The JSON Schema dialects the compiler reads, and the options a compilation takes.

/// Which JSON Schema dialect a schema is written in: a compile option, since a schema does not
/// always say (an OpenAPI 3.0 document never does).
///
/// | dialect | what differs from 2020-12 |
/// |---|---|
/// | ``draft2020_12`` | nothing: every 2020-12 keyword; `$id`, `$anchor`, `$dynamicRef` and `$dynamicAnchor` change or name locations |
/// | ``openAPI30`` | `nullable: true` lets `null` through the whole schema; `exclusiveMinimum`/`exclusiveMaximum` are booleans next to `minimum`/`maximum`; a `$ref` makes its siblings ignored; `$id` and anchors are not identifiers; `example` and `discriminator` are read |
/// | ``swagger2`` | as ``openAPI30``, with `x-nullable` in place of `nullable` |
package enum SchemaDialect: Sendable, Hashable {
    /// JSON Schema 2020-12 (and OpenAPI 3.1, whose dialect it is).
    case draft2020_12
    /// OpenAPI 3.0's Schema Object.
    case openAPI30
    /// Swagger 2.0's Schema Object.
    case swagger2

    /// Whether `$ref` replaces its siblings, as OpenAPI 3.0 and Swagger 2.0 say.
    var refIgnoresSiblings: Bool { self != .draft2020_12 }

    /// Whether `$id`, `$anchor` and `$dynamicAnchor` identify schemas.
    var hasIdentifiers: Bool { self == .draft2020_12 }

    /// Whether `exclusiveMinimum`/`exclusiveMaximum` are booleans that modify `minimum`/`maximum`.
    var hasBooleanExclusiveBounds: Bool { self != .draft2020_12 }

    /// The keyword that lets `null` through, if the dialect has one.
    var nullableKeyword: String? {
        switch self {
        case .draft2020_12: nil
        case .openAPI30: "nullable"
        case .swagger2: "x-nullable"
        }
    }
}

/// How a schema is compiled, besides its dialect.
package struct SchemaOptions: Sendable, Hashable {
    /// Whether `format` is an assertion (for `date-time`, `date`, `time`, `email`, `uuid`, `uri`,
    /// `ipv4` and `ipv6`) rather than an annotation, as it is by default.
    package var assertsFormat: Bool

    /// Options with `format` as an annotation unless `assertsFormat` says otherwise.
    package init(assertsFormat: Bool = false) {
        self.assertsFormat = assertsFormat
    }
}

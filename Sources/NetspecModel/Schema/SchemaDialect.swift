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
    /// When `format` is an assertion (for `date-time`, `date`, `time`, `email`, `uuid`, `uri`,
    /// `ipv4`, `ipv6` and `duration`) rather than an annotation, as JSON Schema 2020-12 makes it by default.
    package enum FormatAssertion: Sendable, Hashable {
        /// Never: `format` is an annotation (2020-12's default; ``JSONSchema/init(_:assertingFormats:)``'s).
        case never
        /// Always (``JSONSchema/init(_:assertingFormats:)`` with `assertingFormats: true`).
        case always
        /// For a value sent in a request (validated with direction ``SchemaDirection/request``):
        /// what an OpenAPI or Swagger document declares of a call's arguments is checked before
        /// sending; responses and values without a direction keep `format` as an annotation.
        case requests
    }

    /// When `format` asserts.
    var formatAssertion: FormatAssertion

    /// Whether `format` always asserts.
    package var assertsFormat: Bool { formatAssertion == .always }

    /// Options with `format` as an annotation unless `assertsFormat` says it always asserts.
    package init(assertsFormat: Bool = false) {
        formatAssertion = assertsFormat ? .always : .never
    }

    /// Options with `format` asserting as `formatAssertion` says.
    package init(formatAssertion: FormatAssertion) {
        self.formatAssertion = formatAssertion
    }
}

/// A phase of a check run: where its requests come from (`--phases`).
public enum CheckPhase: String, Sendable, Hashable, CaseIterable {
    /// The document's examples: each parameter's schema example (`example`, `examples`,
    /// `default`, `const`, the first `enum` value), else the simplest value its schema allows.
    case examples
    /// Boundary values, one parameter at a time: each `enum` value, `minimum` and `maximum` and
    /// one past them, lengths at and past their limits, formats, empty arrays, nulls, wrong types,
    /// a required parameter left out.
    case coverage
    /// Seeded random cases, positive and negative (one constraint broken at a time).
    case fuzz
    /// Sequences that follow a created resource: from the document's `links`, else inferred as
    /// the stateful mock infers its resources (create → read → update → delete → read again).
    case stateful
}

// MARK: - YAMLLimits

/// Bounds on the work and memory one parse may use.
///
/// The parser checks every bound as it reads events and stops at the first one crossed,
/// so a hostile document (a "billion laughs" alias bomb, a million nested `[`) fails in
/// about the time it takes to read the part of it that crossed the bound.
package struct YAMLLimits: Sendable, Hashable {
    /// The largest input accepted, in bytes. Checked before anything is parsed.
    package var maxBytes: Int
    /// The deepest nesting of collections accepted; the root collection is level 1.
    ///
    /// Depth includes collections reached through aliases, so every tree the parser
    /// returns is at most this deep.
    /// - Important: Walking, comparing and destroying a tree recurse once per level, so
    ///   keep this in the hundreds; tens of thousands can overflow a task's stack.
    package var maxDepth: Int
    /// The most alias nodes (`*name`) one document may contain.
    package var maxAliases: Int
    /// The most nodes one document may describe: every scalar (keys included), mapping
    /// and sequence, counting each alias as the size of the node it refers to (so an
    /// alias to a 1,000-node mapping adds 1,000).
    package var maxNodes: Int

    /// Creates limits; each defaults to the value in ``default``.
    package init(
        maxBytes: Int = 16 << 20,
        maxDepth: Int = 100,
        maxAliases: Int = 100,
        maxNodes: Int = 2_000_000
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxAliases = maxAliases
        self.maxNodes = maxNodes
    }

    /// 16 MiB, 100 levels, 100 aliases and 2,000,000 nodes.
    package static let `default` = YAMLLimits()
}

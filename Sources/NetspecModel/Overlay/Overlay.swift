// The Overlay Specification (1.0.0, 2024-10; 1.1.0, 2026-01): a document of actions, each a
// JSONPath target and what to do there, applied to an API description before it is read. The
// reader is here; applying one is `OverlayTree` and `Overlay+Applying.swift`.

/// An Overlay document (Overlay Specification 1.0.0 or 1.1.0), read and checked: its actions,
/// each with its target already parsed as an RFC 9535 JSONPath query.
///
/// ```yaml
/// overlay: 1.1.0
/// info: {title: Public API, version: 1.0.0}
/// extends: openapi.yaml
/// actions:
///   - target: $.paths.*[?@['x-internal'] == true]
///     remove: true
///   - target: $.info
///     update: {description: The public part of the API.}
/// ```
package struct Overlay: Sendable {
    /// One action: where (``target``) and what (``update``, ``remove`` or ``copy``).
    package struct Action: Sendable {
        /// The nodes the action applies to.
        package var target: JSONPath
        /// Where the action's mapping starts in the overlay (warnings and errors name it).
        package var mark: Mark
        /// What to merge into each target: the overlay's own node, so that what it adds keeps
        /// its position in the overlay.
        package var update: YAMLNode?
        /// Whether each target is removed from the mapping or sequence holding it.
        package var remove: Bool
        /// 1.1: the one node whose value is merged into each target, as ``update`` is.
        package var copy: JSONPath?
        /// Where `copy`'s value is written.
        package var copyMark: Mark?
    }

    /// The overlay's file, as given.
    package var file: String
    /// `1.0.x` or `1.1.x`, as written.
    package var version: String
    /// The document the overlay was written for (`extends`), if it says.
    package var extends: String?
    /// Where `extends`' value is written.
    package var extendsMark: Mark?
    /// The actions, applied in order.
    package var actions: [Action]
    /// What was read but is likely not what was meant (a target read leniently).
    package var warnings: [Spec.Warning] = []

    /// The overlay in `bytes` (YAML or JSON), checked against the Overlay Specification.
    ///
    /// - Throws: ``SpecError`` naming the overlay's file, line and column for every problem (a
    ///   missing `info`, an action without `target`, a target that is not JSONPath…).
    package static func read(bytes: [UInt8], file: String) throws(SpecError) -> Overlay {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(bytes, asJSON: YAMLParser.isJSONFile(file))
        } catch {
            throw SpecError(file: file, mark: error.mark, message: error.message)
        }
        guard let root else { throw SpecError(file: file, line: 1, column: 1, message: "the overlay is empty (expected 'overlay: 1.1.0', 'info:' and 'actions:')") }
        var reader = OverlayReader(file: file)
        var overlay = reader.read(root)
        if let error = SpecError.combining(reader.errors) { throw error }
        overlay!.warnings = reader.warnings
        return overlay!
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Overlay {
    /// What applying overlays gave: the changed document and the warnings on the way.
    package struct Applied: Sendable {
        /// The document with every action applied.
        package var root: YAMLNode
        /// An action whose target selected nothing, an `extends` naming another document.
        package var warnings: [Spec.Warning]
    }

    /// Applies `overlays` in order, each action in order, to the document `root` read from
    /// `document` (its path, for `extends`).
    ///
    /// - Parameter strict: Whether an action whose target selects nothing is an error rather
    ///   than a warning.
    /// - Throws: ``SpecError`` at the action in its overlay: a target that selects nothing under
    ///   `strict`, a `remove` of the root, a `copy` that does not select exactly one node.
    package static func apply(_ overlays: [Overlay], to root: YAMLNode, document: String, strict: Bool = false) throws(SpecError) -> Applied {
        var tree = OverlayTree(root)
        var warnings: [Spec.Warning] = []
        var errors: [SpecError] = []
        for overlay in overlays {
            warnings += overlay.warnings
            if let extends = overlay.extends, let mark = overlay.extendsMark, !overlay.extends(document: document) {
                warnings.append(Spec.Warning(
                    file: overlay.file, line: mark.line, column: mark.column,
                    message: "the overlay extends '\(extends)', not \(document); its actions are applied to \(document) all the same"))
            }
            for action in overlay.actions {
                do throws(SpecError) {
                    if let warning = try overlay.apply(action, to: &tree, strict: strict) { warnings.append(warning) }
                } catch {
                    errors.append(error)
                }
            }
        }
        if let error = SpecError.combining(errors) { throw error }
        return Applied(root: tree.result, warnings: warnings)
    }

    /// One action applied; a warning when its target selects nothing.
    private func apply(_ action: Action, to tree: inout OverlayTree, strict: Bool) throws(SpecError) -> Spec.Warning? {
        let selected = tree.places(action.target)
        if selected.isEmpty {
            let message = "the action's target '\(action.target)' selects nothing"
            if strict { throw SpecError(file: file, mark: action.mark, message: message + " (--strict)") }
            return Spec.Warning(file: file, line: action.mark.line, column: action.mark.column, message: message)
        }
        if action.remove {
            guard !selected.contains(where: \.path.components.isEmpty) else {
                throw SpecError(file: file, mark: action.mark, message: "the action removes the document's root ('\(action.target)' selects $)")
            }
            tree.remove(selected.map(\.path))
            return nil
        }
        // Each place once, where first selected: a node list may hold a place twice (`$..*..*`
        // selects `$['a']['b']['c']` below `$['a']` and below `$['a']['b']`).
        let targets = OverlayTree.distinct(selected)
        let source: Int32
        if let update = action.update {
            source = tree.add(update, file: file)
        } else if let copy = action.copy {
            let sources = tree.places(copy)
            guard sources.count == 1 else {
                throw SpecError(
                    file: file, mark: action.copyMark ?? action.mark,
                    message: "the action's copy '\(copy)' must select one node, and selects \(sources.count)")
            }
            source = sources[0].node
        } else {
            return nil  // Neither update, remove nor copy: nothing to do.
        }
        // The kinds and the values replaced are those of the nodes the query reached.
        if targets.count > 1, let message = OverlayTree.mixedKinds(targets.map { ($0.path, tree.kind(of: $0.node)) }) {
            throw SpecError(file: file, mark: action.mark, message: "the action's target '\(action.target)' selects \(message)")
        }
        let paths = targets.map(\.path)
        guard OverlayTree.nests(paths) else {
            tree.replace(targets.map { (path: $0.path, value: tree.updated($0.node, with: source)) })
            return nil
        }
        // One target inside another: each merged, in order, into the tree the ones before it made.
        if let gone = tree.update(paths, with: source) {
            let path = paths[gone]
            let outer = paths[..<gone].first { path.components.starts(with: $0.components) }.map { "\($0)" } ?? "another target"
            throw SpecError(
                file: file, mark: action.mark,
                message: "the action's target '\(action.target)' selects \(path) inside \(outer), and merging into \(outer) replaced what held it")
        }
        return nil
    }

    /// Whether `extends` names `document`: the same file once both are absolute (a relative
    /// `extends` is relative to the overlay's folder), or, for a URL, the same last path segment.
    func extends(document: String) -> Bool {
        guard let extends else { return true }
        if extends.contains("://") || document.contains("://") {
            return Self.lastSegment(of: extends) == Self.lastSegment(of: document)
        }
        let base = file.contains("/") ? String(file[...file.lastIndex(of: "/")!]) : ""
        return Self.absolute(extends.hasPrefix("/") ? extends : base + extends) == Self.absolute(document)
    }

    private static func lastSegment(of reference: String) -> Substring {
        let path = reference.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/").last ?? path
    }

    /// `path` from the root, its `.` and `..` segments resolved.
    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var segments: [Substring] = []
        for segment in full.split(separator: "/") {
            if segment == "." { continue }
            if segment == ".." { _ = segments.popLast() } else { segments.append(segment) }
        }
        return "/" + segments.joined(separator: "/")
    }
}

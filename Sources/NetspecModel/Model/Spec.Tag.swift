extension Spec {
    /// One of a document's `tags` (Tag Object): its name and description, and OpenAPI 3.2's
    /// `summary`, `parent` (the tag it nests under) and `kind` (`nav`, `badge`, `audience`, or
    /// any other the document uses).
    package struct Tag: Sendable, Hashable {
        /// The tag's name, as operations name it.
        package let name: String
        /// Its short `summary` (OpenAPI 3.2).
        package let summary: String?
        /// Its `description`.
        package let description: String?
        /// The tag it nests under (OpenAPI 3.2's `parent`).
        package let parent: String?
        /// What kind of tag it is (OpenAPI 3.2's `kind`).
        package let kind: String?

        package init(name: String, summary: String?, description: String?, parent: String?, kind: String?) {
            self.name = name
            self.summary = summary
            self.description = description
            self.parent = parent
            self.kind = kind
        }
    }

    /// The tag named `name`, when the document declares it.
    package func tag(named name: String) -> Tag? {
        tags.first { $0.name == name }
    }

    /// The tags `name` nests under, nearest first (its parent, the parent's parent…); a cycle
    /// (refused when the document is read) ends the walk.
    package func ancestors(ofTag name: String) -> [String] {
        var found: [String] = []
        var current = tag(named: name)?.parent
        while let parent = current, parent != name, !found.contains(parent) {
            found.append(parent)
            current = tag(named: parent)?.parent
        }
        return found
    }
}

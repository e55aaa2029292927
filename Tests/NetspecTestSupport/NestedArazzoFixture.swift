/// Three Arazzo documents whose OpenAPI sources all have one name, `api`: a top document with its
/// own `api` and two nested documents (`one`, `two`) with theirs, each source addressed `api`,
/// `one.api` and `two.api`; the top workflow `all` lists the items once through each. For the
/// workflow suite's providers and base URLs and the command line's `--server` by address.
public enum NestedArazzoFixture {
    public static let items = """
        openapi: 3.0.3
        info: { title: Items, version: "1" }
        paths:
          /items:
            get:
              operationId: listItems
              responses: { "200": { description: ok } }
        """

    public static func nested(_ id: String) -> String {
        """
        arazzo: 1.0.1
        info: { title: \(id), version: "1" }
        sourceDescriptions: [{ name: api, url: items.yaml }]
        workflows:
          - workflowId: list
            steps: [{ stepId: list, operationId: listItems }]
        """
    }

    public static let top = """
        arazzo: 1.0.1
        info: { title: Top, version: "1" }
        sourceDescriptions:
          - { name: api, url: items.yaml }
          - { name: one, url: one.arazzo.yaml, type: arazzo }
          - { name: two, url: two.arazzo.yaml, type: arazzo }
        workflows:
          - workflowId: all
            steps:
              - { stepId: own, operationId: listItems }
              - { stepId: first, workflowId: $sourceDescriptions.one.list }
              - { stepId: second, workflowId: $sourceDescriptions.two.list }
        """

    /// The four documents written in `directory`; the top one's path.
    public static func write(in directory: ScratchDirectory) throws -> String {
        try directory.write(Array(items.utf8), to: "items.yaml")
        try directory.write(Array(nested("One").utf8), to: "one.arazzo.yaml")
        try directory.write(Array(nested("Two").utf8), to: "two.arazzo.yaml")
        return try directory.write(Array(top.utf8), to: "top.arazzo.yaml")
    }
}

extension Spec {
    /// One of an OpenAPI document's `servers`, which ``Spec/selectingServer(_:)`` chooses by name
    /// (OpenAPI 3.2's Server `name`), by index or by URL (`--server`, a profile's `server:`).
    ///
    /// ```swift
    /// let staging = try Spec.load(path: "api.yaml").selectingServer("staging")
    /// ```
    package struct Server: Sendable, Hashable {
        /// The server's `name` (OpenAPI 3.2), when it has one.
        package let name: String?
        /// The server's URL as written, with each variable at its default (`https://eu.example.com/v1`).
        package let url: String
        /// The server's `description`, when it has one.
        package let description: String?
        /// The base URL it gives: its variables become `${NAME:-default}`, as for the first server;
        /// `nil` for a relative server.
        package let baseURL: Template?
        /// A relative server (`/api/v1`), resolved against the document's URL or the base URL given.
        package let basePath: String?

        package init(name: String?, url: String, description: String?, baseURL: Template?, basePath: String?) {
            self.name = name
            self.url = url
            self.description = description
            self.baseURL = baseURL
            self.basePath = basePath
        }

        /// How messages name it: `0 'production' https://api.example.com`.
        var listing: String {
            (name.map { "'\($0)' " } ?? "") + url
        }
    }
}

import Netspec
import NetspecModel

/// What a stateful mock server keeps (`MockServer.Options.stateful`).
extension MockServer {
    /// Seed data that does not fit the document's resources: what is wrong, naming the
    /// collection path (and the item's position) in the seed data.
    public struct StateError: Error, Sendable, CustomStringConvertible {
        /// The sentence (`'/dogs' is not a collection of the stateful mock (its collections: /pets)`).
        public let message: String

        init(_ message: String) {
            self.message = message
        }

        public var description: String { message }
    }

    /// The resources a stateful server keeps, one line each (`/pets → /pets/{petId}: id petId,
    /// sequence ids; create, list, read, delete`), and what is wrong with the document's
    /// `x-netspec-mock` extensions (or a Netspec spec's `mock: { resource: … }`).
    ///
    /// - Throws: ``StateError`` when `Options.seedData` does not fit the resources.
    public func statefulResources() throws(StateError) -> (resources: [String], problems: [String]) {
        let stateful = try MockStateful(spec: spec, seedData: options.seedData)
        return (stateful.resources.map(\.summary) + stateful.singletons.map(\.summary), ResourceInference(spec: spec).problems)
    }
}

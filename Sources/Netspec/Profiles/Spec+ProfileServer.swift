#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Spec {
    /// The spec with the server the profile `name` chooses (its `server:`, by name, index or URL,
    /// see ``selectingServer(_:)``) as its base URL; the spec itself when the profile has none
    /// (its `baseURL:`, if any, is the provider's: ``Provider/profile(_:for:baseURL:variables:options:directory:environment:transport:interceptors:wireInterceptors:tokenStore:)``).
    ///
    /// ```swift
    /// let spec = try Spec.load(path: "api.yaml").selectingServer(ofProfile: "staging")
    /// ```
    ///
    /// - Throws: ``SpecError`` at the config file's place: a profile's mistake, or a `server:`
    ///   that names none of the document's servers (the servers listed).
    public func selectingServer(ofProfile name: String, directory: String? = nil, environment: [String: String]? = nil) throws(SpecError) -> Spec {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let files = ProfileConfig.files(from: directory ?? FileManager.default.currentDirectoryPath, environment: environment)
        guard let setting = try ProfileConfig.resolve(name, service: service, files: files, secretVariables: authVariables)?.server else { return self }
        do {
            return try selectingServer(setting.value)
        } catch {
            throw SpecError(file: setting.source.file, mark: setting.source.mark, message: "\(setting.source.place): \(error.message)")
        }
    }
}

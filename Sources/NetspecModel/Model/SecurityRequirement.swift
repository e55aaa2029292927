/// One scheme of one alternative of an operation's `security` (OpenAPI, Swagger): what a
/// request must carry for a server (the mock) to let it through.
///
/// An endpoint's ``Endpoint/securityAlternatives`` are the alternatives, any of which suffices;
/// each is the schemes it needs together. `policy` is the scheme as Netspec sends it (its
/// location and name), `nil` for one Netspec cannot send nor check (HTTP Digest).
package struct SecurityRequirement: Sendable, Hashable {
    /// The scheme's name in the document.
    package let name: String
    /// How the credential travels, when Netspec knows the scheme.
    package let policy: AuthPolicy?

    package init(name: String, policy: AuthPolicy?) {
        self.name = name
        self.policy = policy
    }
}

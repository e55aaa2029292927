import NetspecModel

/// A grant's URL that the document writes and netspec cannot use (``AuthPolicy/Grant/UnusableURL``,
/// a warning when the document is read): what needs it fails here, before anything is sent, with
/// a configuration error of reason `authorization` (exit 78 on the command line) that names the
/// scheme, the URL's key, where it is written and why — `OAuth 2 scheme 'oauth': the
/// authorizationCode flow's 'authorizationUrl' (items.yaml:9:47) is not a URL netspec can use: '{'
/// (character 9) cannot be in a host`.
extension AuthPolicy.Grant {
    /// Throws when the URL of any of `roles` (in that order) cannot be used.
    func requireUsable(_ roles: UnusableURL.Role..., endpoint: String) throws {
        for role in roles {
            if let unusable = unusable(role) { throw OAuthGrants.refused(self, endpoint: endpoint, unusable.description) }
        }
    }

    /// Throws when the URL a refresh token is sent to (``refreshTokenURL``) cannot be used.
    func requireUsableRefreshURL(endpoint: String) throws {
        if let unusable = unusableRefreshURL { throw OAuthGrants.refused(self, endpoint: endpoint, unusable.description) }
    }
}

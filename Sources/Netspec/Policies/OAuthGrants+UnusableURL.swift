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

    /// The URL that keeps every flow of the grant a user logs in with from being used: the first
    /// unusable one of the flow a login would use (authorization code, then device), when each
    /// such flow has one; `nil` when a flow can be used, or there is none to log in with.
    var unusableLogin: UnusableURL? {
        var flows: [[UnusableURL.Role]] = []
        if authorizationCode != nil { flows.append([.authorizationCodeStart, .authorizationCodeToken]) }
        if device != nil { flows.append([.deviceStart, .deviceToken]) }
        var first: UnusableURL?
        for roles in flows {
            guard let unusable = roles.lazy.compactMap({ self.unusable($0) }).first else { return nil }
            if first == nil { first = unusable }
        }
        return first
    }
}

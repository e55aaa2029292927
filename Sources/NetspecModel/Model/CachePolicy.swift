/// How a call uses the HTTP cache, as Simplicity's cache policies: set per endpoint with the
/// spec's `cache:` (or for the whole service), per call with ``CallOptions/cachePolicy``, and for
/// every other call with the cache's ``HTTPCache/policy``. The call's wins, then the endpoint's.
public enum CachePolicy: String, Sendable, Hashable, CaseIterable {
    /// The HTTP rules (RFC 9111): a fresh stored response is used, a stale one is validated with
    /// `If-None-Match` / `If-Modified-Since`, the request's own `Cache-Control` is honoured. The default.
    case useProtocol
    /// Always the network, ignoring what is stored; the response is stored for later calls.
    case reload
    /// A stored response however old, without validating it; the network only when none is stored.
    case returnCacheElseLoad
    /// A stored response however old, else a `504 Gateway Timeout` made by the cache: never the network.
    case returnCacheDontLoad
}

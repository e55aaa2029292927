/// How an endpoint's results continue on further pages, from a spec's `paginate:` key.
///
/// ```yaml
/// paginate: { next: link, items: data }                        # Link: <…>; rel="next"
/// paginate: { next: { url: links.next }, items: data }          # the next page's URL in the body
/// paginate: { next: { cursor: meta.next, param: after } }       # a cursor in the body, sent as a parameter
/// paginate: { next: { page: page } }                            # a page number parameter, + 1 each page
/// paginate: { next: { offset: offset } }                        # an offset parameter, + the items of each page
/// ```
/// `items` is the key path of a page's items in its body (default: the page's result, which
/// must then be an array).
package struct Pagination: Sendable, Hashable {
    /// Where the next page comes from.
    package enum Next: Sendable, Hashable {
        /// The `Link` header's `rel="next"` URL.
        case link
        /// A URL at this key path in the body.
        case url(JSONValue.KeyPath)
        /// A cursor at this key path in the body, sent as the parameter's value.
        case cursor(JSONValue.KeyPath, parameter: String)
        /// The parameter holds a page number: one more for each page.
        case page(parameter: String)
        /// The parameter holds an offset: the items received so far.
        case offset(parameter: String)
    }

    package let next: Next
    /// Where the items are in a page's body; `nil`: the page's result.
    package let items: JSONValue.KeyPath?
    /// Where `paginate:` is written.
    package let mark: Mark
}

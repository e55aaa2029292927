import Netspec
import NetspecModel

/// A stateful resource's list: the stored items in the order they were created, paged by the
/// list operation's declared query parameters, in the shape of its answer's schema.
extension MockStateful {
    /// Query parameters a list is paged by, by role (names compared without case, `_` or `-`).
    static let limitNames: Set<String> = ["limit", "perpage", "pagesize", "size", "maxresults"]
    static let offsetNames: Set<String> = ["offset", "skip", "start"]
    static let pageNames: Set<String> = ["page", "pagenumber"]
    static let cursorNames: Set<String> = ["cursor", "pagetoken"]
    /// Query parameters that give an item's id: the page is of the items after it (Stripe's
    /// `starting_after`, OpenAI's `after`), or of the last items before it (`ending_before`).
    static let afterNames: Set<String> = ["startingafter", "after"]
    static let beforeNames: Set<String> = ["endingbefore", "before"]
    /// SCIM's 1-based index of the first item (RFC 7644 §3.4.2.4), with `count` the page's size.
    static let startIndexNames: Set<String> = ["startindex"]

    /// The list's answer: a bare array, or the schema's object with the page in the member that
    /// holds the items (its `total`, `count`… members, when integers, the number stored, its
    /// `has_more`… members, when Booleans, whether items are left after the page, SCIM's
    /// `itemsPerPage` and `startIndex` the page's: ``counted(_:schema:count:more:page:first:)``),
    /// with a `Link: <…>; rel="next"` header when more items follow.
    func list(_ items: [JSONValue], request: Received, endpoint: Endpoint, resource: InferredResource) -> Answer {
        var (page, next, more, first) = Self.page(items, query: request.query, endpoint: endpoint, id: MockItemMaker(resource: resource).id(of:))
        if let schema = conforming[endpoint.name] { page = page.map { Self.conformed($0, to: schema) } }
        let headers = next.map { [(name: "Link", value: "<\(request.path)?\($0)>; rel=\"next\"")] } ?? []
        let shape = shapes[endpoint.name] ?? AnswerShape(endpoint)
        let status = shape.status
        guard let wrapper = resource.listWrapper, let schema = shape.schema else {
            return .json(status: status, value: .array(page), headers: headers)
        }
        var object = schema.example(direction: .response, seed: nil)?.object ?? [:]
        object[wrapper] = .array(page)
        Self.counted(&object, schema: schema, count: items.count, more: more, page: page.count, first: first)
        return .json(status: status, value: .object(object), headers: headers)
    }

    /// The names of a list answer's integer members that count the items stored (SCIM's
    /// `totalResults`, RFC 7644 §3.4.2, GitHub's SCIM user list).
    static let countNames = ["total", "count", "total_count", "totalCount", "total_items", "totalItems", "totalResults"]

    /// The names of a list answer's Boolean members that say whether items are left after the page.
    static let moreNames = ["has_more", "hasMore", "has_next", "hasNext", "has_next_page", "hasNextPage"]

    /// Sets a list answer's members that count its items to `count`, and those that say whether
    /// items are left after the page to `more`: each integer member of ``countNames`` and
    /// Boolean member of ``moreNames`` the schema declares, at the top of the answer or in its
    /// `meta` object (DigitalOcean's `{tags: [...], meta: {total: 1}}`, whose `total` was the
    /// example's; Stripe's `{data: [...], has_more: true}`, whose `has_more` was the example's
    /// whatever the list held, so a client paging on until it is `false` did not stop). SCIM's
    /// integer `itemsPerPage` is set to `page`, the items in the page, and its `startIndex` to
    /// the 1-based index of the page's first item, `first` being its 0-based one (RFC 7644
    /// §3.4.2: GitHub's SCIM user list had its example's, 10 and 1, whatever the page).
    static func counted(_ object: inout JSONObject, schema: JSONSchema, count: Int, more: Bool, page: Int, first: Int) {
        let members: [([String], String, JSONValue)] = [
            (countNames, "integer", .int(count)), (moreNames, "boolean", .bool(more)),
            (["itemsPerPage"], "integer", .int(page)), (["startIndex"], "integer", .int(first == Int.max ? first : first + 1)),
        ]
        // Whether `schema` declared any of them.
        func set(_ object: inout JSONObject, declaredBy schema: JSONSchema) -> Bool {
            var declared = false
            for (names, type, value) in members {
                for name in names where schema.property(named: name)?.declaresType(type) ?? false {
                    object[name] = value
                    declared = true
                }
            }
            return declared
        }
        _ = set(&object, declaredBy: schema)
        guard let metaSchema = schema.property(named: "meta"), object["meta"] == nil || object["meta"]?.object != nil else { return }
        var meta = object["meta"]?.object ?? [:]
        if set(&meta, declaredBy: metaSchema) { object["meta"] = .object(meta) }
    }

    /// The items of the page the query asks for, the query of the next page when there is one,
    /// whether items are left after the page (before it, for an `ending_before` page), and the
    /// 0-based index among `items` of the page's first item (the one asked for when the page is
    /// empty). An item id given after or before which the page is (``afterNames``,
    /// ``beforeNames``) that no item stored has (`id` gives an item's id) is not taken into account.
    static func page(
        _ items: [JSONValue], query: String?, endpoint: Endpoint, id: (JSONValue) -> String? = { _ in nil }
    ) -> ([JSONValue], next: String?, more: Bool, first: Int) {
        let declared = pagingParameters(of: endpoint)
        var given: [String: Int] = [:]
        var givenIDs: [String: String] = [:]
        for item in ReceivedRequest.items(query ?? "") {
            let name = PercentEncoding.decoded(item.name, plusIsSpace: true)
            guard let role = declared.names.first(where: { $0.value == name })?.key else { continue }
            let value = PercentEncoding.decoded(item.value ?? "", plusIsSpace: true)
            if role == "after" || role == "before" {
                givenIDs[role] = value
            } else if let number = Int(value) {
                given[role] = number
            }
        }
        var items = items
        var skipped = 0
        if let after = givenIDs["after"], let index = items.firstIndex(where: { id($0) == after }) {
            items = Array(items[(index + 1)...])
            skipped = index + 1
        }
        let limit = (given["limit"] ?? declared.defaultLimit).map { max($0, 0) }
        if let before = givenIDs["before"], let index = items.firstIndex(where: { id($0) == before }) {
            let earlier = items[..<index]
            let limit = limit ?? earlier.count
            return (Array(earlier.suffix(limit)), nil, earlier.count > limit, skipped + max(earlier.count - limit, 0))
        }
        // SCIM's startIndex is 1-based, a value below 1 taken as 1 (RFC 7644 §3.4.2.4).
        let offset = given["offset"] ?? given["cursor"] ?? given["startIndex"].map { max($0, 1) - 1 }
        guard let limit else {
            let start = max(offset ?? 0, 0)
            return (Array(items.dropFirst(start)), nil, false, skipped + min(start, Int.max - skipped))
        }
        // Saturating: a client may send any number (Schemathesis sends Int.max), and a page past
        // the end is empty.
        let pageStart = given["page"].map { page in
            let (product, overflow) = (max(page, 1) - 1).multipliedReportingOverflow(by: limit)
            return overflow ? Int.max : product
        }
        let asked = max(offset ?? pageStart ?? 0, 0)
        let first = skipped + min(asked, Int.max - skipped)
        let start = min(asked, items.count)
        let end = start + min(limit, items.count - start)
        let page = start < end ? Array(items[start..<end]) : []
        guard end < items.count, limit > 0 else { return (page, nil, end < items.count, first) }
        var next = declared.names["limit"].map { ["\($0)=\(limit)"] } ?? []
        if let cursor = declared.names["cursor"] {
            next.append("\(cursor)=\(end)")
        } else if let offset = declared.names["offset"] {
            next.append("\(offset)=\(end)")
        } else if let startIndex = declared.names["startIndex"] {
            next.append("\(startIndex)=\(end + 1)")
        } else if let pageName = declared.names["page"] {
            next.append("\(pageName)=\(end / limit + 1)")
        } else {
            return (page, nil, true, first)
        }
        return (page, next.joined(separator: "&"), true, first)
    }

    /// The query parameters `endpoint` declares that page its list, by role (`limit`, `offset`,
    /// `page`, `cursor`, `after`, `before`, `startIndex`), and the limit's `default`. SCIM's
    /// `count` is the limit beside a declared `startIndex` only (RFC 7644 §3.4.2.4).
    static func pagingParameters(of endpoint: Endpoint) -> (names: [String: String], defaultLimit: Int?) {
        var declared: [String: String] = [:]
        var defaults: [String: Int] = [:]
        let roles: [(String, Set<String>)] = [
            ("limit", limitNames), ("offset", offsetNames), ("page", pageNames), ("cursor", cursorNames), ("after", afterNames), ("before", beforeNames),
            ("startIndex", startIndexNames), ("count", ["count"]),
        ]
        for parameter in endpoint.parameters where parameter.location == .query {
            let squeezed = parameter.wireName.lowercased().filter { $0 != "_" && $0 != "-" }
            for (role, names) in roles where names.contains(squeezed) && declared[role] == nil {
                declared[role] = parameter.wireName
                defaults[role] = (parameter.serverDefault ?? parameter.defaultValue)?.int
            }
        }
        let count = declared.removeValue(forKey: "count")
        if declared["startIndex"] != nil, declared["limit"] == nil, let count {
            declared["limit"] = count
            defaults["limit"] = defaults["count"]
        }
        return (declared, defaults["limit"])
    }
}

import FoundationEssentials
import NetspecModel

/// Makes the items a stateful mock stores: a request's body completed by the schemas of every
/// answer the item is returned under (its create's, read's, update's, its list's items: the
/// resource's ``InferredResource/members``).
///
/// Members the body gives are kept (a `readOnly` one is the server's, so it is made, or kept
/// from the stored item on `PUT` and `PATCH`); `writeOnly` ones (in any of the schemas) are not
/// stored; the id member is the item's id; a member an answer's schema does not take as given is
/// made anew; a member a schema requires of an answer, or marks `readOnly`, that the body leaves
/// out is made: `date-time` and `date` members are now, and so are integers of `format: unix-time`
/// or `unixtime` (seconds since the Unix epoch) (`updated…` and `modified…` ones again at each
/// change), others a value every schema declaring it takes (``made(_:seed:)``).
struct MockItemMaker: Sendable {
    let resource: InferredResource
    /// The object member that holds the id when no member of the item's own does
    /// (``InferredResource/idParent``: Kubernetes' `metadata`).
    var idParent: String? { resource.idParent }

    /// The member that holds the id: the resource's, else, in ``idParent``, the placeholder's name.
    var idField: String? { idParent == nil ? resource.idField : resource.idPlaceholder }

    /// The object of `value` that holds the id member: the value itself, or its ``idParent``.
    func idHolder(_ value: JSONValue) -> JSONObject? {
        guard let idParent else { return value.object }
        return value.object?[idParent]?.object
    }

    /// The id text a stored item (or a seed) holds in its id member, `nil` when it has none.
    func id(of item: JSONValue) -> String? {
        idField.flatMap { idHolder(item)?[$0] }.flatMap(idText)
    }

    /// The id member's value for an id's text: an integer for an integer id, else the text.
    func idValue(_ id: String) -> JSONValue {
        if resource.ids == .sequence, let number = Int(id) { return .int(number) }
        return .string(id)
    }

    /// The id text of a path value or a body member (`007` is `7` for an integer id).
    func idText(_ value: JSONValue) -> String? {
        switch value {
        case let .int(number): String(number)
        case let .double(number): Int(exactly: number).map(String.init)
        case let .string(text): resource.ids == .sequence ? Int(text).map(String.init) ?? text : text
        default: nil
        }
    }

    /// The id a create request's body gives itself (a writable id member, or the member that
    /// names the item: ``InferredResource/givenIDMember``), if any.
    func givenID(in body: JSONValue) -> String? {
        guard let field = idField else { return nil }
        if let value = idHolder(body)?[field], idParent != nil || !resource.members.contains(where: { $0.name == field && $0.isReadOnly }) {
            return idText(value)
        }
        // Gitea's `tag_name`, the new tag's `name`.
        return resource.givenIDMember.flatMap { body.object?[$0] }.flatMap(idText)
    }

    /// A new id: the next of the sequence, a UUID, or the sequence's number as text.
    func newID(store: MockStore, index: Int) -> String {
        switch resource.ids {
        case .uuid: UUID().uuidString.lowercased()
        case .sequence, .string: String(store.nextNumber(resource: index))
        }
    }

    /// The item to store for `body`, with the id `id`; `previous` is the stored item a `PUT` or
    /// `PATCH` changes.
    func item(from body: JSONValue, id: String, previous: JSONValue? = nil, seed: UInt64) -> JSONValue {
        var item = body.object ?? [:]
        if let idField, let idParent {
            var holder = item[idParent]?.object ?? [:]
            holder[idField] = idValue(id)
            item[idParent] = .object(holder)
        } else if let idField {
            item[idField] = idValue(id)
        }
        var now: String?
        for member in resource.members where idParent != nil || member.name != resource.idField {
            let name = member.name
            if member.isWriteOnly {
                item[name] = nil
                continue
            }
            if let given = item[name], !member.isReadOnly {
                // A value the request may send but an answer may not (OpenAI's `chunking_strategy`
                // `{"type": "auto"}`, answered as the strategy chosen) is the answers' own.
                if !Self.fits(given, member), let made = Self.made(member, seed: seed) {
                    item[name] = made
                }
                continue
            }
            let kept = previous?.object?[name]
            if let format = member.format, member.isReadOnly || member.isRequired {
                if let kept, !member.changesOnUpdate {
                    item[name] = kept
                } else {
                    let stamp = now ?? ISO8601.text(secondsSince1970: Date().timeIntervalSince1970.rounded(.down))
                    now = stamp
                    item[name] = .string(format == "date" ? String(stamp.prefix(10)) : stamp)
                }
            } else if Self.isUnixTime(member), member.isReadOnly || member.isRequired {
                // Stripe's `created`, "Measured in seconds since the Unix epoch": now (kept as a
                // `date-time` is), not a number of the schema's.
                let seconds = JSONValue.int(Int(Date().timeIntervalSince1970))
                item[name] = kept.flatMap { member.changesOnUpdate ? nil : $0 } ?? (Self.fits(seconds, member) ? seconds : Self.made(member, seed: seed))
            } else if let kept, member.isReadOnly {
                item[name] = kept
            } else if member.isReadOnly || member.isRequired {
                item[name] = Self.made(member, seed: seed)
            }
        }
        return .object(item)
    }

    /// Whether `member` is an integer of seconds since the Unix epoch: `format: unix-time`
    /// (Stripe's) or `unixtime` (OpenAI's).
    static func isUnixTime(_ member: InferredResource.Member) -> Bool {
        guard member.schema.declaresType("integer"), let format = member.schema.keyword("format")?.string else { return false }
        return format == "unix-time" || format == "unixtime"
    }

    /// Whether every answer schema that declares `member` takes `value`. A value for several is
    /// held to their `format`s too (a document's `format` asserts only in requests, but
    /// Schemathesis checks it in answers: GitHub's issue's label `url` is a `uri`, its list's any
    /// string, so a label made for the list must be a URI for the read).
    static func fits(_ value: JSONValue, _ member: InferredResource.Member) -> Bool {
        guard member.schemas.count > 1 else { return member.schema.isValid(value, direction: .response) }
        return member.schemas.allSatisfy { $0.isValid(value, direction: .response) && $0.isValid(value, direction: .request) }
    }

    /// A value for `member` that every answer schema declaring it takes (the first schema's made
    /// from `seed`, else its plain example, else the next schema's), or the first made when none fits
    /// all (an answer then makes its own: ``MockStateful/conformed(_:to:)``).
    static func made(_ member: InferredResource.Member, seed: UInt64) -> JSONValue? {
        guard member.schemas.count > 1 else { return member.schema.example(direction: .response, seed: seed) }
        var first: JSONValue?
        for schema in member.schemas {
            for candidate in [schema.example(direction: .response, seed: seed), schema.example(direction: .response, seed: nil)] {
                guard let candidate else { continue }
                if fits(candidate, member) { return candidate }
                first = first ?? candidate
            }
        }
        return first
    }
}

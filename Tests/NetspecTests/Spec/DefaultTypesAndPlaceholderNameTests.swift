import Testing

import Netspec

/// `default:` for every type spec-format.md lists, `${NAME}` defaults of any scalar type, and
/// SPEC rule 1's "the name matches a `{placeholder}`" by the parameter's name or its `name:`.
///
/// A `Date` default was refused whatever it was (`default '2026-11-22' does not fit type Date`),
/// a `${PER_PAGE:-30}` default of an `Int` or `Bool` too, and a parameter filled only the
/// placeholder of its `name:`: `GET: /users/{userId}` with `userId: { name: user_id }` said
/// `{userId}` had no parameter.
@Suite struct DefaultTypesAndPlaceholderNameTests {
    /// The spec error loading `endpoint` (endpoint `e`) gives, or `"no error"`.
    static func loadError(_ endpoint: String, service: String = "") -> String {
        do {
            _ = try Spec(yaml: Binding.yaml(endpoint, service: service), file: "t.yaml")
            return "no error"
        } catch {
            return error.description
        }
    }

    // MARK: - Date defaults

    /// ISO 8601 text, as a `Date` argument is read: a date, a date-time, in a list.
    @Test(arguments: [
        ("      from: { type: Date, default: \"2026-11-22\" }\n", "https://api.example.com/events?from=2026-11-22"),
        ("      from: { type: Date, default: 2026-11-22 }\n", "https://api.example.com/events?from=2026-11-22"),
        ("      to: { type: \"Date?\", default: \"2026-11-22T10:00:00Z\" }\n", "https://api.example.com/events?to=2026-11-22T10%3A00%3A00Z"),
        ("      to: { type: \"Date?\", default: null }\n", "https://api.example.com/events"),
        (
            "      on: { type: \"[Date]\", default: [\"2026-11-22\", \"2026-11-23T00:00:00+01:00\"] }\n",
            "https://api.example.com/events?on=2026-11-22&on=2026-11-23T00%3A00%3A00%2B01%3A00"
        ),
    ])
    func aDateDefaultIsSent(declaration: String, url: String) throws {
        #expect(try Binding.url("    GET: /events\n    params:\n" + declaration) == url)
    }

    @Test(arguments: [
        ("      d: { type: Date, default: \"2026-13-01\" }\n", "t.yaml:7:33: error: endpoint 'e': parameter 'd': default '2026-13-01' does not fit type Date"),
        ("      d: { type: Date, default: \"2026-11-22T10:00\" }\n", "t.yaml:7:33: error: endpoint 'e': parameter 'd': default '2026-11-22T10:00' does not fit type Date"),
        ("      d: { type: Date, default: 3 }\n", "t.yaml:7:33: error: endpoint 'e': parameter 'd': default '3' does not fit type Date"),
        (
            "      d: { type: \"[Date]\", default: [\"2026-11-22\", tomorrow] }\n",
            "t.yaml:7:37: error: endpoint 'e': parameter 'd': default (a list) does not fit type [Date] "
                + "(1: expected Date (ISO 8601 text such as 2026-11-22T10:00:00Z), found \"tomorrow\")"
        ),
    ])
    func aDefaultThatIsNoDateIsRefused(declaration: String, expected: String) {
        #expect(Self.loadError("    GET: /events\n    params:\n" + declaration) == expected)
    }

    // MARK: - ${NAME} defaults of any scalar type

    /// The variable's text is read as the type when the call is made; unset, its fallback.
    @Test(arguments: [
        ("      per_page: { type: Int, default: \"${PER_PAGE:-30}\" }\n", [String: String](), "https://api.example.com/items?per_page=30"),
        ("      per_page: { type: Int, default: \"${PER_PAGE:-30}\" }\n", ["PER_PAGE": "50"], "https://api.example.com/items?per_page=50"),
        ("      per_page: { type: Int, default: \"${PER_PAGE}\" }\n", ["PER_PAGE": "-7"], "https://api.example.com/items?per_page=-7"),
        ("      verbose: { type: Bool, default: \"${VERBOSE:-false}\" }\n", [:], "https://api.example.com/items?verbose=false"),
        ("      verbose: { type: \"Bool?\", default: \"${VERBOSE:-false}\" }\n", ["VERBOSE": "true"], "https://api.example.com/items?verbose=true"),
        ("      ratio: { type: Double, default: \"${RATIO:-0.5}\" }\n", [:], "https://api.example.com/items?ratio=0.5"),
        ("      since: { type: Date, default: \"${SINCE:-2026-11-22}\" }\n", [:], "https://api.example.com/items?since=2026-11-22"),
        ("      size: { type: Int, default: \"${SIZE:-1}0\" }\n", [:], "https://api.example.com/items?size=10"),
    ])
    func aTemplateDefaultOfAnyScalarType(declaration: String, variables: [String: String], url: String) throws {
        let api = try Binding.service(Binding.yaml("    GET: /items\n    params:\n" + declaration), provider: Binding.provider(variables: variables))
        #expect(try api.prepare("e", [:]).url == url)
    }

    /// A fallback is checked when the spec is loaded, at the fallback's text.
    @Test(arguments: [
        (
            "      per_page: { type: Int, default: \"${PER_PAGE:-thirty}\" }\n",
            "t.yaml:7:52: error: endpoint 'e': parameter 'per_page': default '${PER_PAGE:-thirty}' is 'thirty' when PER_PAGE is not set, which is not an Int (a whole number)"
        ),
        (
            "      verbose: { type: Bool, default: \"${VERBOSE:-no}\" }\n",
            "t.yaml:7:51: error: endpoint 'e': parameter 'verbose': default '${VERBOSE:-no}' is 'no' when VERBOSE is not set, which is not a Bool (true or false)"
        ),
        (
            "      since: { type: Date, default: \"${SINCE:-today}\" }\n",
            "t.yaml:7:47: error: endpoint 'e': parameter 'since': default '${SINCE:-today}' is 'today' when SINCE is not set, which is not a Date (ISO 8601, such as 2026-11-22 or 2026-11-22T10:00:00Z)"
        ),
        (
            "      n: { type: Int, default: \"${A:-1}.${B:-5}\" }\n",
            "t.yaml:7:38: error: endpoint 'e': parameter 'n': default '${A:-1}.${B:-5}' is '1.5' when A, B are not set, which is not an Int (a whole number)"
        ),
        // A list is no scalar: its default is still a list.
        (
            "      ids: { type: \"[Int]\", default: \"${IDS}\" }\n",
            "t.yaml:7:38: error: endpoint 'e': parameter 'ids': default '${IDS}' does not fit type [Int]"
        ),
    ])
    func aFallbackThatDoesNotFitIsRefused(declaration: String, expected: String) {
        #expect(Self.loadError("    GET: /items\n    params:\n" + declaration) == expected)
    }

    /// A variable's value that does not fit is said at call time, naming the parameter and the
    /// variable, and nothing is sent.
    @Test(arguments: [
        (
            "      per_page: { type: Int, default: \"${PER_PAGE:-30}\" }\n", ["PER_PAGE": "abc"],
            "wrongType: endpoint 'e': parameter 'per_page': its default '${PER_PAGE:-30}' is 'abc' from PER_PAGE, which is not an Int (a whole number): set PER_PAGE to one, or give the argument"
        ),
        (
            "      verbose: { type: Bool, default: \"${VERBOSE}\" }\n", ["VERBOSE": "1"],
            "wrongType: endpoint 'e': parameter 'verbose': its default '${VERBOSE}' is '1' from VERBOSE, which is not a Bool (true or false): set VERBOSE to one, or give the argument"
        ),
        (
            "      key: { type: Int, default: \"${KEY}\", secret: true }\n", ["KEY": "s3cr3t"],
            "wrongType: endpoint 'e': parameter 'key': its default '${KEY}' is from KEY, which is not an Int (a whole number): set KEY to one, or give the argument"
        ),
    ])
    func aVariableThatDoesNotFitIsSaidAtCallTime(declaration: String, variables: [String: String], expected: String) throws {
        let failure = try Binding.failure("    GET: /items\n    params:\n" + declaration, provider: Binding.provider(variables: variables))
        #expect(failure == expected)
        // The argument given leaves the default alone.
        let api = try Binding.service(Binding.yaml("    GET: /items\n    params:\n" + declaration), provider: Binding.provider(variables: variables))
        let name = declaration.split(separator: ":")[0].trimmingCharacters(in: .whitespaces)
        let argument: Argument = declaration.contains("Bool") ? true : 5
        #expect(try api.prepare("e", [name: argument]).url == "https://api.example.com/items?\(name)=\(declaration.contains("Bool") ? "true" : "5")")
    }

    // MARK: - Rule 1: the name or name: matches a placeholder

    @Test(arguments: [
        // The parameter's name matches; its `name:` does not.
        ("    GET: /users/{userId}\n    params:\n      userId: { name: user_id }\n", ["userId": "5"], "https://api.example.com/users/5"),
        ("    GET: /users/{userId}\n    params:\n      userId: { in: path, name: user_id }\n", ["userId": "5"], "https://api.example.com/users/5"),
        ("    GET: /users/{userId=3}\n    params:\n      userId: { type: Int, name: user_id }\n", [:], "https://api.example.com/users/3"),
        ("    GET: /files/{+path}\n    params:\n      path: { name: p }\n", ["path": "a/b"], "https://api.example.com/files/a/b"),
        // The `name:` matches (as before).
        (
            "    GET: /u/{user_id}/posts/{post_id=1}\n    params:\n      userId: { name: user_id }\n      postId: { name: post_id, type: Int }\n",
            ["userId": "7"], "https://api.example.com/u/7/posts/1"
        ),
        // Another parameter of the placeholder's name placed elsewhere explicitly.
        ("    GET: /c/{x}\n    params:\n      y: { name: x }\n      x: { in: query }\n", ["y": "1", "x": "2"], "https://api.example.com/c/1?x=2"),
    ] as [(String, [String: Argument], String)])
    func aParameterFillsThePlaceholderOfItsNameOrItsWireName(endpoint: String, arguments: [String: Argument], url: String) throws {
        #expect(try Binding.url(endpoint, arguments) == url)
    }

    @Test(arguments: [
        (
            "    GET: /users/{id}\n    params:\n      id: Int\n      userId: { in: path, name: user_id }\n",
            "t.yaml:8:21: error: endpoint 'e': parameter 'userId': path parameter 'userId' (name: user_id) is not in path '/users/{id}'"
        ),
        (
            "    GET: /a/{user_id}/{userId}\n    params:\n      userId: { name: user_id }\n",
            "t.yaml:7:7: error: endpoint 'e': path placeholder '{userId}' has no parameter: parameter 'userId' fills '{user_id}' by its 'name: user_id' "
                + "(a parameter fills one placeholder; declare another parameter with 'name: userId' for '{userId}')"
        ),
        // Both fill `{x}`, one by its `name:`, the other by its name: two parameters on one path slot.
        (
            "    GET: /c/{x}\n    params:\n      y: { name: x }\n      x: String\n",
            "t.yaml:8:7: error: endpoint 'e': parameter 'x': parameters 'y' and 'x' both fill '{x}'"
        ),
        (
            "    GET: /users/{userId}\n    params:\n      userId: { in: query, name: user_id }\n",
            "t.yaml:7:21: error: endpoint 'e': path placeholder '{userId}' has no parameter: parameter 'userId' is 'in: query' "
                + "(make it 'in: path', or declare another parameter with 'name: userId' for the path)"
        ),
        (
            "    GET: /users/{userId=1}\n    params:\n      userId: { type: Int, name: user_id, default: 2 }\n",
            "t.yaml:7:52: error: endpoint 'e': parameter 'userId': two defaults: 'default:' and '{userId=…}' in the path; keep one"
        ),
    ])
    func aPlaceholderThatNoParameterFillsIsSaid(endpoint: String, expected: String) {
        #expect(Self.loadError(endpoint) == expected)
    }
}

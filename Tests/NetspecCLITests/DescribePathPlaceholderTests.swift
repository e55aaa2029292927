import NetspecTestSupport
import Testing

/// `netspec describe` shows a document's path placeholders by the names arguments give them: a
/// placeholder without ASCII letters (`{é}`) is `{_}` in the endpoint's template, and `_` is the
/// body's name, so it showed `GET /a/{_}` and `path {_}` for the argument `é=…`.
@Suite struct DescribePathPlaceholderTests {
    @Test func aPlaceholderIsShownByItsArgumentsName() async throws {
        let spec = try CLI.temporarySpec("""
            openapi: 3.0.3
            info: {title: T, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            paths:
              /a/{é}/{ü}:
                get:
                  operationId: getA
                  parameters:
                    - {name: é, in: path, required: true, schema: {type: string}}
                    - {name: ü, in: path, required: true, schema: {type: string}}
                  responses: {"200": {description: ok}}
            """, name: "placeholders.yaml")
        let result = try await CLI.run(["describe", spec, "getA"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("getA: GET /a/{é}/{ü}\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  é  String  required  path {é}"), "\(result.stdout)")
        #expect(!result.stdout.contains("{_"), "\(result.stdout)")
        let call = try await CLI.run(["call", spec, "getA", "é=x", "ü=y", "--dry-run"])
        #expect(call.stdout.hasPrefix("GET http://127.0.0.1:9/a/x/y HTTP/1.1\n"), "\(call.stdout)")
    }

    /// A Netspec spec's path is shown as written: a placeholder filled by a parameter's `name:`
    /// (`userId: { name: user_id }` fills `{user_id}`) was shown by the parameter's name, and
    /// only where it had no default (`/u/{userId}/posts/{post_id=1}`).
    @Test func aNetspecPathIsShownAsWritten() async throws {
        let spec = try CLI.temporarySpec("""
            netspec: 1
            service: S
            baseURL: http://127.0.0.1:9
            endpoints:
              a:
                GET: /u/{user_id}/posts/{post_id=1}/{+rest}
                params:
                  userId: { name: user_id }
                  postId: { name: post_id, type: Int }
                  rest: { name: rest }
              b:
                GET: /users/{userId}
                params:
                  userId: { name: user_id }
            """, name: "rule1.yaml")
        let a = try await CLI.run(["describe", spec, "a"])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout.hasPrefix("a: GET /u/{user_id}/posts/{post_id=1}/{+rest}\n"), "\(a.stdout)")
        #expect(a.stdout.contains("  userId  String  required   path {user_id}  (path: matches {user_id}, one segment)\n"), "\(a.stdout)")
        #expect(a.stdout.contains("  postId  Int     default 1  path {post_id}  (path: matches {post_id}, one segment)\n"), "\(a.stdout)")
        let b = try await CLI.run(["describe", spec, "b"])
        #expect(b.status == 0, "\(b.stderr)")
        #expect(b.stdout.hasPrefix("b: GET /users/{userId}\n"), "\(b.stdout)")
        #expect(b.stdout.contains("  userId  String  required  path {userId}  (path: matches {userId}, one segment)\n"), "\(b.stdout)")
        let call = try await CLI.run(["call", spec, "b", "userId=5", "--dry-run"])
        #expect(call.stdout.hasPrefix("GET http://127.0.0.1:9/users/5 HTTP/1.1\n"), "\(call.stdout)")
    }
}

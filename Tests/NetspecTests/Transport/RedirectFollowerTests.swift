import HTTPTypes
import Testing

@testable import Netspec

/// ``RedirectFollower``: which responses redirect, what the next request is, and the limits.
@Suite struct RedirectFollowerTests {
    /// A POST with a JSON body and credentials to `http://a.test/x/y`.
    static let post = PreparedRequest(
        endpointName: "e", method: .post, url: "http://a.test/x/y?q=1",
        headerFields: [
            .authorization: "Bearer t", .cookie: "c=1", .proxyAuthorization: "Basic p", .origin: "http://a.test",
            .contentType: "application/json", .contentLength: "2", .accept: "*/*",
        ],
        body: .bytes(Array("{}".utf8))
    )

    struct Case: Sendable, CustomStringConvertible {
        var status: Int
        var location: String?
        var method: HTTPRequest.Method = .post
        /// The next request's method and URL, or `nil` when the response is the answer.
        var next: (method: HTTPRequest.Method, url: String)?
        /// Whether the body and its fields go along.
        var keepsBody = false
        var description: String { "\(method) \(status) → \(location ?? "no Location")" }
    }

    static let cases: [Case] = [
        Case(status: 301, location: "/new", next: (.get, "http://a.test/new")),
        Case(status: 302, location: "new", next: (.get, "http://a.test/x/new")),
        Case(status: 303, location: "?p=2", next: (.get, "http://a.test/x/y?p=2")),
        Case(status: 303, location: "/h", method: .head, next: (.head, "http://a.test/h"), keepsBody: true),
        Case(status: 307, location: "/t", next: (.post, "http://a.test/t"), keepsBody: true),
        Case(status: 308, location: "http://a.test:80/p", next: (.post, "http://a.test:80/p"), keepsBody: true),
        Case(status: 301, location: "/put", method: .put, next: (.put, "http://a.test/put"), keepsBody: true),
        Case(status: 302, location: "//a.test/s", method: .patch, next: (.patch, "http://a.test/s"), keepsBody: true),
        // Not redirects: other statuses, no Location.
        Case(status: 300, location: "/c"),
        Case(status: 304, location: "/c"),
        Case(status: 305, location: "/c"),
        Case(status: 200, location: "/c"),
        Case(status: 302, location: nil),
    ]

    @Test(arguments: cases)
    func nextRequest(_ testCase: Case) throws {
        var request = Self.post
        request.method = testCase.method
        var follower = RedirectFollower(request: request, maxRedirects: 5)
        var fields: HTTPFields = [:]
        if let location = testCase.location { fields[.location] = location }
        let next = try follower.nextRequest(after: testCase.status, headerFields: fields, to: request)
        #expect(next?.method == testCase.next?.method)
        #expect(next?.url == testCase.next?.url)
        guard let next else { return }
        #expect(follower.count == 1)
        if testCase.keepsBody {
            #expect(next.body == request.body)
            #expect(next.headerFields == request.headerFields)
        } else {
            #expect(next.body == .empty)
            #expect(next.headerFields == [
                .authorization: "Bearer t", .cookie: "c=1", .proxyAuthorization: "Basic p", .origin: "http://a.test", .accept: "*/*",
            ])
        }
    }

    @Test(arguments: [
        ("ftp://a.test/f", "cannot follow the 302 redirect from http://a.test/x/y?q=1 to 'ftp://a.test/f': Netspec follows http and https URLs only, not ftp"),
        ("file:///etc/passwd", "cannot follow the 302 redirect from http://a.test/x/y?q=1 to 'file:///etc/passwd': Netspec follows http and https URLs only, not file"),
        ("http://[::1", "cannot follow the 302 redirect from http://a.test/x/y?q=1 to 'http://[::1': it is not a valid URL"),
    ])
    func aLocationThatCannotBeFollowedIsAnError(location: String, message: String) throws {
        var follower = RedirectFollower(request: Self.post, maxRedirects: 5)
        let error = #expect(throws: TransportError.self) {
            try follower.nextRequest(after: 302, headerFields: [.location: location], to: Self.post)
        }
        #expect(error?.kind == .redirect)
        #expect(error?.message == message)
    }

    @Test(arguments: [false, true])
    func theRequestsSecretHeadersStayOnTheOrigin(crossOrigin: Bool) throws {
        var request = Self.post
        request.headerFields[HTTPField.Name("X-API-Key")!] = "k"
        request.headerFields[HTTPField.Name("X-Secret")!] = "s"
        var follower = RedirectFollower(request: request, maxRedirects: 5, secretHeaders: ["x-api-key", "X-SECRET", "set-cookie"])
        let location = crossOrigin ? "http://b.test/n" : "/n"
        let next = try #require(try follower.nextRequest(after: 307, headerFields: [.location: location], to: request))
        #expect(next.headerFields[HTTPField.Name("X-API-Key")!] == (crossOrigin ? nil : "k"))
        #expect(next.headerFields[HTTPField.Name("X-Secret")!] == (crossOrigin ? nil : "s"))
        #expect(next.headerFields[.accept] == "*/*")
    }

    @Test(arguments: [
        ("https://a.test/n", "another scheme"), ("http://a.test:8080/n", "another port"), ("http://b.test/n", "another host"),
    ])
    func anotherOriginDropsCredentials(location: String, _: String) throws {
        var follower = RedirectFollower(request: Self.post, maxRedirects: 5)
        let next = try #require(try follower.nextRequest(after: 307, headerFields: [.location: location], to: Self.post))
        #expect(next.url == location)
        #expect(next.headerFields == [.contentType: "application/json", .contentLength: "2", .accept: "*/*"])
        #expect(next.body == Self.post.body)
    }

    @Test func sameOriginWithTheDefaultPortWrittenOutKeepsCredentials() throws {
        var follower = RedirectFollower(request: Self.post, maxRedirects: 5)
        let next = try #require(try follower.nextRequest(after: 307, headerFields: [.location: "HTTP://A.test:80/n"], to: Self.post))
        #expect(next.headerFields[.authorization] == "Bearer t")
        #expect(next.headerFields[.cookie] == "c=1")
    }

    @Test func moreThanTheLimitIsAnError() throws {
        var follower = RedirectFollower(request: Self.post, maxRedirects: 2)
        var request = Self.post
        for hop in 1...2 {
            request = try #require(try follower.nextRequest(after: 302, headerFields: [.location: "/\(hop)"], to: request))
        }
        #expect(request.url == "http://a.test/2")
        let error = #expect(throws: TransportError.self) {
            try follower.nextRequest(after: 302, headerFields: [.location: "/3"], to: request)
        }
        #expect(error?.kind == .redirect)
        #expect(error?.message == "more than 2 redirects: http://a.test/2 redirects again, to http://a.test/3")
        var one = RedirectFollower(request: Self.post, maxRedirects: 1)
        let first = try #require(try one.nextRequest(after: 302, headerFields: [.location: "/1"], to: Self.post))
        let oneError = #expect(throws: TransportError.self) {
            try one.nextRequest(after: 302, headerFields: [.location: "/2"], to: first)
        }
        #expect(oneError?.message == "more than 1 redirect: http://a.test/1 redirects again, to http://a.test/2")
    }

    @Test func aURLRequestedBeforeIsALoop() throws {
        var follower = RedirectFollower(request: Self.post, maxRedirects: 10)
        let next = try #require(try follower.nextRequest(after: 307, headerFields: [.location: "/b"], to: Self.post))
        let error = #expect(throws: TransportError.self) {
            try follower.nextRequest(after: 307, headerFields: [.location: "/x/y?q=1"], to: next)
        }
        #expect(error?.kind == .redirect)
        #expect(error?.message == "redirect loop: http://a.test/b redirects to http://a.test/x/y?q=1, which was requested before")
    }

    @Test func withNoRedirectsAllowedTheRedirectIsTheAnswer() throws {
        var follower = RedirectFollower(request: Self.post, maxRedirects: 0)
        #expect(try follower.nextRequest(after: 302, headerFields: [.location: "/n"], to: Self.post) == nil)
    }
}

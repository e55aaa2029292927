import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMock
import NetspecModel

/// A Swagger 2.0 path parameter that is an array (`collectionFormat: csv`, the default) keeps
/// RFC 3986 `pchar` in its items, as a Swagger scalar path parameter does
/// (``PathSimpleEncodingTests``): only `,`, which joins the items, is escaped inside one (`%2C`),
/// so the mock reads the list back as the same items. `.`, `..` and an empty value are refused.
/// An OpenAPI 3 `simple` array stays RFC 6570's (all but unreserved characters escaped).
/// `docs/parameter-forms.md` and `docs/swagger.md` say it.
@Suite struct SwaggerPathArrayEncodingTests {
    static func document(items: String = "string") -> String {
        """
        swagger: "2.0"
        info: { title: t, version: "1" }
        host: example.com
        schemes: [https]
        paths:
          /p/{v}/x:
            get:
              operationId: p
              parameters: [{ name: v, in: path, required: true, type: array, items: { type: \(items) }, collectionFormat: csv }]
              responses: { "200": { description: ok } }
        """
    }

    static let rows: [(Argument, String)] = [
        (["a;b", "c"], "a;b,c"),
        (["a,b", "c"], "a%2Cb,c"),
        (["k=v;x,y", "@:"], "k=v;x%2Cy,@:"),
        (["user@host:80"], "user@host:80"),
        (["!$&'()*+", "-._~az09"], "!$&'()*+,-._~az09"),
        (["a b", "c%"], "a%20b,c%25"),
        (["a/b?c#d"], "a%2Fb%3Fc%23d"),
        (["café", "日本"], "caf%C3%A9,%E6%97%A5%E6%9C%AC"),
        (["a.b", "..c"], "a.b,..c"),
    ]

    @Test(arguments: rows)
    func itemsKeepPcharButTheComma(value: Argument, path: String) throws {
        try PathSimpleEncodingTests.expectRoundTrip(Self.document(), value: value, path: path)
    }

    /// Integers are written as they are and read back as integers.
    @Test func integerItemsAreReadBackAsIntegers() throws {
        try PathSimpleEncodingTests.expectRoundTrip(Self.document(items: "integer"), value: [1, -2, 30], path: "1,-2,30")
    }

    /// `.` and `..` items, and an empty array or string, are refused as before.
    @Test(arguments: [
        (["."], "'.' is not allowed as a path segment"),
        (["a", ".."], "'..' is not allowed as a path segment"),
        ([], "a path parameter cannot be empty"),
        ([""], "a path parameter cannot be empty"),
    ] as [(Argument, String)])
    func dotItemsAndEmptyValuesAreRefused(value: Argument, reason: String) throws {
        let api = Service(spec: try Spec(yaml: Self.document(), file: "s.yaml"), provider: Provider(options: .init(usesEnvironment: false)))
        let error = #expect(throws: CallError.self) { try api.prepare("p", ["v": value]) }
        #expect(error?.description == "endpoint 'p': parameter 'v': \(reason)")
    }

    /// An OpenAPI 3 `simple` array is unchanged: RFC 6570's, all but unreserved characters escaped.
    @Test func anOpenAPISimpleArrayIsUnchanged() throws {
        try PathSimpleEncodingTests.expectRoundTrip(
            PathSimpleEncodingTests.document(PathSimpleEncodingTests.array),
            value: ["a;b", "c=d", "e,f", "@:", "日"], path: "a%3Bb,c%3Dd,e%2Cf,%40%3A,%E6%97%A5"
        )
    }
}

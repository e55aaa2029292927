@testable import Netspec
import Testing

/// What a response body is read as, by its `Content-Type`: JSON for any type naming JSON (found
/// byte by byte, a `j` after a partial match starting over), text in its charset, else bytes.
@Suite struct ResponseBodyTypeTests {
    @Test(arguments: [
        (nil, ResponseBodyType.unlabelled),
        ("json", .unlabelled),
        ("application/json", .json),
        ("Application/JSON; charset=utf-8", .json),
        ("application/vnd.api+json", .json),
        ("application/x-amz-json-1.1", .json),
        ("text/json", .json),
        ("application/jjson", .json),
        ("application/jsojson", .json),
        ("application/jsn", .binary),
        ("application/jso", .binary),
        ("application/js-on", .binary),
        ("image/png", .binary),
        ("text/plain; charset=ISO-8859-1", .text(charset: "iso-8859-1")),
        ("application/xml", .text(charset: nil)),
        ("application/x-www-form-urlencoded", .text(charset: nil)),
    ] as [(String?, ResponseBodyType)])
    func aContentTypeSaysHowTheBodyIsRead(contentType: String?, expected: ResponseBodyType) {
        #expect(ResponseBodyType(contentType: contentType) == expected)
    }
}

import Testing
import Netspec

/// OkHttp's `Vary` cases: a stored response is used only for requests with the same values of the
/// fields it varies on.
extension OkHttpCacheTests {
    /// A response varying on `vary`, stored for a request with `first`, then requested with `second`.
    func assertVary(
        _ vary: [String], first: [(String, String)], second: [(String, String)], expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await withCacheHarness { harness in
            harness.mock.enqueue(headers: [("Cache-Control", "max-age=60")] + vary.map { ("Vary", $0) }, body: "A")
            harness.mock.enqueue(body: "B")
            try await #expect(harness.get(headers: first).body == "A", sourceLocation: sourceLocation)
            try await #expect(harness.get(headers: second).body == expected, sourceLocation: sourceLocation)
        }
    }

    @Test func varyMatchesChangedRequestHeaderField() async throws {
        try await assertVary(["Accept-Language"], first: [("Accept-Language", "fr-CA")], second: [("Accept-Language", "en-US")], expected: "B")
    }

    @Test func varyMatchesUnchangedRequestHeaderField() async throws {
        try await assertVary(["Accept-Language"], first: [("Accept-Language", "fr-CA")], second: [("Accept-Language", "fr-CA")], expected: "A")
    }

    @Test func varyMatchesAbsentRequestHeaderField() async throws {
        try await assertVary(["Foo"], first: [], second: [], expected: "A")
    }

    @Test func varyMatchesAddedRequestHeaderField() async throws {
        try await assertVary(["Foo"], first: [], second: [("Foo", "bar")], expected: "B")
    }

    @Test func varyMatchesRemovedRequestHeaderField() async throws {
        try await assertVary(["Foo"], first: [("Foo", "bar")], second: [], expected: "B")
    }

    @Test func varyFieldsAreCaseInsensitive() async throws {
        try await assertVary(["ACCEPT-LANGUAGE"], first: [("Accept-Language", "fr-CA")], second: [("accept-language", "fr-CA")], expected: "A")
    }

    static let threeFields = [("Accept-Language", "fr-CA"), ("Accept-Charset", "UTF-8"), ("Accept-Encoding", "identity")]

    @Test func varyMultipleFieldsWithMatch() async throws {
        try await assertVary(["Accept-Language, Accept-Charset", "Accept-Encoding"], first: Self.threeFields, second: Self.threeFields, expected: "A")
    }

    @Test func varyMultipleFieldsWithNoMatch() async throws {
        var english = Self.threeFields
        english[0] = ("Accept-Language", "en-CA")
        try await assertVary(["Accept-Language, Accept-Charset", "Accept-Encoding"], first: Self.threeFields, second: english, expected: "B")
    }

    @Test func varyMultipleFieldValuesWithMatch() async throws {
        let fields = [("Accept-Language", "fr-CA, fr-FR"), ("Accept-Language", "en-US")]
        try await assertVary(["Accept-Language"], first: fields, second: fields, expected: "A")
    }

    @Test func varyMultipleFieldValuesWithNoMatch() async throws {
        try await assertVary(
            ["Accept-Language"], first: [("Accept-Language", "fr-CA, fr-FR"), ("Accept-Language", "en-US")],
            second: [("Accept-Language", "fr-CA"), ("Accept-Language", "en-US")], expected: "B"
        )
    }

    @Test func varyAsterisk() async throws {
        try await assertVary(["*"], first: [], second: [], expected: "B")
    }
}

import Foundation
import NetspecTestServer
import Testing

@testable import Netspec
import NetspecTestSupport

/// Tokens a `refresh:` obtains are stored, and used by a later call before refreshing again;
/// the file store is readable by its owner only and refuses a file others may read.
@Suite struct TokenStoreTests {
    static let key = "Test http://127.0.0.1:1 TOKEN"

    @Test func theFileStoreKeepsTokensForItsOwnerOnly() throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/state/netspec/tokens.json"
        let store = TokenStore(file: path)
        #expect(try store.token(for: Self.key) == nil)
        try store.setToken("t1", for: Self.key)
        try store.setToken("u1", for: "Other https://x TOKEN")
        #expect(try store.token(for: Self.key) == "t1")
        var info = stat()
        #expect(store.path == path)
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"Other https://x TOKEN":"u1","Test http://127.0.0.1:1 TOKEN":"t1"}"#)
        // Another store on the same file (the next process) reads it.
        #expect(try TokenStore(file: path).token(for: Self.key) == "t1")
        try store.removeToken(for: Self.key)
        #expect(try store.token(for: Self.key) == nil)
        try store.removeAll()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFileOthersMayReadIsRefused() throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/tokens.json"
        try #"{"Test http://127.0.0.1:1 TOKEN":"t1"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        let error = #expect(throws: TokenFileFailure.self) { try TokenStore(file: path).token(for: Self.key) }
        #expect(error?.description == "the token file \(path) may be read or written by others (mode 644); make it 600 (chmod 600 \(path)) or remove it")
        chmod(path, 0o600)
        #expect(try TokenStore(file: path).token(for: Self.key) == "t1")
        try "not json".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let broken = #expect(throws: TokenFileFailure.self) { try TokenStore(file: path).token(for: Self.key) }
        #expect(broken?.description == "the token file \(path) is not a JSON object; remove it (netspec auth clear)")
    }

    /// A refresh stores its token; a later provider with the same store uses it without refreshing;
    /// an explicit variable wins over it.
    @Test func aStoredTokenIsUsedBeforeRefreshing() async throws {
        let refreshes = Counter()
        try await withTestServer(AuthTests.refreshingHandler(refreshes: refreshes, delay: .zero)) { server in
            let store = TokenStore()
            let spec = try Spec(yaml: AuthTests.refreshingSpec, file: "test.yaml")
            func service(_ variables: [String: String] = [:]) -> Service {
                Service(spec: spec, provider: Provider(baseURL: server.baseURL, variables: variables, options: testOptions(), tokenStore: store))
            }
            #expect(try await service().data().value == ["ok": true])
            #expect(refreshes.value == 1)
            #expect(try store.token(for: "Test \(server.baseURL) TOKEN") == "fresh")
            // A new provider (the next process): the stored token, no refresh.
            #expect(try await service().data().value == ["ok": true])
            #expect(refreshes.value == 1)
            // An explicit value wins: `stale` is sent, answered 401, refreshed once more.
            #expect(try await service(["TOKEN": "stale"]).data().value == ["ok": true])
            #expect(refreshes.value == 2)
        }
    }

    @Test func aStoreThatCannotBeUsedFailsTheCallSayingWhy() async throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/tokens.json"
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o666)
        try await withTestServer(AuthTests.refreshingHandler(refreshes: Counter(), delay: .zero)) { server in
            let spec = try Spec(yaml: AuthTests.refreshingSpec, file: "test.yaml")
            let api = Service(spec: spec, provider: Provider(baseURL: server.baseURL, options: testOptions(), tokenStore: TokenStore(file: path)))
            let error = await #expect(throws: CallError.self) { try await api.data() }
            #expect(error?.description == "endpoint 'data': the token file \(path) may be read or written by others (mode 666); make it 600 (chmod 600 \(path)) or remove it")
        }
    }

    /// What the maskers hide (HAR files, `netspec run -v`/`--json`): each stored value whole, an
    /// OAuth 2 record's tokens by the record's variable and member (not its flow or scope), each
    /// value once, none shorter than the masker's minimum.
    @Test func theSecretsAreTheStoredValuesAndAnOAuthRecordsTokens() throws {
        let store = TokenStore()
        let record = #"{"flow":"client_credentials","refresh_token":"rt-9a4b","scope":"items:read","id_token":"at-1"}"#
        try store.setToken("at-1", for: "Items https://api.example.com OAUTH profile=staging")
        try store.setToken(record, for: "Items https://api.example.com OAUTH#oauth profile=staging")
        try store.setToken("k9", for: "Test http://127.0.0.1:1 KEY")
        try store.setToken("own-token", for: "my key")
        let secrets = store.secrets(minimumLength: 3).map { "\($0.label)=\($0.value)" }
        #expect(secrets == ["OAUTH=at-1", "OAUTH#oauth=\(record)", "OAUTH refresh_token=rt-9a4b", "token=own-token"])
        #expect(store.secrets(minimumLength: 5).map(\.value) == [record, "rt-9a4b", "own-token"])
        let custom = TokenStore(token: { _ in "t" }, setToken: { _, _ in }, removeToken: { _ in })
        #expect(custom.secrets(minimumLength: 1).isEmpty)
    }
}

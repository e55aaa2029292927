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

    /// The maskers ask for a file store's secrets after each step or exchange and before each
    /// text they mask: the file is read for them once, and what is stored through the store is
    /// known at once (with what its change read from the file), as is what a call's read found,
    /// without reading the file again. Each ask read and parsed the file.
    @Test func aFileStoresSecretsAreReadOnceThenFollowWhatItStoresAndReads() throws {
        let directory = try ScratchDirectory()
        func write(_ text: String) throws {
            let path = try directory.write(Array(text.utf8), to: "tokens.json")
            chmod(path, 0o600)
        }
        try write(#"{"Items https://api.example.com OAUTH":"at-first-1"}"#)
        let store = TokenStore(file: directory.path + "/tokens.json")
        #expect(store.fileReads == 0)
        for _ in 1...5 { #expect(store.secrets(minimumLength: 3).map(\.value) == ["at-first-1"]) }
        #expect(store.fileReads == 1)
        // Another process's token, not read by this one: not known yet.
        try write(#"{"Items https://api.example.com OAUTH":"at-other-2"}"#)
        #expect(store.secrets(minimumLength: 3).map(\.value) == ["at-first-1"])
        #expect(store.fileReads == 1)
        // Stored through the store (which reads the file to change it): known at once.
        let labelled = { store.secrets(minimumLength: 3).map { "\($0.label)=\($0.value)" } }
        try store.setToken("key-mine-3", for: "Items https://api.example.com KEY")
        #expect(labelled() == ["KEY=key-mine-3", "OAUTH=at-other-2"])
        try store.setToken("key-mine-4", for: "Items https://api.example.com KEY")
        for _ in 1...5 { #expect(labelled() == ["KEY=key-mine-4", "OAUTH=at-other-2"]) }
        #expect(store.fileReads == 3)
        // What a call's read of a token found.
        try write(#"{"Items https://api.example.com OAUTH":"at-other-5"}"#)
        #expect(try store.token(for: "Items https://api.example.com OAUTH") == "at-other-5")
        #expect(labelled() == ["OAUTH=at-other-5"])
        #expect(store.fileReads == 4)
        // A second store of the file asked not to read it knows only what went through it.
        let second = TokenStore(file: directory.path + "/tokens.json")
        #expect(second.secrets(minimumLength: 3, readingFile: false).isEmpty)
        #expect(second.fileReads == 0)
        try second.removeToken(for: "Items https://api.example.com KEY")
        #expect(second.secrets(minimumLength: 3, readingFile: false).map(\.value) == ["at-other-5"])
        #expect(second.fileReads == 1)
    }

    /// A file that cannot be read is tried once for the maskers (`[]`), not at each ask.
    @Test func aTokenFileThatCannotBeReadIsTriedOnceForTheSecrets() throws {
        let directory = try ScratchDirectory()
        let path = try directory.write(Array("{}".utf8), to: "tokens.json")
        chmod(path, 0o644)
        let store = TokenStore(file: path)
        for _ in 1...3 { #expect(store.secrets(minimumLength: 3).isEmpty) }
        #expect(store.fileReads == 1)
    }
}

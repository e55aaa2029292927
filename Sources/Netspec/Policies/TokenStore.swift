#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers
import NetspecModel

/// Where tokens that a spec's `refresh:` obtains are kept between calls (Snowdrop's
/// `AccessTokenStorage`): the provider stores each new token, and a later call whose token
/// variable is not set uses the stored one before refreshing. Values given explicitly (the
/// provider's variables, `--var`, the environment) always win over stored ones.
///
/// ```swift
/// let memory = TokenStore()                                    // for the provider's lifetime: the default
/// let file = TokenStore(file: "/var/lib/app/tokens.json")      // across processes, mode 0600
/// let keychain = TokenStore(                                   // your own storage
///     token: { key in try keychainItem(key) },
///     setToken: { token, key in try saveKeychainItem(token, key) },
///     removeToken: { key in try deleteKeychainItem(key) }
/// )
/// ```
public final class TokenStore: Sendable {

    private enum Backend: Sendable {
        case memory(NIOLockedValueBox<[String: String]>)
        case file(TokenFile)
        case custom(
            token: @Sendable (String) throws -> String?, setToken: @Sendable (String, String) throws -> Void, removeToken: @Sendable (String) throws -> Void
        )
    }

    private let backend: Backend

    /// A store in memory, for the provider's lifetime: the default.
    public init() {
        backend = .memory(NIOLockedValueBox([:]))
    }

    /// A store in one JSON file readable by its owner only (mode 0600), so that a token one process
    /// refreshed is used by the next (the command line's store). The file, and its directory, are made
    /// when a token is first stored; it is refused (an error saying so) when others may read or write
    /// it, or when it is not a regular file; it is written atomically.
    public init(file path: String) {
        backend = .file(TokenFile(path: path))
    }

    /// A store of your own (the Keychain, a database): the three functions get the key (see
    /// ``token(for:)``) and are called under no lock of the store's, from any task.
    public init(
        token: @escaping @Sendable (_ key: String) throws -> String?, setToken: @escaping @Sendable (_ token: String, _ key: String) throws -> Void,
        removeToken: @escaping @Sendable (_ key: String) throws -> Void
    ) {
        backend = .custom(token: token, setToken: setToken, removeToken: removeToken)
    }

    /// The user's token file: `$XDG_STATE_HOME/netspec/tokens.json`, else
    /// `~/.local/state/netspec/tokens.json`; `nil` without a home directory.
    public static var userDefault: TokenStore? {
        UserDirectory.path(xdg: "XDG_STATE_HOME", fallback: ".local/state", appending: "netspec/tokens.json").map { TokenStore(file: $0) }
    }

    /// The file of a store made with ``init(file:)``; `nil` for other stores.
    public var path: String? {
        if case let .file(file) = backend { file.path } else { nil }
    }

    /// The stored token, if any.
    ///
    /// - Parameter key: what the token belongs to, as Netspec writes it: `SERVICE BASEURL VARIABLE`,
    ///   then ` profile=NAME` under a profile (`Items https://api.example.com OAUTH profile=staging`);
    ///   an OAuth 2 login keeps its refresh token and expiry under `VARIABLE#oauth`. A store keeps
    ///   the text as it is.
    public func token(for key: String) throws -> String? {
        switch backend {
        case let .memory(tokens): tokens.withLockedValue { $0[key] }
        case let .file(file): try file.token(for: key)
        case let .custom(token, _, _): try token(key)
        }
    }

    /// Stores a token, replacing any stored under the same key.
    public func setToken(_ token: String, for key: String) throws {
        switch backend {
        case let .memory(tokens): tokens.withLockedValue { $0[key] = token }
        case let .file(file): try file.setToken(token, for: key)
        case let .custom(_, setToken, _): try setToken(token, key)
        }
    }

    /// Removes the token stored under a key.
    public func removeToken(for key: String) throws {
        switch backend {
        case let .memory(tokens): _ = tokens.withLockedValue { $0.removeValue(forKey: key) }
        case let .file(file): try file.removeToken(for: key)
        case let .custom(_, _, removeToken): try removeToken(key)
        }
    }

    /// Every stored value by its key (`netspec auth status`); `[:]` for a store of your own, which
    /// cannot be listed.
    package func entries() throws -> [String: String] {
        switch backend {
        case let .memory(tokens): tokens.withLockedValue { $0 }
        case let .file(file): try file.all()
        case .custom: [:]
        }
    }

    /// Removes every token of a file store (the file itself; `netspec auth clear`).
    package func removeAll() throws {
        guard case let .file(file) = backend else { return }
        try file.removeAll()
    }
}

/// Why a token file cannot be used.
struct TokenFileFailure: Error, Sendable, CustomStringConvertible {
    let description: String
}

/// The file behind ``TokenStore/init(file:)``: one JSON object of tokens by their keys.
final class TokenFile: Sendable {
    /// The file's path.
    let path: String
    private let lock = NIOLock()

    init(path: String) {
        self.path = path
    }

    func token(for key: String) throws -> String? {
        try lock.withLock { try read()[key] }
    }

    func setToken(_ token: String, for key: String) throws {
        try lock.withLock {
            var tokens = try read()
            tokens[key] = token
            try save(tokens)
        }
    }

    func all() throws -> [String: String] {
        try lock.withLock { try read() }
    }

    func removeToken(for key: String) throws {
        try lock.withLock {
            var tokens = try read()
            guard tokens.removeValue(forKey: key) != nil else { return }
            try save(tokens)
        }
    }

    /// Removes every stored token (the file itself).
    func removeAll() throws {
        try lock.withLock {
            guard unlink(path) == 0 || errno == ENOENT else {
                throw TokenFileFailure(description: "cannot remove the token file \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    private func read() throws -> [String: String] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return [:] }
            throw TokenFileFailure(description: "cannot read the token file \(path): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw TokenFileFailure(description: "the token file \(path) is not a regular file") }
        guard info.st_mode & 0o077 == 0 else {
            throw TokenFileFailure(description: "the token file \(path) may be read or written by others (mode \(String(info.st_mode & 0o777, radix: 8))); "
                + "make it 600 (chmod 600 \(path)) or remove it")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(ofFile: path, limit: 16 * 1024 * 1024)
        } catch {
            throw TokenFileFailure(description: "cannot read the token file \(path): \(error.message)")
        }
        guard !bytes.isEmpty else { return [:] }
        guard case let .object(object)? = try? JSONValue(parsing: bytes) else {
            throw TokenFileFailure(description: "the token file \(path) is not a JSON object; remove it (netspec auth clear)")
        }
        var tokens: [String: String] = [:]
        for (key, value) in object { if let token = value.string { tokens[key] = token } }
        return tokens
    }

    private func save(_ tokens: [String: String]) throws {
        var object = JSONObject()
        for key in tokens.keys.sorted() { object[key] = .string(tokens[key]!) }
        guard FileBytes.writeAtomically(JSONValue.object(object).serialized(), to: path, mode: 0o600) else {
            throw TokenFileFailure(description: "cannot write the token file \(path): \(String(cString: strerror(errno)))")
        }
    }
}

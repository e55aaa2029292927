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
/// A file store remembers, in memory, what its file held when it last read or wrote it, and
/// ``secrets(minimumLength:readingFile:)`` answers from that: the maskers ask for the secrets again
/// and again (`netspec run` after each step and before each text it masks, a HAR recording each
/// time it is written), and reading and parsing the file each time was work for nothing. The file
/// is read for them once; a token stored through the store (an OAuth grant, a refresh) is known at
/// once, and so is what the file held when a call last read a token from it (another process's).
/// The secrets made from the values are kept too, until the values change.
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

    enum Backend: Sendable {
        case memory(NIOLockedValueBox<[String: String]>)
        case file(TokenFile)
        case custom(
            token: @Sendable (String) throws -> String?, setToken: @Sendable (String, String) throws -> Void, removeToken: @Sendable (String) throws -> Void
        )
    }

    let backend: Backend
    /// The secrets last made, and what they were made from (``secrets(minimumLength:readingFile:)``).
    let madeSecrets = NIOLockedValueBox(MadeSecrets())

    /// A store in memory, for the provider's lifetime: the default.
    public init() {
        backend = .memory(NIOLockedValueBox([:]))
    }

    /// A store in one JSON file readable by its owner only (mode 0600), so that a token one process
    /// refreshed is used by the next (the command line's store). The file, and its directory, are made
    /// when a token is first stored; it is refused (an error saying so) when others may read or write
    /// it, or when it is not a regular file; it is written atomically. Processes sharing the file
    /// change it one at a time, under a `flock(2)` on `FILE.lock` beside it (kept, mode 0600), so
    /// that none loses a token another stored meanwhile.
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

    /// How many times the file of a store made with ``init(file:)`` has been read (0 for other
    /// stores): what the tests count.
    package var fileReads: Int {
        if case let .file(file) = backend { file.reads } else { 0 }
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

    /// Reads the values under `keys` and changes them as one step: `body` gets those that are
    /// stored, and what it leaves is stored (a key it removes is removed). A file store does it
    /// under its lock between processes, so that what another process stored meanwhile is neither
    /// lost nor overwritten unseen; a store of your own gets the calls one after another.
    package func update<Result>(_ keys: [String], _ body: (inout [String: String]) throws -> Result) throws -> Result {
        func change(_ all: inout [String: String]) throws -> Result {
            var part: [String: String] = [:]
            for key in keys { part[key] = all[key] }
            let result = try body(&part)
            for key in keys { all[key] = part[key] }
            return result
        }
        switch backend {
        case let .memory(tokens): return try tokens.withLockedValue { try change(&$0) }
        case let .file(file): return try file.update { try change(&$0) }
        case let .custom(token, setToken, removeToken):
            var before: [String: String] = [:]
            for key in keys { before[key] = try token(key) }
            var after = before
            let result = try change(&after)
            for key in keys where after[key] != before[key] {
                if let value = after[key] { try setToken(value, key) } else { try removeToken(key) }
            }
            return result
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
///
/// It remembers what the file held when it last read or wrote it (``known(reading:)``), under the
/// lock its reads and writes take, so that what it remembers is never older than a read or write
/// of this instance's that finished.
///
/// Every change (set, remove, remove all) reads, changes and writes the file back under an
/// exclusive `flock(2)` on a sibling lock file, `FILE.lock` (mode 0600, kept), so that processes
/// sharing the file never lose each other's changes; the write is atomic (a new file renamed over
/// the old), so a read needs no lock and always sees a whole file.
final class TokenFile: Sendable {
    /// The file's path.
    let path: String
    /// Serialises this instance's own threads; `flock` serialises processes (and instances).
    private let lock = NIOLock()
    /// What the file held when last read or written (`nil` before it is read), changed under `lock`.
    private let held = NIOLockedValueBox<[String: String]?>(nil)
    /// How many times the file has been read.
    private let readCount = NIOLockedValueBox(0)

    init(path: String) {
        self.path = path
    }

    /// How many times the file has been read (``TokenStore/fileReads``).
    var reads: Int { readCount.withLockedValue { $0 } }

    /// What the file held when this instance last read or wrote it, without reading it again; the
    /// file read now if it has not been yet and `reading` (`[:]` when it cannot be, which is not
    /// tried again: a file that cannot be read fails the calls, saying why).
    func known(reading: Bool) -> [String: String] {
        lock.withLock {
            if let tokens = held.withLockedValue({ $0 }) { return tokens }
            guard reading else { return [:] }
            guard let tokens = try? read() else {
                held.withLockedValue { $0 = [:] }
                return [:]
            }
            return tokens
        }
    }

    func token(for key: String) throws -> String? {
        try lock.withLock { try read()[key] }
    }

    func setToken(_ token: String, for key: String) throws {
        try update { $0[key] = token }
    }

    func all() throws -> [String: String] {
        try lock.withLock { try read() }
    }

    func removeToken(for key: String) throws {
        try update { _ = $0.removeValue(forKey: key) }
    }

    /// Reads the tokens, lets `body` change them, and writes them back when changed, all under the
    /// lock between processes: what another process stored meanwhile is kept.
    @discardableResult
    func update<Result>(_ body: (inout [String: String]) throws -> Result) throws -> Result {
        try lock.withLock {
            try withFileLock {
                let before = try read()
                var tokens = before
                let result = try body(&tokens)
                if tokens != before {
                    try save(tokens)
                    held.withLockedValue { $0 = tokens }
                }
                return result
            }
        }
    }

    /// Removes every stored token (the file itself).
    func removeAll() throws {
        try lock.withLock {
            try withFileLock {
                guard unlink(path) == 0 || errno == ENOENT else {
                    throw TokenFileFailure(description: "cannot remove the token file \(path): \(String(cString: strerror(errno)))")
                }
                held.withLockedValue { $0 = [:] }
            }
        }
    }

    /// Runs `body` holding an exclusive `flock` on `FILE.lock`, made (with its directory) when missing.
    private func withFileLock<Result>(_ body: () throws -> Result) throws -> Result {
        let lockPath = path + ".lock"
        var descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == ENOENT, let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            FileBytes.makeDirectories(String(path[..<slash]))
            descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else {
            throw TokenFileFailure(description: "cannot open the token file's lock \(lockPath): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw TokenFileFailure(description: "cannot lock the token file \(lockPath): \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The file's tokens, read now (and remembered: ``known(reading:)``); called under `lock`.
    private func read() throws -> [String: String] {
        readCount.withLockedValue { $0 += 1 }
        let tokens = try readFile()
        held.withLockedValue { $0 = tokens }
        return tokens
    }

    private func readFile() throws -> [String: String] {
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

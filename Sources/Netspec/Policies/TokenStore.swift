#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers

extension Provider {
    /// Where tokens that a spec's `refresh:` obtains are kept between calls (Snowdrop's
    /// `AccessTokenStorage`): the provider stores each new token, and a later call whose token
    /// variable is not set uses the stored one before refreshing. Values given explicitly (the
    /// provider's variables, `--var`, the environment) always win over stored ones.
    public protocol TokenStore: Sendable {
        /// The stored token, if any.
        func token(for key: TokenKey) throws -> String?
        /// Stores a token, replacing any stored under the same key.
        func setToken(_ token: String, for key: TokenKey) throws
        /// Removes the token stored under a key.
        func removeToken(for key: TokenKey) throws
    }

    /// What a stored token belongs to: the service, the base URL its calls go to, and the variable
    /// its `refresh:` fills.
    public struct TokenKey: Sendable, Hashable, CustomStringConvertible {
        /// The spec's `service` name.
        public var service: String
        /// The base URL of the calls (the call's, the provider's or the spec's).
        public var baseURL: String
        /// The `${NAME}` variable the token is the value of.
        public var variable: String

        /// Creates a key.
        public init(service: String, baseURL: String, variable: String) {
            self.service = service
            self.baseURL = baseURL
            self.variable = variable
        }

        /// `service baseURL variable`, as the file store writes it.
        public var description: String { service + " " + baseURL + " " + variable }
    }

    /// Tokens kept in memory for the provider's lifetime: the default.
    public final class InMemoryTokenStore: TokenStore {
        private let tokens = NIOLockedValueBox<[TokenKey: String]>([:])

        /// Creates an empty store.
        public init() {}

        public func token(for key: TokenKey) -> String? { tokens.withLockedValue { $0[key] } }
        public func setToken(_ token: String, for key: TokenKey) { tokens.withLockedValue { $0[key] = token } }
        public func removeToken(for key: TokenKey) { _ = tokens.withLockedValue { $0.removeValue(forKey: key) } }
    }

    /// Tokens kept in one JSON file readable by its owner only (mode 0600), so that a token one
    /// `netspec call` refreshed is used by the next: the command line's store.
    ///
    /// The file is refused (an error saying so) when others may read or write it, or when it is not
    /// a regular file; it is written atomically (a temporary file in the same directory, renamed).
    public final class FileTokenStore: TokenStore {
        /// The file's path.
        public let path: String
        private let lock = NIOLock()

        /// A store in `path` (made, with its directory, when a token is first stored).
        public init(path: String) {
            self.path = path
        }

        /// The user's token file: `$XDG_STATE_HOME/netspec/tokens.json`, else
        /// `~/.local/state/netspec/tokens.json`; `nil` without a home directory.
        public static var userDefault: FileTokenStore? {
            UserDirectory.path(xdg: "XDG_STATE_HOME", fallback: ".local/state", appending: "netspec/tokens.json").map(FileTokenStore.init)
        }

        /// Why the store cannot be used.
        public struct Failure: Error, Sendable, CustomStringConvertible {
            public let description: String
        }

        public func token(for key: TokenKey) throws -> String? {
            try lock.withLock { try read()[key.description] }
        }

        public func setToken(_ token: String, for key: TokenKey) throws {
            try lock.withLock {
                var tokens = try read()
                tokens[key.description] = token
                try save(tokens)
            }
        }

        public func removeToken(for key: TokenKey) throws {
            try lock.withLock {
                var tokens = try read()
                guard tokens.removeValue(forKey: key.description) != nil else { return }
                try save(tokens)
            }
        }

        /// Removes every stored token (the file itself).
        public func removeAll() throws {
            try lock.withLock {
                guard unlink(path) == 0 || errno == ENOENT else {
                    throw Failure(description: "cannot remove the token file \(path): \(String(cString: strerror(errno)))")
                }
            }
        }

        private func read() throws -> [String: String] {
            var info = stat()
            guard stat(path, &info) == 0 else {
                if errno == ENOENT { return [:] }
                throw Failure(description: "cannot read the token file \(path): \(String(cString: strerror(errno)))")
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(description: "the token file \(path) is not a regular file") }
            guard info.st_mode & 0o077 == 0 else {
                throw Failure(description: "the token file \(path) may be read or written by others (mode \(String(info.st_mode & 0o777, radix: 8))); "
                    + "make it 600 (chmod 600 \(path)) or remove it")
            }
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.contents(ofFile: path, limit: 16 * 1024 * 1024)
            } catch {
                throw Failure(description: "cannot read the token file \(path): \(error.message)")
            }
            guard !bytes.isEmpty else { return [:] }
            guard case let .object(object)? = try? JSONValue(parsing: bytes) else {
                throw Failure(description: "the token file \(path) is not a JSON object; remove it (netspec auth clear)")
            }
            var tokens: [String: String] = [:]
            for (key, value) in object { if let token = value.string { tokens[key] = token } }
            return tokens
        }

        private func save(_ tokens: [String: String]) throws {
            var object = JSONObject()
            for key in tokens.keys.sorted() { object[key] = .string(tokens[key]!) }
            guard FileBytes.writeAtomically(JSONValue.object(object).serialized(), to: path, mode: 0o600) else {
                throw Failure(description: "cannot write the token file \(path): \(String(cString: strerror(errno)))")
            }
        }
    }
}

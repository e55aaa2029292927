#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's per-application directories (XDG Base Directory), shared by the token file and the
/// HTTP cache.
enum UserDirectory {
    /// `$XDG_VARIABLE/relative` when that variable holds an absolute path, else
    /// `$HOME/fallback/relative`; `nil` without a home directory.
    static func path(xdg variable: String, fallback: String, appending relative: String) -> String? {
        if let base = getenv(variable).map({ String(cString: $0) }), base.hasPrefix("/") {
            return base + "/" + relative
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return home + "/" + fallback + "/" + relative
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's per-application directories (XDG Base Directory), shared by the token file, the
/// HTTP cache and the spec cache.
package enum UserDirectory {
    /// The folder of one of netspec's caches (`specs`, `http`): `$NETSPEC_CACHE_DIR/subfolder`
    /// when that variable is set (`nil` when it is set but empty: nothing on disk), else
    /// `$XDG_CACHE_HOME/netspec/subfolder`, else `~/.cache/netspec/subfolder`; `nil` without a
    /// home directory.
    package static func netspecCache(_ subfolder: String) -> String? {
        if let configured = getenv("NETSPEC_CACHE_DIR").map({ String(cString: $0) }) {
            return configured.isEmpty ? nil : configured + "/" + subfolder
        }
        return path(xdg: "XDG_CACHE_HOME", fallback: ".cache", appending: "netspec/" + subfolder)
    }

    /// `$XDG_VARIABLE/relative` when that variable holds an absolute path, else
    /// `$HOME/fallback/relative`; `nil` without a home directory.
    package static func path(xdg variable: String, fallback: String, appending relative: String) -> String? {
        if let base = getenv(variable).map({ String(cString: $0) }), base.hasPrefix("/") {
            return base + "/" + relative
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return home + "/" + fallback + "/" + relative
    }
}

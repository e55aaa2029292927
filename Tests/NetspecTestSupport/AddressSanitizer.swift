#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the tests need to know when the suite runs under AddressSanitizer
/// (`swift test --sanitize=address`).
public enum AddressSanitizer {
    /// Whether this process runs under AddressSanitizer. Its quarantine keeps freed memory
    /// resident and its shadow memory adds to the resident size, so tests that bound memory
    /// growth skip that one check under it (everything else they check still runs).
    public static let isActive: Bool = dlsym(nil, "__asan_init") != nil
}

/// Leaks LeakSanitizer must not report, read by the sanitizer runtime at start-up (this weak
/// hook of the runtime is overridden here so that `swift test --sanitize=address` needs no
/// options). LeakSanitizer cannot follow Swift pointers stored with an enum's tag in their spare
/// bits, so memory that a lazily initialised `static let` (a test fixture made once) holds for the
/// whole run is reported as leaked, as are XCTest's own objects at exit. For the same reason the
/// side table made when an object is first referenced weakly (its address is kept shifted in the
/// object's reference count; Foundation's `Process` does this for every child the tests start)
/// is reported once its object lives to the end. Nothing else is suppressed: a leak in Netspec's
/// code outside a static initializer is still reported.
@_cdecl("__lsan_default_suppressions")
public func leakSanitizerDefaultSuppressions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let suppressions: StaticString = """
    leak:swift::threading_impl::once_slow
    leak:libXCTest.so
    leak:formWeakReference

    """

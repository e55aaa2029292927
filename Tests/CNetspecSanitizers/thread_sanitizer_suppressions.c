// Races ThreadSanitizer must not report, read by the sanitizer runtime at start-up. This weak
// hook of the runtime is overridden here so that `swift test --sanitize=thread` needs no options
// (AddressSanitizer.swift does the same for leaks). It is written in C, not Swift, because the
// runtime calls it while it initialises itself, before an instrumented Swift function may run.
//
// One known false report is suppressed: a read inside `UnsafeContinuation.resume` on the thread
// that resumes a task, against the write of the next continuation that the resumed task makes on
// another thread, in the same task-allocator memory. The Swift concurrency runtime orders the two
// with its own atomics, which ThreadSanitizer does not see on Linux
// (https://github.com/swiftlang/swift/issues/57803). It appears now and then wherever a task
// awaits `EventLoopFuture.get()` (NIO resumes an unsafe continuation from the event loop), for
// example in the test server and in an upload's wait for the event loops. Only a frame of the
// runtime's continuation machinery matches, so a race in Netspec's own code is still reported.

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
__attribute__((no_sanitize("thread"), used))
const char *__tsan_default_suppressions(void) {
    // The demangled name, and the mangled one (`$sScc6resume…`) for reports symbolized without
    // demangling. Templates match anywhere in a name; a `$` would anchor the end, so it is left out.
    return "race:UnsafeContinuation.resume\n"
           "race:sScc6resume\n";
}
#endif
#endif

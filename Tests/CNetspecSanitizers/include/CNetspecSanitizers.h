// Start-up hooks for the test bundle; nothing here is called from Swift. See
// thread_sanitizer_suppressions.c (the sanitizer runtime's). The variables set before any thread
// starts are CNetspecTestEnvironment's, which executables do not link.

// Start-up hooks for the test bundle; nothing here is called from Swift. See
// thread_sanitizer_suppressions.c (the sanitizer runtime's) and test_environment.c (variables
// set before any thread starts).

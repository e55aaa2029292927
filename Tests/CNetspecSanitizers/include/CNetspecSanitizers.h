// Sanitizer runtime hooks for the test bundle; nothing here is called from Swift.
// See thread_sanitizer_suppressions.c.

// Variables the environment tests read, set by a constructor of the test bundle
// (test_environment.c); nothing here is called from Swift.

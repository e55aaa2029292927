// Variables the environment tests read (SecurityTests), set before the test bundle's first thread
// starts. Setting them from a test while others run would race: glibc's setenv may move the
// environment array that a concurrent getenv, or a child launch copying the environment, is
// reading at that moment. Their names are used by no other test.
//
// Only the test bundle links this (NetspecTests depends on it), never an executable such as
// planted-server: setenv in a constructor moves `environ` off the stack, and a binary built with
// --static-swift-stdlib runs it before the Swift runtime's own constructor, which finds argv by
// walking back from `environ` on the stack, so its CommandLine.arguments came out empty.
#include <stdlib.h>

__attribute__((constructor, used))
static void netspec_set_test_environment(void) {
    setenv("NETSPEC_TEST_UNNAMED_SECRET", "do-not-send", 1);
    setenv("NETSPEC_TEST_NAMED", "named-value", 1);
    setenv("NETSPEC_TEST_ENVIRONMENT_OFF", "from-env", 1);
}

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
    // Calls read the proxy variables as curl does (Provider.Options.Proxy): the tests' servers on
    // 127.0.0.1 are reached directly whatever the machine sets, and the children the tests start
    // (the netspec binary) inherit none. The proxy tests give theirs as an injected environment,
    // or to the child they start.
    static const char *const proxies[] = {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"};
    for (unsigned i = 0; i < sizeof proxies / sizeof proxies[0]; i++) unsetenv(proxies[i]);
}

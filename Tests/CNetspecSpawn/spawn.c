// The GNU extensions the tests' child-process launcher needs (NetspecTestServer/Spawn.swift),
// which Swift's Glibc module does not expose.
#define _GNU_SOURCE
#include "CNetspecSpawn.h"

#include <fcntl.h>
#include <unistd.h>

int netspec_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int netspec_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int netspec_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
#if defined(__linux__)
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
#else
    (void)actions;
    (void)from;
    return 0;
#endif
}

#ifndef CNETSPEC_SPAWN_H
#define CNETSPEC_SPAWN_H

#include <spawn.h>

/// pipe2(fds, O_CLOEXEC): both ends close on exec (GNU; not exposed to Swift by Glibc).
int netspec_pipe_cloexec(int fds[2]);
/// posix_spawn_file_actions_addchdir_np: the child starts in `path`.
int netspec_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);
/// posix_spawn_file_actions_addclosefrom_np: the child closes every descriptor from `from` up.
int netspec_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from);

#endif

// peak-rss REPORT PROGRAM [ARGUMENT...]
//
// Runs PROGRAM and writes "<exit status> <peak RSS in KiB>" to the file REPORT; exits with the
// program's status. netspec-bench runs children through it to measure their peak memory: a child
// that the (large) benchmark process spawns directly inherits the benchmark's high-water RSS at
// exec (posix_spawn shares the parent's memory until exec), so its ru_maxrss would be wrong.
// This program is small, so what it passes on is negligible (it is reported with the results).
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: peak-rss REPORT PROGRAM [ARGUMENT...]\n");
        return 64;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("peak-rss: fork");
        return 71;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("peak-rss: exec");
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) { perror("peak-rss: wait4"); return 71; }
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *report = fopen(argv[1], "w");
    if (report) {
        fprintf(report, "%d %ld\n", code, usage.ru_maxrss);
        fclose(report);
    }
    return code;
}

// peak-rss REPORT PROGRAM [ARGUMENT...]
//
// Runs PROGRAM in a child it forks and writes "<exit status> <peak RSS in KiB>" to the file REPORT;
// exits with the program's status. The CLI tests (CallUploadTests) and netspec-bench measure
// `netspec call`'s peak memory through it.
//
// Why a program of its own: Linux's exec folds the replaced address space's high-water RSS into
// the process's ru_maxrss. A child that a large process spawns directly (posix_spawn shares the
// parent's memory until exec) therefore reports at least the parent's own peak: under a parallel
// test run, the test runner's peak, which grows while other tests run. A child forked from this
// small program inherits only this program's high-water mark (about 1 MiB).
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

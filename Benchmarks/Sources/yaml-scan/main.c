// The floor for a cold spec load as a process: read a YAML file and run libyaml's event parser
// over it, building nothing (the `bigspec` workload times `netspec validate` and `netspec call`
// against it). Prints the number of events; exit status 1 for an unreadable file or invalid YAML.
#include <stdio.h>
#include <stdlib.h>

#include "yaml_floor.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: yaml-scan FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    size_t capacity = 1 << 20, length = 0;
    unsigned char *bytes = malloc(capacity);
    size_t count;
    while (bytes && (count = fread(bytes + length, 1, capacity - length, file)) > 0) {
        length += count;
        if (length == capacity) bytes = realloc(bytes, capacity *= 2);
    }
    fclose(file);
    if (!bytes) return 1;
    long events = netspec_bench_yaml_event_scan(bytes, length);
    free(bytes);
    if (events < 0) return 1;
    printf("%ld\n", events);
    return 0;
}

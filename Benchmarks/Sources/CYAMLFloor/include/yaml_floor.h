#ifndef NETSPEC_BENCH_YAML_FLOOR_H
#define NETSPEC_BENCH_YAML_FLOOR_H

#include <stddef.h>

/// Runs libyaml's event parser over `length` bytes of YAML and builds nothing.
/// Returns the number of events, or -1 when the document is not valid YAML.
long netspec_bench_yaml_event_scan(const unsigned char *input, size_t length);

/// The version of the libyaml this was linked with.
const char *netspec_bench_yaml_version(void);

#endif

#include "yaml_floor.h"

#include <yaml.h>

long netspec_bench_yaml_event_scan(const unsigned char *input, size_t length) {
    yaml_parser_t parser;
    yaml_event_t event;
    long count = 0;
    if (!yaml_parser_initialize(&parser)) return -1;
    yaml_parser_set_input_string(&parser, input, length);
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            count = -1;
            break;
        }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        count++;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    return count;
}

const char *netspec_bench_yaml_version(void) {
    return yaml_get_version_string();
}

"""Times a Python OpenAPI library loading a document, for netspec-bench's `openapi` workload.

    openapi_peer.py openapi-core FILE          # openapi-core 0.19.5, spec validation off
    openapi_peer.py openapi-core-validating FILE

Each line "run" on standard input loads FILE once, in this process (imports are done before),
and answers "<nanoseconds> <operations>"; the end of standard input ends it.
Installed with Tests/Peers/setup.sh --bench (pinned in Benchmarks/inputs/requirements.txt).
"""
import sys
import time

from openapi_core import Config, OpenAPI

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
tool, path = sys.argv[1], sys.argv[2]
config = Config() if tool == "openapi-core-validating" else Config(spec_validator_cls=None)

for line in sys.stdin:
    if line.strip() != "run":
        break
    start = time.perf_counter_ns()
    api = OpenAPI.from_file_path(path, config=config)
    elapsed = time.perf_counter_ns() - start
    with (api.spec / "paths").open() as paths:
        operations = sum(len(METHODS & set(item.keys())) for item in paths.values())
    print(elapsed, operations, flush=True)

"""Times a Python JSON Schema validator for netspec-bench's `schema` workload.

    schema_peer.py jsonschema|jsonschema-rs DIR    # DIR as gen_schema_data.py writes it

The documents are parsed and the validator built before any timing (Draft202012Validator for
jsonschema 4.26, jsonschema_rs.Draft202012Validator for jsonschema-rs; pinned in
Benchmarks/inputs/requirements.txt and Tests/Peers/requirements.txt). Each line on standard
input, "big" or "small", runs that part once and answers "<nanoseconds> <valid count>": the
~1 MB document against the list schema, or each of the 100,000 small objects against the user
schema. Each timed pass follows an untimed one, as netspec-bench does for Netspec (memory left
idle while the other tools run is slowed by the machine's DAMON `pageout` scheme). The end of
standard input ends it.
"""
import json
import sys
import time

tool, folder = sys.argv[1], sys.argv[2]
with open(folder + "/schema.json") as file:
    schema = json.load(file)
with open(folder + "/big.json") as file:
    big = json.load(file)
with open(folder + "/small.json") as file:
    small = json.load(file)
list_schema = dict(schema, **{"$ref": "#/$defs/list"})

if tool == "jsonschema":
    from jsonschema import Draft202012Validator as Validator
else:
    from jsonschema_rs import Draft202012Validator as Validator
user_validator = Validator(schema)
list_validator = Validator(list_schema)

for line in sys.stdin:
    part = line.strip()
    if part == "big":
        list_validator.is_valid(big)
        start = time.perf_counter_ns()
        valid = 1 if list_validator.is_valid(big) else 0
        elapsed = time.perf_counter_ns() - start
    elif part == "small":
        is_valid = user_validator.is_valid
        sum(1 for value in small if is_valid(value))
        start = time.perf_counter_ns()
        valid = sum(1 for value in small if is_valid(value))
        elapsed = time.perf_counter_ns() - start
    else:
        break
    print(elapsed, valid, flush=True)

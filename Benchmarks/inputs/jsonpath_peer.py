"""Times the `jsonpath-rfc9535` package (1.0.1, pinned in Tests/Peers/requirements.txt) for
netspec-bench's `jsonpath` workload.

    jsonpath_peer.py DIR CTS.json

Writes into DIR, before any timing, the workload's inputs: `jsonpath.json`, a ~1 MB document (an
array of 16,000 small objects drawn from a fixed seed, the shape the suite's filters test: members
a, b, c, d, key, id), and `jsonpath_queries.json`, the JSONPath Compliance Test Suite's valid filter
queries that this package evaluates on it. Left out, and said why in the workload's note: queries
with `$` after the root (an absolute query inside a filter is evaluated once per element, so over
this document they cost the square of its size and measure nothing but that), and those the package
fails on. Then prints "ready"; each line "N" on standard input evaluates the first N queries in
turn (cycling), compiled before the clock, and answers "<nanoseconds> <nodes selected>".
"""
import json
import random
import sys
import time

import jsonpath_rfc9535 as jsonpath

folder, cts = sys.argv[1], sys.argv[2]
rng = random.Random(9535)
letters = "abcdefghij"
document = []
for index in range(16000):
    item = {"a": rng.choice([1, 2, "b", "c", None, True, [1], {"b": 1}]), "b": rng.choice(["x", "y", 1, 2.5]),
            "c": [rng.randrange(10) for _ in range(rng.randrange(4))], "d": {"e": rng.randrange(5), "f": letters[index % 10]},
            "key": rng.randrange(100), "id": index}
    if rng.random() < 0.3:
        del item["a"]
    document.append(item)
with open(folder + "/jsonpath.json", "w") as file:
    json.dump(document, file, separators=(",", ":"))

with open(cts) as file:
    tests = json.load(file)["tests"]
selectors = sorted({test["selector"] for test in tests if not test.get("invalid_selector") and "?" in test["selector"]})
queries = []
for selector in selectors:
    if "$" in selector[1:]:
        continue
    try:
        jsonpath.compile(selector).find(document)
    except Exception:  # the package's own defects (value() of a singular query raises TypeError)
        continue
    queries.append(selector)
with open(folder + "/jsonpath_queries.json", "w") as file:
    json.dump(queries, file)
compiled = [jsonpath.compile(query) for query in queries]
print("ready", flush=True)

for line in sys.stdin:
    count = int(line)
    start = time.perf_counter_ns()
    nodes = 0
    for index in range(count):
        nodes += len(compiled[index % len(compiled)].find(document))
    elapsed = time.perf_counter_ns() - start
    print(elapsed, nodes, flush=True)

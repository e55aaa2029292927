#!/usr/bin/env bash
# Profiles Netspec's side of one workload with perf's cpu-clock sampling (these machines have no
# hardware counters, and valgrind 3.19 cannot read Swift 6.3's DWARF 5), and prints the hottest
# functions, self time and inclusive, demangled.
#
#   ./profile.sh bind            # spec | json | shape | sse | bind | get | call | schema
#   ./profile.sh cold            # one `netspec call` process (run 200 times), against bench-server
set -euo pipefail
cd "$(dirname "$0")"
workload=${1:?usage: ./profile.sh spec|json|shape|sse|bind|get|call|schema|cold}
data=${TMPDIR:-/tmp}/netspec-profile-$workload.data
bench=.build/release/netspec-bench

if [ "$workload" = cold ]; then
    exec 3< <(sleep 600)
    coproc SERVER { .build/release/bench-server <&3; }
    read -r _ port <&"${SERVER[0]}"
    perf record -q -e cpu-clock -F 10000 -g -o "$data" -- bash -c \
        "for i in \$(seq 200); do ../.build/release/netspec call inputs/bench.yaml getUser id=1 --base-url http://127.0.0.1:$port --raw >/dev/null; done"
    exec 3<&-
    kill "$SERVER_PID" 2>/dev/null || true
    filter=(--comm netspec)
else
    perf record -q -e cpu-clock -F 4000 -g -o "$data" -- "$bench" --profile "$workload" 2> "$data.log"
    cat "$data.log" >&2
    # Only the benchmark process (not bench-server, not the input generators).
    filter=(--pid "$(sed -n 's/^profiling pid //p' "$data.log")")
fi

report() {
    perf report -i "$data" "${filter[@]}" --stdio -g none --percent-limit 0.8 "$@" 2>/dev/null \
        | grep -v '^#' | grep -v '^$' | swift demangle --simplified | cut -c1-220 | head -40
}
echo "== self time, by function =="
report --no-children --sort dso,symbol
echo
echo "== inclusive time (children), by function =="
report --children --sort symbol

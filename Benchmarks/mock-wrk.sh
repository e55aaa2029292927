#!/bin/bash
# The mock server's wrk rows of BENCHMARKS.md (issue 55): the stateful mock (POST /pets then GET of
# the created item, `inputs/stateful_postget.lua`), the stateless mock (GET /users/1 of
# `inputs/bench.yaml`) and bare Hummingbird 2 (`hummingbird-server`, the same bytes), in turn,
# round after round, on one core's worth of wrk (`-t1 -c64 -d4s`).
#
#   Benchmarks/mock-wrk.sh .build-static/release/netspec [ROUNDS]
#
# Needs wrk, and `swift build -c release --product hummingbird-server` in Benchmarks/.
set -u
BIN=$1; ROUNDS=${2:-3}
cd "$(dirname "$0")/.." || exit 1
HB=Benchmarks/.build/release/hummingbird-server
for tool in wrk "$BIN" "$HB"; do command -v "$tool" >/dev/null || { echo "mock-wrk: $tool is missing" >&2; exit 1; }; done
port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
# Requests/s, and any non-2xx count wrk prints (a clean run prints none).
rate() { wrk -t1 -c64 -d4s "$@" | awk '/Requests\/sec/{r=$2} /Non-2xx/{n=" (non-2xx: "$NF")"} END{print r n}'; }
out=$(mktemp); fifo=$(mktemp -u); mkfifo "$fifo"
for r in $(seq 1 "$ROUNDS"); do
  P=$(port); "$BIN" mock specs/petstore.openapi.yaml --stateful --port "$P" >/dev/null 2>&1 & S=$!; sleep 1
  st=$(rate -s Benchmarks/inputs/stateful_postget.lua "http://127.0.0.1:$P"); kill $S; wait $S 2>/dev/null
  P=$(port); "$BIN" mock Benchmarks/inputs/bench.yaml --port "$P" >/dev/null 2>&1 & S=$!; sleep 1
  sl=$(rate "http://127.0.0.1:$P/users/1"); kill $S; wait $S 2>/dev/null
  # hummingbird-server prints its port and ends when its standard input closes: this script holds
  # the FIFO it reads open (descriptor 3) and closes it, so that no other process is signalled.
  "$HB" <"$fifo" >"$out" 2>&1 & H=$!; exec 3>"$fifo"; sleep 1; P=$(awk '/PORT/{print $2}' "$out")
  hb=$(rate "http://127.0.0.1:$P/users/1"); exec 3>&-; wait $H 2>/dev/null
  echo "round $r: stateful $st, stateless $sl, hummingbird $hb requests/s"
done
rm -f "$out" "$fifo"

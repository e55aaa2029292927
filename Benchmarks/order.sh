#!/usr/bin/env bash
# Records the functions a cold `netspec` process runs into Benchmarks/netspec.order, the
# symbol ordering file of the README's build command: lld lays them out together at the start of
# the code, so a cold call maps and faults in less of the binary: it peaks at 0.82× the memory
# (20.9 MiB against 25.5; farm-bench, 100 pairs, 2026-11-25), in the same time (docs/cli.md#building-and-installing).
#
# Regenerate it after renaming or moving Netspec's functions (SymbolOrderTests fails when more than
# 5% of the ones it names are gone from the built CLI; Benchmarks/order-check.py BINARY says how
# many), then commit the file.
#
# Builds the static CLI as the README does but keeps its symbols (.build-order), runs a call
# against a local server, --mock, --dry-run and --version under valgrind's callgrind (apt-get
# install valgrind), and writes every function they ran, in the order callgrind first saw them.
#
#   Benchmarks/order.sh [BINARY]
#
# BINARY: a static CLI already built by the README's command without `-Xlinker -s` (its symbols
# kept), instead of building one (the build is most of the time: the runs take seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "order.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
binary=${1:-.build-order/release/netspec}
if [ $# -eq 0 ]; then
  mkdir -p .build-order/cxx && ln -sf "$(clang -print-file-name=libstdc++.a)" .build-order/cxx/
  swift build -c release --static-swift-stdlib --scratch-path .build-order --product netspec \
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
    -Xswiftc -L"$PWD/.build-order/cxx" -Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs -Xlinker -no-pie >&2
fi
work=$(mktemp -d)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
# valgrind cannot read the binary's DWARF; the symbol table is enough.
objcopy --strip-debug "$binary" "$work/netspec"
python3 - "$work/port" <<'PY' &
import http.server, socketserver, sys
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        body = b'{"id":"1","name":"a"}'
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
    def log_message(self, *args): pass
server = socketserver.TCPServer(("127.0.0.1", 0), Handler)
open(sys.argv[1], "w").write(str(server.server_address[1]))
server.serve_forever()
PY
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
base="http://127.0.0.1:$(cat "$work/port")"
n=0
for args in "call specs/users.yaml getUser id=1 --base-url $base --raw" "call specs/users.yaml getUser id=1 --mock" \
            "call specs/users.yaml getUser id=1 --dry-run" "--version"; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    NETSPEC_CACHE_DIR= valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$n" "$work/netspec" $args >/dev/null 2>&1
done
cat "$work"/cg.* | grep -oE '^c?fn=\([0-9]+\) .*' | sed -E 's/^c?fn=\([0-9]+\) //' | grep -v '^0x' | awk '!seen[$0]++' > Benchmarks/netspec.order
echo "Benchmarks/netspec.order: $(wc -l < Benchmarks/netspec.order) functions" >&2
# The check the tests make of the debug CLI (SymbolOrderTests), here of the binary just profiled.
python3 Benchmarks/order-check.py "$binary" >&2

#!/usr/bin/env bash
# Records Tests/NetspecTests/Fixtures/har/mitmproxy.har with mitmproxy's own HAR export (the
# savehar addon, `mitmdump --set hardump=FILE`): mitmdump in reverse-proxy mode in front of the
# httpbin peer on 127.0.0.1, three exchanges sent through it with curl (JSON, a PNG, a JSON POST).
# HARReplayTests and HARCommandTests replay the file with the peer gone.
#
# mitmproxy is not in the peers venv: no release installs beside Tests/Peers/requirements.txt
# (pip's resolver, every mitmproxy up to 11.0.2: mitmproxy needs h11<=0.14.0, while mcp==2.3.0
# needs httpx2>=2.10.0, whose httpcore2 needs h11>=0.16; 11.0.2 also needs flask<=3.1.0 and
# cryptography<44.1 against flask==3.1.3 and authlib 1.9.9's cryptography>=45.0.1). So it gets a
# venv of its own, .build/mitmproxy, made here; the tests only read the file this writes.
# Run it again (it needs the network once, for the venv) after changing what it records.
set -euo pipefail
cd "$(dirname "$0")/../.."
mitm=.build/mitmproxy
out=Tests/NetspecTests/Fixtures/har/mitmproxy.har
Tests/Peers/setup.sh
if [ ! -x "$mitm/bin/mitmdump" ]; then
    python3 -m venv "$mitm"
    "$mitm/bin/python" -m pip install --quiet mitmproxy==11.0.2
fi
work=$(mktemp -d)
cleanup() {
    [ -n "${proxy_pid:-}" ] && kill "$proxy_pid" 2>/dev/null || true
    [ -n "${peer_pid:-}" ] && kill "$peer_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
# httpbin prints `PORT n` and serves until its standard input closes.
mkfifo "$work/stdin"
.build/peers/bin/python Tests/Peers/httpbin_app.py < "$work/stdin" > "$work/peer.out" &
peer_pid=$!
exec 3> "$work/stdin"
until grep -q '^PORT ' "$work/peer.out"; do sleep 0.1; done
port=$(sed -n 's/^PORT //p' "$work/peer.out")
listen=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$mitm/bin/mitmdump" --mode "reverse:http://127.0.0.1:$port" --listen-host 127.0.0.1 --listen-port "$listen" \
    --set hardump="$work/mitmproxy.har" --set termlog_verbosity=warn > "$work/mitmdump.log" 2>&1 &
proxy_pid=$!
# Ready when it accepts a connection (no request: the file holds only the three exchanges).
until python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' "$listen" 2>/dev/null; do sleep 0.2; done
proxy="http://127.0.0.1:$listen"
curl -sf -o /dev/null -H 'Accept: application/json' "$proxy/json"
curl -sf -o /dev/null -H 'Accept: image/png' "$proxy/image/png"
curl -sf -o /dev/null -H 'Content-Type: application/json' -H 'Accept: application/json' --data '{"user":"ada"}' "$proxy/anything/avatars?size=8"
# mitmdump writes the HAR file when it stops.
kill -INT "$proxy_pid"
wait "$proxy_pid" || true
proxy_pid=
exec 3>&-
cp "$work/mitmproxy.har" "$out"
echo "wrote $out ($(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["log"]["entries"]))' "$out") entries) with mitmproxy $("$mitm/bin/mitmdump" --version | sed -n 's/^Mitmproxy: //p')"

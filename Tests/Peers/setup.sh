#!/usr/bin/env bash
# Installs the test peers (FastAPI and friends, pinned in requirements.txt) into one venv,
# .build/peers, shared by the tests. Run by .ci/run; the tests run it too when the venv is
# missing, and skip with the reason when it cannot be made (no network, no python3 venv).
# With --bench it also installs the benchmark's OpenAPI peers (Benchmarks/inputs/requirements.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/peers
requirements=(Tests/Peers/requirements.txt)
if [ "${1:-}" = "--bench" ]; then requirements+=(Benchmarks/inputs/requirements.txt); fi
stamp="$venv/.requirements"
wanted=$(cat "${requirements[@]}")
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    exit 0
fi
# A venv made for the bench also serves the tests: keep what it has.
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "${1:-}" != "--bench" ] && grep -qxF -f Tests/Peers/requirements.txt "$stamp" \
    && [ "$(grep -cxF -f Tests/Peers/requirements.txt "$stamp")" = "$(grep -c . Tests/Peers/requirements.txt)" ]; then
    exit 0
fi
python3 -m venv "$venv"
for file in "${requirements[@]}"; do
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$file"
done
printf '%s' "$wanted" > "$stamp"

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
# The official JSON Schema Test Suite (tests/ and remotes/), as the jsonschema sdist carries it under
# json/; unpacked into $venv/json-schema-test-suite for the schema conformance tests, never committed.
suite="$venv/json-schema-test-suite"
suite_url=https://files.pythonhosted.org/packages/b3/fc/e067678238fa451312d4c62bf6e6cf5ec56375422aee02f9cb5f909b3047/jsonschema-4.26.0.tar.gz
suite_sha256=0c26707e2efad8aa1bfc5b7ce170f3fccc2e4918ff85989ba9ffa9facb2be326
if [ ! -f "$suite/.sha256" ] || [ "$(cat "$suite/.sha256")" != "$suite_sha256" ]; then
    archive=$(mktemp)
    trap 'rm -f "$archive"' EXIT
    python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$suite_url" "$archive"
    echo "$suite_sha256  $archive" | sha256sum --check --quiet
    rm -rf "$suite"
    mkdir -p "$suite"
    tar -xzf "$archive" -C "$suite" --strip-components=2 jsonschema-4.26.0/json
    printf '%s' "$suite_sha256" > "$suite/.sha256"
fi
# The differential tests' cases (Tests/Peers/schema_cases.py and jsonpath_cases.py, drawn from fixed
# seeds): drawn once here, not while the tests run, where drawing the schema cases took a core for a
# minute and starved the tests that start processes. Each test reads its cases when they are newer
# than their script.
draw_cases() {
    local script out
    for script in schema_cases jsonpath_cases; do
        out="$venv/$script.json"
        if [ -f "$out" ] && [ "$out" -nt "Tests/Peers/$script.py" ]; then continue; fi
        "$venv/bin/python" "Tests/Peers/$script.py" > "$out.tmp" && mv "$out.tmp" "$out"
    done
}
stamp="$venv/.requirements"
wanted=$(cat "${requirements[@]}")
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    draw_cases
    exit 0
fi
# A venv made for the bench also serves the tests: keep what it has.
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "${1:-}" != "--bench" ] && grep -qxF -f Tests/Peers/requirements.txt "$stamp" \
    && [ "$(grep -cxF -f Tests/Peers/requirements.txt "$stamp")" = "$(grep -c . Tests/Peers/requirements.txt)" ]; then
    draw_cases
    exit 0
fi
python3 -m venv "$venv"
for file in "${requirements[@]}"; do
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$file"
done
printf '%s' "$wanted" > "$stamp"
draw_cases

#!/usr/bin/env bash
# Installs the test peers (FastAPI and friends, pinned in requirements.txt) into one venv,
# .build/peers, shared by the tests. Run by .ci/run; the tests run it too when the venv is
# missing, and skip with the reason when it cannot be made (no network, no python3 venv).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/peers
stamp="$venv/.requirements"
if [ -x "$venv/bin/python" ] && cmp -s Tests/Peers/requirements.txt "$stamp"; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r Tests/Peers/requirements.txt
cp Tests/Peers/requirements.txt "$stamp"

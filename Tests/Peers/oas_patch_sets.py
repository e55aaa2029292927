"""Applies each Overlay compliant set's overlay to its input with oas-patch's library (pinned in
requirements.txt) and prints the results as one JSON object by set name: OverlayPeerTests compares
them with netspec's (one Python start for all the sets)."""
import json
import os
import sys

import yaml
from oas_patch.overlay import apply_overlay

folder = sys.argv[1]
results = {}
for name in sorted(os.listdir(folder)):
    with open(os.path.join(folder, name, "openapi.yaml")) as document, open(os.path.join(folder, name, "overlay.yaml")) as overlay:
        results[name] = apply_overlay(yaml.safe_load(document), yaml.safe_load(overlay))
json.dump(results, sys.stdout)

"""Checks JSON Schemas against the 2020-12 meta-schema with the reference validator (jsonschema,
pinned in requirements.txt), as the official MCP client checks a tool's output schema.

Reads JSON lines `{"where": "...", "schema": {...}}` on standard input; prints one JSON line for
each schema the meta-schema refuses, `{"where": ..., "error": ...}`, and last `{"checked": N}`.
"""
import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

checked = 0
for line in sys.stdin:
    item = json.loads(line)
    checked += 1
    try:
        Draft202012Validator.check_schema(item["schema"], format_checker=Draft202012Validator.FORMAT_CHECKER)
    except SchemaError as error:
        print(json.dumps({"where": item["where"], "error": f"{error.message} (at {error.json_path})"}), flush=True)
print(json.dumps({"checked": checked}))

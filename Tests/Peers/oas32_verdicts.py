"""Which OpenAPI 3.2 documents openapi-spec-validator (pinned in requirements.txt) calls valid.

Usage: oas32_verdicts.py FILE...  Prints one JSON object: each file's folder and name
(`pass/servers.yaml`), its verdict
("valid" or "invalid") and, for an invalid one, the validator's first message.
"""
import json
import os
import sys

import yaml
from openapi_spec_validator import OpenAPIV32SpecValidator


def verdict(path):
    with open(path, encoding="utf-8") as handle:
        document = yaml.safe_load(handle)
    try:
        errors = list(OpenAPIV32SpecValidator(document, base_uri="file://" + os.path.abspath(path)).iter_errors())
    except Exception as error:  # a document the validator cannot even walk is invalid to it
        return {"verdict": "invalid", "message": f"{type(error).__name__}: {error}"[:300]}
    if errors:
        return {"verdict": "invalid", "message": str(errors[0].message)[:300]}
    return {"verdict": "valid"}


def key(path):
    return os.path.join(os.path.basename(os.path.dirname(path)), os.path.basename(path))


print(json.dumps({key(path): verdict(path) for path in sys.argv[1:]}, sort_keys=True))

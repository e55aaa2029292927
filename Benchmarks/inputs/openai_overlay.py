"""Writes the two 50-action overlays of OpenAI's 2.9 MB document that issue 53's overlay figure was
measured with (a cold `netspec validate DOC` against `netspec validate DOC --overlay FILE`):
openai-50-targeted.overlay.yaml (40 path items updated, 5 removed, info, servers, a version, one
schema and one operation's tags: every target a path from the root) and openai-50.overlay.yaml (the
same with two whole-document queries in place of the last two: every schema's `id` property and
every header parameter under `paths`). Usage: openai_overlay.py OPENAPI_YAML OUT_FOLDER."""
import os
import re
import sys

text = open(sys.argv[1]).read()
paths = re.findall(r'^  (/[^:\n]*):\n', text[re.search(r'^paths:\n', text, re.M).end():], re.M)
head = ["overlay: 1.1.0", "info:", "  title: OpenAI, fifty changes", "  version: 1.0.0", "actions:"]
actions = []
for number, path in enumerate(paths[:40]):
    actions += [f"  - target: $.paths['{path}'].*", "    update:", "      x-reviewed: true", f"      description: Reviewed by the platform team ({number})."]
for path in paths[40:45]:
    actions += [f"  - target: $.paths['{path}']", "    remove: true"]
actions += ["  - target: $.info", "    update:", "      title: OpenAI API (overlaid)", "      x-overlay: fifty"]
actions += ["  - target: $.servers", "    update:", "      - url: https://sandbox.example.com/v1", "        description: Sandbox"]
actions += ["  - target: $.info.version", "    update: 9.9.9"]
targeted = ["  - target: $.components.schemas.CreateModelResponseProperties", "    update:", "      description: The model's response properties.",
            "  - target: $.paths['/models'].get.tags", "    update: [Models]"]
whole = ["  - target: $.components.schemas.*.properties.id", "    update:", "      description: The object's identifier.",
         "  - target: $.paths..parameters[?@.in == 'header']", "    remove: true"]
for name, last in [("openai-50-targeted.overlay.yaml", targeted), ("openai-50.overlay.yaml", whole)]:
    with open(os.path.join(sys.argv[2], name), "w") as out:
        out.write("\n".join(head + actions + last) + "\n")

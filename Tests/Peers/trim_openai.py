"""Made Tests/NetspecTests/Fixtures/openai/openapi.yaml: python3 trim_openai.py openapi.yaml > …
Trim OpenAI's openapi.yaml to what an operation search reads: each operation's id, summary,
description (first paragraph), tags, parameters and the top-level body properties, typed plainly."""
import sys, yaml, json
doc = yaml.safe_load(open(sys.argv[1]))
comps = doc.get("components", {})
def deref(node, depth=0):
    while isinstance(node, dict) and "$ref" in node and depth < 20:
        parts = node["$ref"].lstrip("#/").split("/")
        cur = doc
        for p in parts: cur = cur[p]
        node = cur; depth += 1
    return node
def first_para(text):
    if not text: return None
    return text.strip().split("\n\n")[0].strip()[:300]
def props(schema, depth=0):
    schema = deref(schema)
    out = {}
    if not isinstance(schema, dict) or depth > 4: return out
    for key in ("allOf", "anyOf", "oneOf"):
        for s in schema.get(key, []): out.update(props(s, depth + 1))
    for name in (schema.get("properties") or {}): out[name] = {"type": "string"}
    return out
paths = {}
count = 0
for path, item in doc["paths"].items():
    new = {}
    shared = item.get("parameters", [])
    for method in ("get", "put", "post", "delete", "patch", "head", "options"):
        op = item.get(method)
        if not op: continue
        count += 1
        o = {"operationId": op["operationId"]}
        if op.get("summary"): o["summary"] = op["summary"].strip()
        d = first_para(op.get("description"))
        if d and d != o.get("summary"): o["description"] = d
        if op.get("tags"): o["tags"] = op["tags"]
        params = []
        for p in shared + op.get("parameters", []):
            p = deref(p)
            q = {"name": p["name"], "in": p["in"]}
            if p.get("required") or p["in"] == "path": q["required"] = True
            q["schema"] = {"type": "string"}
            params.append(q)
        if params: o["parameters"] = params
        body = op.get("requestBody")
        if body:
            body = deref(body)
            content = body.get("content", {})
            mt = next(iter(content), None)
            if mt:
                ps = props(content[mt].get("schema", {}))
                o["requestBody"] = {"content": {mt: {"schema": {"type": "object", "properties": ps} if ps else {"type": "object"}}}}
        o["responses"] = {"200": {"description": "OK"}}
        new[method] = o
    paths[path] = new
out = {"openapi": "3.0.0", "info": {"title": doc["info"]["title"], "version": doc["info"]["version"]},
       "servers": [{"url": "https://api.openai.com/v1"}], "paths": paths}
header = ("# OpenAI's API document (github.com/openai/openai-openapi, MIT licence, Copyright (c) OpenAI),\n"
          "# trimmed to what an operation search reads: ids, summaries, first paragraphs of descriptions,\n"
          f"# tags, parameter names and top-level body properties; {count} operations. Schemas are dropped.\n")
sys.stdout.write(header + yaml.safe_dump(out, sort_keys=False, width=120, allow_unicode=True))

#!/usr/bin/env python3
"""Write the schema workload's inputs into a folder (netspec-bench --only schema):

    gen_schema_data.py DIR

DIR/schema.json   a user schema (object, required, lengths, pattern, enum, bounds, nested
                  object, array of unique strings, additionalProperties: false) and, under
                  $defs, a list schema whose items $ref it
DIR/big.json      {"users": [...]}, about 1 MB, every user valid
DIR/small.json    100,000 small user objects, one in ten invalid in one way or another
Deterministic (a fixed seed)."""
import json
import random
import sys

random.seed(19)
folder = sys.argv[1]
user = {
    "type": "object",
    "required": ["id", "name", "email", "role", "active"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "integer", "minimum": 1},
        "name": {"type": "string", "minLength": 1, "maxLength": 64},
        "email": {"type": "string", "format": "email", "maxLength": 254},
        "role": {"enum": ["admin", "editor", "viewer"]},
        "active": {"type": "boolean"},
        "age": {"type": "integer", "minimum": 0, "maximum": 150},
        "score": {"type": "number", "minimum": 0, "exclusiveMaximum": 100},
        "tags": {"type": "array", "items": {"type": "string", "minLength": 1}, "uniqueItems": True, "maxItems": 8},
        "address": {
            "type": "object",
            "required": ["city"],
            "properties": {
                "street": {"type": "string"},
                "city": {"type": "string", "minLength": 1},
                "zip": {"type": "string", "pattern": "^[0-9]{5}$"},
            },
        },
        "manager": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
    },
}
schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": {"user": user, "list": {"type": "object", "required": ["users"], "properties": {"users": {"type": "array", "items": {"$ref": "#/$defs/user"}}}}},
    "$ref": "#/$defs/user",
}


def make_user(index):
    value = {
        "id": index + 1,
        "name": f"user {index}",
        "email": f"user{index}@example.com",
        "role": ["admin", "editor", "viewer"][index % 3],
        "active": index % 2 == 0,
        "age": random.randint(18, 90),
        "score": round(random.random() * 99, 2),
        "tags": ["alpha", "beta", "gamma", "delta"][: index % 5],
        "address": {"street": f"{index} Main Street", "city": "Springfield", "zip": f"{10000 + index % 89999:05d}"},
        "manager": None if index % 4 == 0 else index // 2 + 1,
    }
    return value


def spoil(value, index):
    kind = index % 7
    if kind == 0:
        del value["email"]
    elif kind == 1:
        value["age"] = -1
    elif kind == 2:
        value["address"]["zip"] = "ABCDE"
    elif kind == 3:
        value["tags"] = ["a", "a"]
    elif kind == 4:
        value["extra"] = True
    elif kind == 5:
        value["role"] = "root"
    else:
        value["name"] = ""
    return value


users = []
size = 0
while size < 1_000_000:
    users.append(make_user(len(users)))
    size += len(json.dumps(users[-1])) + 1
small = [spoil(make_user(i), i // 10) if i % 10 == 9 else make_user(i) for i in range(100_000)]
with open(folder + "/schema.json", "w") as out:
    json.dump(schema, out)
with open(folder + "/big.json", "w") as out:
    json.dump({"users": users}, out)
with open(folder + "/small.json", "w") as out:
    json.dump(small, out)

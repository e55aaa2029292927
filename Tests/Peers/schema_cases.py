"""Cases for the JSON Schema engine's differential test (SchemaDifferentialTests.swift).

    schema_cases.py            # prints the cases as JSON on standard output

A fixed corpus of schemas -- hand-written ones covering every keyword, and schemas drawn by
Hypothesis from keyword fragments -- and, for each, instances: valid ones drawn by
hypothesis-jsonschema's from_schema, and mutated or arbitrary JSON (mostly invalid). Python's
jsonschema (Draft202012Validator) says whether each instance is valid. Everything is drawn
from fixed seeds, so the output is the same at every run.

Cases where Netspec deliberately differs from Python's jsonschema are left out, and counted
in "dropped" (docs/schema.md explains each):
  - multipleOf with a non-integer divisor where Python's float division and exact decimal
    arithmetic disagree (0.3 is a multiple of 0.1 for Netspec, not for Python);
  - instances with non-ASCII or control characters, or a final newline, under a schema with a
    pattern: Python's re is not ECMA-262 (\\d and \\w are Unicode-wide, $ matches before a final
    newline);
  - integers beyond 2^53 (Netspec's JSON numbers are 64-bit integers or doubles).
Installed with Tests/Peers/setup.sh (jsonschema, hypothesis, hypothesis-jsonschema; pinned).
"""
import copy
import decimal
import json
import random
import sys
import warnings

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from jsonschema import Draft202012Validator

warnings.simplefilter("ignore")

TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"]
PATTERNS = ["^a", "b$", "^[a-z]+$", "\\d", "^\\w+$", "x|y", "^(ab)*$", "[0-9]{2,}", "^\\s*$", "^.{2}$"]

HAND_WRITTEN = [
    {"type": "string"},
    {"type": ["integer", "null"]},
    {"type": "number", "minimum": 1.5, "exclusiveMaximum": 10},
    {"type": "integer", "exclusiveMinimum": -3, "maximum": 7, "multipleOf": 2},
    {"multipleOf": 0.25},
    {"multipleOf": 0.01, "minimum": 0, "maximum": 1},
    {"enum": ["a", 1, None, [1, 2], {"k": "v"}]},
    {"const": {"a": [1, 2.0]}},
    {"type": "string", "minLength": 2, "maxLength": 4},
    {"type": "string", "pattern": "^[a-z]+[0-9]*$"},
    {"type": "string", "pattern": "^(\\d{3})-(\\d{4})$"},
    {"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 3},
    {"type": "array", "uniqueItems": True},
    {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False},
    {"type": "array", "prefixItems": [{"const": 1}], "items": {"type": "string"}},
    {"type": "array", "contains": {"type": "string"}, "minContains": 2, "maxContains": 3},
    {"contains": {"minimum": 5}},
    {"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}},
    {"type": "object", "properties": {"a": {"type": "number"}}, "additionalProperties": False},
    {"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
    {"type": "object", "propertyNames": {"pattern": "^[a-z]+$", "maxLength": 3}},
    {"type": "object", "dependentRequired": {"card": ["billing"]}},
    {"type": "object", "dependentSchemas": {"card": {"required": ["cvv"], "properties": {"cvv": {"type": "string"}}}}},
    {"type": "object", "minProperties": 1, "maxProperties": 2},
    {"allOf": [{"type": "integer"}, {"minimum": 0}]},
    {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer", "minimum": 10}]},
    {"oneOf": [{"type": "integer"}, {"minimum": 2}]},
    {"not": {"type": ["string", "array"]}},
    {"if": {"type": "integer"}, "then": {"minimum": 0}, "else": {"type": "string"}},
    {"if": {"properties": {"kind": {"const": "a"}}, "required": ["kind"]}, "then": {"required": ["a"]}, "else": {"required": ["b"]}},
    {"type": "object", "properties": {"a": True}, "unevaluatedProperties": False},
    {"allOf": [{"properties": {"a": {"type": "integer"}}}], "properties": {"b": True}, "unevaluatedProperties": {"type": "string"}},
    {"anyOf": [{"properties": {"a": True}, "required": ["a"]}, {"properties": {"b": True}, "required": ["b"]}], "unevaluatedProperties": False},
    {"type": "array", "prefixItems": [True], "unevaluatedItems": {"type": "boolean"}},
    {"allOf": [{"prefixItems": [{"type": "integer"}]}], "contains": {"type": "string"}, "unevaluatedItems": False},
    {"$defs": {"node": {"type": "object", "properties": {"value": {"type": "integer"}, "next": {"$ref": "#/$defs/node"}}, "required": ["value"]}}, "$ref": "#/$defs/node"},
    {"$defs": {"positive": {"type": "integer", "minimum": 1}}, "type": "array", "items": {"$ref": "#/$defs/positive"}},
    {"$id": "https://example.com/tree", "$dynamicAnchor": "node", "type": "object",
     "properties": {"data": True, "children": {"type": "array", "items": {"$dynamicRef": "#node"}}}},
    {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string", "minLength": 1}, "uniqueItems": True},
                                      "meta": {"type": "object", "additionalProperties": {"type": ["string", "number", "boolean", "null"]}}}},
    {"type": "object", "required": ["kind"], "oneOf": [
        {"properties": {"kind": {"const": "circle"}, "radius": {"type": "number", "exclusiveMinimum": 0}}, "required": ["radius"]},
        {"properties": {"kind": {"const": "square"}, "side": {"type": "number", "minimum": 0}}, "required": ["side"]}]},
    {"type": "string", "format": "date-time"},
    {"properties": {"a": False}},
    False,
    True,
    {},
]


def fragment(children):
    """One keyword (or a few that go together), its subschemas drawn from `children`."""
    small = st.integers(-5, 20)
    count = st.integers(0, 4)
    scalar = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(["a", "b", "ab", ""]))
    names = st.lists(st.sampled_from(["a", "b", "c", "id"]), min_size=1, max_size=3, unique=True)
    return st.one_of(
        st.sampled_from(TYPES).map(lambda t: {"type": t}),
        st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True).map(lambda t: {"type": t}),
        small.map(lambda n: {"minimum": n}), small.map(lambda n: {"maximum": n}),
        small.map(lambda n: {"exclusiveMinimum": n}), small.map(lambda n: {"exclusiveMaximum": n}),
        st.sampled_from([1, 2, 3, 5, 0.5, 0.25, 0.1, 1.5]).map(lambda n: {"multipleOf": n}),
        count.map(lambda n: {"minLength": n}), count.map(lambda n: {"maxLength": n}),
        st.sampled_from(PATTERNS).map(lambda p: {"pattern": p}),
        st.lists(scalar, min_size=1, max_size=4).map(lambda v: {"enum": v}),
        scalar.map(lambda v: {"const": v}),
        count.map(lambda n: {"minItems": n}), count.map(lambda n: {"maxItems": n}),
        st.just({"uniqueItems": True}),
        names.map(lambda n: {"required": n}),
        count.map(lambda n: {"minProperties": n}), count.map(lambda n: {"maxProperties": n}),
        children.map(lambda s: {"items": s}),
        st.lists(children, min_size=1, max_size=3).map(lambda s: {"prefixItems": s}),
        st.tuples(children, st.integers(0, 2)).map(lambda t: {"contains": t[0], "minContains": t[1]}),
        st.dictionaries(st.sampled_from(["a", "b", "c", "id"]), children, min_size=1, max_size=3).map(lambda p: {"properties": p}),
        children.map(lambda s: {"additionalProperties": s}),
        st.tuples(st.sampled_from(PATTERNS), children).map(lambda t: {"patternProperties": {t[0]: t[1]}}),
        children.map(lambda s: {"propertyNames": s}),
        st.tuples(st.sampled_from(["a", "b"]), names).map(lambda t: {"dependentRequired": {t[0]: t[1]}}),
        st.tuples(st.sampled_from(["a", "b"]), children).map(lambda t: {"dependentSchemas": {t[0]: t[1]}}),
        st.lists(children, min_size=1, max_size=3).map(lambda s: {"allOf": s}),
        st.lists(children, min_size=1, max_size=3).map(lambda s: {"anyOf": s}),
        st.lists(children, min_size=1, max_size=3).map(lambda s: {"oneOf": s}),
        children.map(lambda s: {"not": s}),
        st.tuples(children, children, children).map(lambda t: {"if": t[0], "then": t[1], "else": t[2]}),
        children.map(lambda s: {"unevaluatedProperties": s}),
        children.map(lambda s: {"unevaluatedItems": s}),
    )


def schema_strategy():
    def combine(parts):
        merged = {}
        for part in parts:
            merged.update(part)
        return merged

    def extend(children):
        return st.lists(fragment(children), min_size=1, max_size=3).map(combine)

    leaf = st.one_of(st.booleans(), st.just({}), st.lists(fragment(st.just({})), min_size=1, max_size=3).map(combine))
    return st.recursive(leaf, extend, max_leaves=5)


def draw(strategy, count, seed_value):
    """`count` values drawn from `strategy`, the same at every run."""
    values = []

    @seed(seed_value)
    @settings(max_examples=count, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(strategy)
    def collect(value):
        values.append(value)

    try:
        collect()
    except Exception:
        pass
    return values


ARBITRARY = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-100, 100), st.floats(-100, 100, allow_nan=False, allow_infinity=False),
              st.text(alphabet="abxyz019 -_", max_size=6)),
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.sampled_from(["a", "b", "c", "id", "x-a", "kind", "name"]), children, max_size=4)),
    max_leaves=8)


def mutate(value, rng):
    """A changed copy of `value`: one node replaced, a member added or removed, an item added."""
    value = copy.deepcopy(value)
    replacements = [None, True, 0, -1, 2.5, "", "zz", [], {}, [1, "a"], {"a": 1}]
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, path + [index])
        elif isinstance(node, dict):
            for key, item in node.items():
                walk(item, path + [key])

    walk(value, [])
    path = rng.choice(paths)
    if not path:
        return rng.choice(replacements)
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    action = rng.randrange(4)
    if action == 0 and isinstance(parent, dict):
        del parent[path[-1]]
    elif action == 1 and isinstance(parent, dict):
        parent[rng.choice(["extra", "a", "b", "x-y", "id"])] = rng.choice(replacements)
    elif action == 2 and isinstance(parent, list):
        parent.append(rng.choice(replacements))
    else:
        parent[path[-1]] = rng.choice(replacements)
    return value


def has_pattern(schema):
    return "pattern" in json.dumps(schema)


def regex_sensitive(value):
    if isinstance(value, str):
        return value.endswith("\n") or any(not (" " <= c <= "~") for c in value)
    if isinstance(value, list):
        return any(regex_sensitive(item) for item in value)
    if isinstance(value, dict):
        return any(regex_sensitive(key) or regex_sensitive(item) for key, item in value.items())
    return False


def big_integer(value):
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) > 2 ** 53
    if isinstance(value, float):
        return abs(value) > 2 ** 53
    if isinstance(value, list):
        return any(big_integer(item) for item in value)
    if isinstance(value, dict):
        return any(big_integer(item) for item in value.values())
    return False


def float_multiple_of_disagrees(schema, value):
    """Whether some multipleOf in `schema` with a float divisor decides `value`'s numbers
    differently in Python's float division and in exact decimal arithmetic."""
    divisors = []

    def collect(node):
        if isinstance(node, dict):
            if isinstance(node.get("multipleOf"), float):
                divisors.append(node["multipleOf"])
            for item in node.values():
                collect(item)
        elif isinstance(node, list):
            for item in node:
                collect(item)

    collect(schema)
    if not divisors:
        return False
    numbers = []

    def numbers_in(node):
        if isinstance(node, bool):
            return
        if isinstance(node, (int, float)):
            numbers.append(node)
        elif isinstance(node, list):
            for item in node:
                numbers_in(item)
        elif isinstance(node, dict):
            for item in node.values():
                numbers_in(item)

    numbers_in(value)
    for divisor in divisors:
        for number in numbers:
            quotient = number / divisor
            python = int(quotient) == quotient
            exact = decimal.Decimal(repr(number)) % decimal.Decimal(repr(divisor)) == 0
            if python != exact:
                return True
    return False


def main():
    rng = random.Random(20260101)
    schemas = [(f"hand-written {index}", schema) for index, schema in enumerate(HAND_WRITTEN)]
    for index, schema in enumerate(draw(schema_strategy(), 70, 7)):
        schemas.append((f"hypothesis {index}", schema))
    arbitrary = draw(ARBITRARY, 40, 11)
    groups = []
    dropped = 0
    total = 0
    for number, (name, schema) in enumerate(schemas):
        validator = Draft202012Validator(schema)
        try:
            valid = draw(from_schema(schema), 25, 100 + number)
        except Exception:
            valid = []
        instances = valid + [mutate(value, rng) for value in valid for _ in range(1)] + rng.sample(arbitrary, 12)
        seen = set()
        cases = []
        for instance in instances:
            key = json.dumps(instance, sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            if big_integer(instance) or (has_pattern(schema) and regex_sensitive(instance)) or float_multiple_of_disagrees(schema, instance):
                dropped += 1
                continue
            cases.append([instance, validator.is_valid(instance)])
        total += len(cases)
        groups.append({"name": name, "schema": schema, "cases": cases})
    json.dump({"groups": groups, "cases": total, "dropped": dropped}, sys.stdout)


if __name__ == "__main__":
    main()

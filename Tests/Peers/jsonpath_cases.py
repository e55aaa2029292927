"""Draws JSONPath queries from fixed seeds and prints what the `jsonpath-rfc9535` package (pinned in
requirements.txt) selects with each, for JSONPathDifferentialTests: valid queries made from the
RFC's grammar over the documents below, and invalid ones made by breaking valid ones.

Output: {"documents": [...], "cases": [{"query", "document", "valid", "nodes": [[path, value]...]}]}
"""

import json
import random
import sys

import jsonpath_rfc9535 as jsonpath

DOCUMENTS = [
    {
        "store": {
            "book": [
                {"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95},
                {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99},
                {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99},
                {"category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8", "price": 22.99},
            ],
            "bicycle": {"color": "red", "price": 399},
        }
    },
    [
        {"a": 1, "b": "x", "c": [1, 2, 3], "d": {"e": None}},
        {"a": 2.5, "b": "yz", "c": [], "d": {"e": True}},
        {"a": -1, "b": "Ünï", "c": [[1], [2, [3]]], "d": {}},
        {"a": None, "b": "", "c": "abc", "d": [1, {"e": "f"}]},
        {"b": "aXb", "c": {"x": 1, "y": 2}, "é": 0},
        3, "str", None, True, [], {},
    ],
    {"k": {"k": {"k": [0, {"k": 1}, {"j": [2, 3]}]}}, "j": [{"a": "b"}, {"a": "c", "k": 4}], "n": 10, "t": "ten", "f": False},
]

NAMES = ["store", "book", "author", "title", "price", "category", "isbn", "bicycle", "color",
         "a", "b", "c", "d", "e", "k", "j", "n", "t", "f", "x", "y", "é", "missing"]
STRINGS = ["fiction", "x", "abc", "ten", "", "Ünï", "red", "b", "c"]
REGEXES = ["a.*", ".*b", "[a-z]+", "x", ".", "fic.*", "\\p{Lu}.*", "[^a]*", "a|b", "(ab)+", "[0-9]{1,2}"]


def number(rng):
    return rng.choice(["0", "1", "2", "-1", "8.95", "10", "399", "2.5", "1e1", "-0.5", "22.99"])


def literal(rng):
    kind = rng.randrange(5)
    if kind == 0:
        return number(rng)
    if kind == 1:
        return json.dumps(rng.choice(STRINGS), ensure_ascii=False) if rng.random() < 0.5 else "'" + rng.choice(STRINGS) + "'"
    return ["true", "false", "null"][kind - 2]


def root(rng, depth, choices):
    # `$` only in a filter that is not inside another: in a nested filter the package evaluates `$`
    # against the outer filter's current node (`$[?@[?$[0].d].y]` selects nothing over
    # `[{"d": 1}, {"c": {"y": 2}}]`; RFC 9535 §2.3.5 says `$` is always the query's argument).
    return rng.choice(choices) if depth == 0 else "@"


def singular(rng, depth=0):
    query = root(rng, depth, ["@", "@", "@", "$"])
    for _ in range(rng.randrange(1, 3)):
        if rng.random() < 0.7:
            name = rng.choice(NAMES)
            query += "." + name if rng.random() < 0.7 else "['" + name + "']"
        else:
            query += "[" + str(rng.randrange(-2, 4)) + "]"
    return query


def comparable(rng, depth):
    kind = rng.randrange(6)
    if kind < 2:
        return literal(rng)
    if kind < 4:
        return singular(rng, depth)
    if kind == 4:
        return "length(" + (singular(rng, depth) if rng.random() < 0.7 else literal(rng)) + ")"
    return rng.choice(["count(", "value("]) + query_in_filter(rng, depth) + ")"


def query_in_filter(rng, depth, as_test=False):
    # A test of `@` or `$` alone is left out: the package reads it as the value's truthiness (its
    # `?@` leaves out `false`, `0` and `""`, which RFC 9535 §2.3.5.2 selects: the node exists).
    query = root(rng, depth, ["@", "@", "$"])
    for _ in range(rng.randrange(1 if as_test else 0, 3)):
        # One selector a bracket: the package's parser refuses a list after a filter inside a function's
        # argument (`count(@[?@.a, 0])`: "unexpected filter selector token").
        query += segment(rng, depth + 1, single=True)
    return query


def logical(rng, depth):
    kind = rng.randrange(10 if depth < 2 else 6)
    if kind < 3:
        return comparable(rng, depth) + " " + rng.choice(["==", "!=", "<", "<=", ">", ">="]) + " " + comparable(rng, depth)
    if kind == 3:
        return query_in_filter(rng, depth, as_test=True)
    if kind == 4:
        return rng.choice(["match", "search"]) + "(" + singular(rng, depth) + ", '" + rng.choice(REGEXES).replace("\\", "\\\\") + "')"
    if kind == 5:
        return "!" + query_in_filter(rng, depth, as_test=True)
    if kind == 6:
        return "(" + logical(rng, depth + 1) + ")"
    if kind == 7:
        return "!(" + logical(rng, depth + 1) + ")"
    return logical(rng, depth + 1) + rng.choice([" && ", " || ", "&&", "||"]) + logical(rng, depth + 1)


def selector(rng, depth):
    kind = rng.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return "*"
    if kind == 1:
        return "'" + rng.choice(NAMES) + "'"
    if kind == 2:
        return str(rng.randrange(-4, 5))
    if kind in (3, 4):
        parts = [rng.choice(["", str(rng.randrange(-4, 5))]) for _ in range(2)]
        text = parts[0] + ":" + parts[1]
        if rng.random() < 0.5:
            text += ":" + rng.choice(["", "1", "2", "-1", "-2", "0"])
        return text
    return "?" + logical(rng, depth)


def segment(rng, depth, single=False):
    kind = rng.randrange(5)
    if kind == 0:
        return "." + rng.choice(NAMES)
    if kind == 1:
        return rng.choice([".*", "..*", ".." + rng.choice(NAMES)])
    selectors = ", ".join(selector(rng, depth) for _ in range(1 if single else rng.randrange(1, 3)))
    return rng.choice(["[", "..["]) + selectors + "]"


def query(rng):
    text = "$"
    for _ in range(rng.randrange(1, 4)):
        text += segment(rng, 0)
    return text


def broken(rng, text):
    position = rng.randrange(len(text) + 1)
    change = rng.randrange(3)
    if change == 0 and position < len(text):
        return text[:position] + text[position + 1:]
    insert = rng.choice(["[", "]", "(", ")", "'", "?", "@", ".", " ", "==", "-0", "01", ",", "$", "!", "&&"])
    return text[:position] + insert + text[position:]


def main():
    rng = random.Random(9535)
    cases = []
    seen = set()
    dropped = 0
    while len(cases) < 4000:
        text = query(rng)
        if rng.random() < 0.25:
            text = broken(rng, text)
        if text in seen:
            continue
        seen.add(text)
        for index, document in enumerate(DOCUMENTS):
            try:
                nodes = jsonpath.find(text, document)
            except jsonpath.JSONPathError as exception:
                cases.append({"query": text, "document": index, "valid": False, "nodes": [], "error": str(exception)})
                break
            except Exception:  # the package's own defects (value() of a singular query raises TypeError): dropped, counted
                dropped += 1
                break
            cases.append({"query": text, "document": index, "valid": True, "nodes": [[node.path(), node.value] for node in nodes]})
    json.dump({"documents": DOCUMENTS, "cases": cases, "dropped": dropped}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()

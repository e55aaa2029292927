#!/usr/bin/env python3
"""Regression guard: compares a benchmark run with the last recorded one.

Usage:
  cd Benchmarks && .build/release/netspec-bench --no-write > /tmp/run.md
  python3 compare.py /tmp/run.md [../BENCHMARKS.md] [--threshold 15]

Reads the markdown tables of both files (the harness prints and records the same table), keys
each row by (workload, tool), takes the last recorded row for each key (BENCHMARKS.md holds one
table, the latest row of each; an older file had sections that `--only` runs added), and prints every row of the new run
whose median (a time, or a peak RSS in MiB) is more than THRESHOLD percent above the recorded one, with the recorded and
new ratio for context (ratios compare tools within one run, so they are steadier than times on a
shared machine). Exit status 1 when a row got worse, 0 otherwise, 2 on bad input.
"""
import re
import sys

UNITS = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0, "KiB": 1024.0, "MiB": 1048576.0, "GiB": 1073741824.0}


def seconds(text):
    """'5.56 µs/call' -> 5.56e-6, '18.2 MiB' -> bytes; None for anything else. Larger is worse for both."""
    match = re.match(r"^\s*([0-9][0-9,]*(?:\.[0-9]+)?)\s*(ns|µs|us|ms|s|min|KiB|MiB|GiB)(?![A-Za-z])", text)
    if not match:
        return None
    return float(match.group(1).replace(",", "")) * UNITS[match.group(2)]


def rows(path):
    """{(workload, tool): (median text, ratio text)} of every table row, the last one winning."""
    found = {}
    header = None
    with open(path, encoding="utf-8") as file:
        for line in file:
            if not line.startswith("|"):
                header = None
                continue
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if header is None:
                header = [cell.lower() for cell in cells]
                continue
            if set("".join(cells)) <= set("-: "):
                continue
            record = dict(zip(header, cells))
            if "workload" in record and "tool" in record and "median" in record:
                found[(record["workload"], record["tool"])] = (record["median"], record.get("ratio", ""))
    return found


def main(arguments):
    if "-h" in arguments or "--help" in arguments:
        print(__doc__.strip())
        return 0
    threshold = 15.0
    if "--threshold" in arguments:
        position = arguments.index("--threshold")
        try:
            threshold = float(arguments[position + 1])
        except (IndexError, ValueError):
            print("compare.py: --threshold needs a number of percent", file=sys.stderr)
            return 2
        del arguments[position:position + 2]
    if not 1 <= len(arguments) <= 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    new_path = arguments[0]
    old_path = arguments[1] if len(arguments) == 2 else "../BENCHMARKS.md"
    try:
        new, old = rows(new_path), rows(old_path)
    except OSError as error:
        print(f"compare.py: {error}", file=sys.stderr)
        return 2
    if not new:
        print(f"compare.py: no benchmark table in {new_path}", file=sys.stderr)
        return 2
    worse = []
    compared = 0
    for key, (median, ratio) in new.items():
        if key not in old:
            continue
        before, after = seconds(old[key][0]), seconds(median)
        if before is None or after is None or before == 0:
            continue
        compared += 1
        change = (after / before - 1) * 100
        if change > threshold:
            worse.append((change, key, old[key], (median, ratio)))
    for change, (workload, tool), (old_median, old_ratio), (new_median, new_ratio) in sorted(worse, reverse=True):
        print(f"+{change:.0f}%  {workload} | {tool}: {old_median} -> {new_median} (ratio {old_ratio or '-'} -> {new_ratio or '-'})")
    print(f"{compared} rows compared with {old_path}; {len(worse)} more than {threshold:g}% slower")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

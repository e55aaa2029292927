#!/usr/bin/env python3
"""`netspec check` against Schemathesis on the planted-fault server, side by side in one run
(issue 56's performance row): both tools get the same document, server and budget
(`--max-examples 100` per operation, all checks, seed 1), in alternating order round after round;
the table gives each one's median wall time, requests sent, requests per second and the planted
faults it found, and Netspec's ratios against the targets (≤ 0.2× Schemathesis's wall time,
≥ 5× its requests per second).

    # the README's static build of netspec, then planted-server with the same options:
    swift build -c release --static-swift-stdlib --scratch-path .build-static --product netspec …
    swift build -c release --static-swift-stdlib --scratch-path .build-static --product planted-server …   # then --planted .build-static/release/planted-server
    python3 Benchmarks/check-bench.py [--rounds 5] [--netspec PATH] [--planted PATH] [--st PATH]

Requests: Netspec's JSON report counts them (shrinking's included); Schemathesis's are the
entries of its HAR report, from one more round of its own, untimed (writing the HAR costs it time;
with the seed fixed its requests are the same each round). A fault is found when the tool reports
any failure on the operation it was planted in (the document and the faults are the
planted-server tool's, `--document` and `--faults`; both tools get a 100 ms response time bound,
which the `slow` operation breaks).
"""
import argparse, json, os, re, statistics, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--rounds", type=int, default=5)
parser.add_argument("--max-examples", type=int, default=100)
parser.add_argument("--workers", type=int, default=1, help="netspec check's --workers (Schemathesis runs with its default)")
parser.add_argument("--netspec", default=os.path.join(root, ".build-static/release/netspec"))
parser.add_argument("--planted", default=os.path.join(root, ".build/release/planted-server"))
parser.add_argument("--st", default=os.path.join(root, ".build/peers/bin/st"))
args = parser.parse_args()
for path in (args.netspec, args.planted, args.st):
    if not os.access(path, os.X_OK):
        sys.exit(f"check-bench: {path} is missing (see the usage at the top of {__file__})")

work = tempfile.mkdtemp(prefix="check-bench-")
document = os.path.join(work, "planted.yaml")
# The document the server breaks and its planted faults, as the planted-server tool prints them.
with open(document, "w") as file:
    file.write(subprocess.run([args.planted, "--document"], capture_output=True, text=True, check=True).stdout)
faults = dict(line.split() for line in subprocess.run([args.planted, "--faults"], capture_output=True, text=True, check=True).stdout.splitlines())
operations = {}  # "GET /crash" -> "crash"
path = None
for line in open(document):
    if m := re.match(r"^  (/\S*):$", line): path = m.group(1)
    if path and (m := re.match(r"^    (get|post|put|patch|delete):$", line)): method = m.group(1).upper()
    if path and (m := re.match(r"^      operationId: (\w+)", line)): operations[f"{method} {path}"] = m.group(1)
server = subprocess.Popen([args.planted], stdout=subprocess.PIPE, text=True)
port = server.stdout.readline().split()[1]
base = f"http://127.0.0.1:{port}"


def netspec(round_):
    report = os.path.join(work, f"netspec-{round_}.json")
    start = time.perf_counter()
    run = subprocess.run([args.netspec, "check", document, "--base-url", base, "--var", "TOKEN=right", "--max-examples", str(args.max_examples),
                          "--seed", "1", "--workers", str(args.workers), "--max-response-time", "100", "--report", f"json={report}"], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    data = json.load(open(report))
    found = {failure["operation"] for failure in data["failures"]}
    return elapsed, data["requests"], found, run


def operation_of(method, url):
    """The operation id a request's method and URL call, by the document's path templates."""
    segments = url.split("://", 1)[1].split("/")[1:]
    for key, operation in operations.items():
        verb, template = key.split(" ", 1)
        parts = template.split("/")[1:]
        if verb == method and len(parts) == len(segments) and all(p.startswith("{") or p == s for p, s in zip(parts, segments)):
            return operation
    return f"{method} {url}"


def schemathesis(round_, har=False):
    folder = os.path.join(work, f"st-{round_}")
    command = [args.st, "run", document, "--url", base, "--checks", "all", "--max-examples", str(args.max_examples), "--seed", "1",
               "--no-color", "--max-response-time", "0.1", "-H", "Authorization: Bearer right", "--report", "junit,har" if har else "junit", "--report-dir", folder]
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, cwd=work)
    elapsed = time.perf_counter() - start
    junit = open(next(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".xml"))).read()
    found = set()
    for case in junit.split('<testcase name="')[1:]:
        name = case.split('"')[0]
        if name != "Stateful tests":
            if "<failure" in case: found.add(operations.get(name, name))
            continue
        # A stateful failure is the operation of its reproduction's last request.
        for failure in case.split("<failure")[1:]:
            curls = [line.split() for line in failure.splitlines() if "curl -X " in line]
            if curls: found.add(operation_of(curls[-1][curls[-1].index("-X") + 1], curls[-1][-1]))
    requests = None
    if har:
        entries = json.load(open(next(os.path.join(folder, f) for f in os.listdir(folder) if f.startswith("har-"))))["log"]["entries"]
        requests = len(entries)
    return elapsed, requests, found, run


try:
    times = {"netspec": [], "schemathesis": []}
    found = {}
    requests = {}
    for round_ in range(args.rounds):
        order = [("netspec", netspec), ("schemathesis", schemathesis)]
        for name, tool in order if round_ % 2 == 0 else reversed(order):
            elapsed, count, found_now, _ = tool(round_)
            times[name].append(elapsed)
            found[name] = found_now
            if count is not None: requests[name] = count
            print(f"round {round_ + 1}: {name} {elapsed:.2f} s", file=sys.stderr)
    requests["schemathesis"] = schemathesis("har", har=True)[1]
    planted = set(faults)
    print(f"planted-fault server, {len(operations)} operations ({len(planted)} faults), --max-examples {args.max_examples}, netspec --workers {args.workers}, {args.rounds} rounds, median\n")
    print("| tool | wall s | requests | requests/s | faults found | missed |")
    print("|---|---|---|---|---|---|")
    rows = {}
    for name in ("netspec", "schemathesis"):
        median = statistics.median(times[name])
        rows[name] = (median, requests[name] / median)
        missed = ", ".join(sorted(planted - found[name])) or "-"
        print(f"| {name} | {median:.2f} | {requests[name]} | {requests[name] / median:,.0f} | {len(found[name] & planted)}/{len(planted)} | {missed} |")
    time_ratio = rows["netspec"][0] / rows["schemathesis"][0]
    rate_ratio = rows["netspec"][1] / rows["schemathesis"][1]
    print(f"\nnetspec/schemathesis: wall time {time_ratio:.3f}× (target ≤ 0.2×) {'✅' if time_ratio <= 0.2 else '❌'}, "
          f"requests/s {rate_ratio:.1f}× (target ≥ 5×) {'✅' if rate_ratio >= 5 else '❌'}")
finally:
    server.kill()
    server.wait()

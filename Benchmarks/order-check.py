#!/usr/bin/env python3
"""Says whether netspec.order still names the functions of a built `netspec`.

    order-check.py BINARY [ORDER] [--threshold PERCENT]

The symbol-ordering file (made by order.sh) lists, in order, the functions a cold call runs, and
the README's static build hands it to lld, which skips a name it cannot find without a word (the
build passes --no-warn-symbol-ordering: the C library's functions are listed but not in sections).
After a function of Netspec is renamed or moved to another module, its mangled name is gone and the
call's code is laid out less well, silently. This compares the file with `nm` of BINARY (a debug,
release or static build with its symbols: not the stripped one the README installs).

Only Netspec's own functions are compared (module names starting with Netspec or netspec), and of
those only the ones every build of them has: not the optimizer's specializations, merged or
outlined copies, nor the numbered pieces of async functions, which differ between debug and release.
Prints how many of those are missing and exits 1 when more than PERCENT (default 5) are.
"""
import re
import subprocess
import sys
from pathlib import Path

OWN = re.compile(r"^\$s\d+(Netspec|netspec)")
# Specializations and other optimizer-made copies (Tg, Tf, Tm, TA, Tt), outlined value operations
# (WO…), value witnesses (w…), async continuation pieces (TQn_, TYn_), duplicates (…'2).
BUILD_DEPENDENT = re.compile(r"(T[QY]\d+_|WO[a-z]_?$|T[fgmAt]|W[a-z]{2}$|w[a-z]{2}$|'\d+$)")


def comparable(names):
    return {name for name in names if OWN.match(name) and not BUILD_DEPENDENT.search(name)}


def main(arguments):
    threshold = 5.0
    if "--threshold" in arguments:
        at = arguments.index("--threshold")
        threshold = float(arguments[at + 1])
        del arguments[at:at + 2]
    if not 1 <= len(arguments) <= 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    binary = arguments[0]
    order = Path(arguments[1] if len(arguments) > 1 else Path(__file__).with_name("netspec.order"))
    ordered = comparable(order.read_text().split())
    listed = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True)
    if listed.returncode != 0:
        print(f"order-check: nm {binary}: {listed.stderr.strip()}", file=sys.stderr)
        return 2
    # Mach-O's names carry a leading underscore (_$s…); ELF's and the file's do not.
    present = {name[1:] if name.startswith("_$") else name
               for name in (line.split()[-1] for line in listed.stdout.splitlines() if line.strip())}
    if not present:
        print(f"order-check: {binary} has no symbols (a stripped binary cannot be checked)", file=sys.stderr)
        return 2
    missing = sorted(ordered - present)
    share = 100.0 * len(missing) / max(len(ordered), 1)
    print(f"{order.name}: {len(missing)} of {len(ordered)} ordered Netspec functions are not in {Path(binary).name} ({share:.1f}%)")
    if share <= threshold:
        return 0
    for name in missing[:10]:
        print(f"  missing: {name}")
    print(f"more than {threshold:g}% are gone: the file is stale; make it anew with Benchmarks/order.sh "
          "(a static release build of its own, then four runs under valgrind) and commit it")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

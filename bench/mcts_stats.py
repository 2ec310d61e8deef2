#!/usr/bin/env python3
"""mcts_stats.py: tables of `vp go mcts --json` runs for bench/RESULTS.md.

Usage: python3 bench/mcts_stats.py RUN.jsonl [RUN.jsonl ...]

One markdown table per run, a row per collection (the folder holding each
problem file) and one for all: problems searched (and skipped or not
defined), accuracy (the top-1 move in the answer set, over the problems
that have one), the means of SWR,
SFH and SCR on the paper's 0-100 scale, of SSC and SBC, of TNC(N), maximum
depth and maximum branching, and the mean rollout length. Standard library
only.
"""
import json
import os
import sys
from collections import OrderedDict


def rows_of(path):
    groups = OrderedDict()
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                o = json.loads(line)
            except ValueError as e:
                sys.exit("%s:%d: not JSON (%s)" % (path, n, e))
            if o.get("format") != "vitalpoint-go-mcts":
                sys.exit("%s:%d: not a vp go mcts record" % (path, n))
            name = os.path.basename(os.path.dirname(o["file"])) or "."
            groups.setdefault(name, []).append(o)
    return groups


def mean(v):
    return sum(v) / len(v) if v else float("nan")


def row(name, recs):
    done = [o for o in recs if o["status"] == "searched"]
    known = [o for o in done if o["answers"] is not None]
    other = len(recs) - len(done)
    if not done:
        return "| %s | 0 | %d | - | - | - | - | - | - | - | - | - | - |" % (name, other)
    correct = sum(1 for o in known if o["correct"])
    acc = "%d / %d (%.1f%%)" % (correct, len(known), 100.0 * correct / len(known)) if known else "-"
    return "| %s | %d | %d | %s | %.1f | %.1f | %.1f | %.2f | %.2f | %.1f | %.2f | %.2f | %.1f |" % (
        name, len(done), other, acc,
        100 * mean([o["swr"] for o in known]), 100 * mean([o["sfh"] for o in known]),
        100 * mean([o["scr"] for o in known]), mean([o["ssc"] for o in done]), mean([o["sbc"] for o in done]),
        mean([o["tnc"] for o in done]), mean([o["max_depth"] for o in done]),
        mean([o["max_branching"] for o in done]),
        mean([o["rollouts"]["moves"] / o["playouts"] for o in done]))


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    for path in argv[1:]:
        groups = rows_of(path)
        everything = [o for recs in groups.values() for o in recs]
        first = next((o for o in everything if o["status"] == "searched"), None)
        if first:
            print("%s: root %s, %d playouts, seed %d, c %g" % (path, first["root"], first["playouts"],
                                                            first["seed"], first["cpuct"]))
        print()
        print("| collection | searched | skipped/undefined | correct / with answers (accuracy) | SWR | SFH | SCR | SSC | SBC "
              "| TNC | max depth | max branching | rollout moves |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for name, recs in groups.items():
            print(row(name, recs))
        if len(groups) > 1:
            print(row("all", everything))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

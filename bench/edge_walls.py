#!/usr/bin/env python3
"""edge_walls.py: the measurement of "The defender's side of an edge wall"
in bench/RESULTS.md (nineteenth session). It takes the problems that
`vp go solve` reports with defender stones on the region's edge, and
writes copies with defender stones added outside the region. On the
board those stones have open space behind them; the frame fills it with
attacker stones. Two ways:

  near   the empty points outside the region next to an edge stone
  wide   the empty points outside the region, next to a region point,
         within two lines (Chebyshev distance) of an edge stone

Usage, from the top of the tree (SOLVE.jsonl is any `vp go solve --json`
run over the problems; only its definitions are used):

    ./vp go solve --json -q --time-limit 0 --nodes 1000 ../shared/data/tsumego/*/*.json > all.jsonl
    python3 bench/edge_walls.py all.jsonl OUT
    for v in orig near wide; do ./vp go solve --json -q -t 2 --time-limit 10 OUT/$v/*.json > OUT/$v.jsonl; done

OUT/orig holds copies of the problems as they are.
"""
import json
import os
import shutil
import sys

COLS = "ABCDEFGHJKLMNOPQRST"
SGF = "abcdefghijklmnopqrs"


def xy(c):
    return COLS.index(c[0]), int(c[1:])


def to_sgf(x, y):
    return SGF[x] + SGF[19 - y]


def from_sgf(s):
    return SGF.index(s[0]), 19 - SGF.index(s[1])


def added(d, rec, wide):
    occ = {from_sgf(s) for s in d.get("AB", []) + d.get("AW", [])}
    region = {xy(c) for c in rec["region"]}
    edge = [xy(c) for c in rec["edge_defenders"]]
    out = []
    for x in range(19):
        for y in range(1, 20):
            p = (x, y)
            if p in region or p in occ:
                continue
            nbrs = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            if wide:
                ok = any(n in region for n in nbrs) and any(max(abs(x - ex), abs(y - ey)) <= 2 for ex, ey in edge)
            else:
                ok = any(n in edge for n in nbrs)
            if ok:
                out.append(p)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: edge_walls.py SOLVE.jsonl OUT")
    src, out = sys.argv[1], sys.argv[2]
    for v in ("orig", "near", "wide"):
        os.makedirs(os.path.join(out, v), exist_ok=True)
    n = 0
    for line in open(src):
        rec = json.loads(line)
        if not rec.get("edge_defenders"):
            continue
        path = rec["file"]
        d = json.load(open(path))
        defender = rec["to_play"] if rec["goal"] == "live" else ("W" if rec["to_play"] == "B" else "B")
        name = path.split("/")[-2][:5] + "-" + os.path.basename(path)
        shutil.copy(path, os.path.join(out, "orig", name))
        for v in ("near", "wide"):
            pts = added(d, rec, v == "wide")
            d2 = dict(d)
            d2["A" + defender] = d.get("A" + defender, []) + [to_sgf(x, y) for x, y in pts]
            json.dump(d2, open(os.path.join(out, v, name), "w"))
            print("%s %s: %s" % (name, v, " ".join(COLS[x] + str(y) for x, y in pts)))
        n += 1
    print("%d problems with defender stones on the region's edge" % n)


if __name__ == "__main__":
    main()

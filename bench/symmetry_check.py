#!/usr/bin/env python3
"""symmetry_check.py: `vp go solve` on every problem under the eight board
symmetries (and, with --invert, with the colours exchanged too), each
variant's record mapped back onto the original board and compared with the
original's.

A problem and its image under a symmetry or a colour exchange are the same
problem, so the solver must define them the same way (goal, side to play,
target, region, and where each came from) and must never settle a first move
one way in one orientation and another way in another. Within a node budget
the search may settle different moves in different orientations (its move
order breaks ties by point index), so moves left open in one variant are
not compared; where two variants settle every first move, their whole
answers (status, proven moves, ko moves, refuted moves) must be equal
(when the two are defined the same).

A problem disproved in its inferred region is solved again in a wider one
on what is left of the budget, and the record then reports the wider
region ("widened"), with the inferred one beside it ("inferred_region").
The definitions compared are always the inferred ones. Whether the second
search finishes within the budget depends on the move order, so on the
orientation: a variant widened where another is not is consistent when the
other is disproved (both found no first move in the inferred region), and
is counted apart; widened where the other is proved, ko or unknown, it is a
difference. Two variants both widened must be widened to the same region.

    python3 bench/symmetry_check.py --vp ./vp [--nodes N] [--threads T]
        [--invert] [--keep DIR] FILE...

Prints a summary and one line per difference; exits 1 when there is one, 2
on bad usage or when vp fails.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

SYMS = ["identity", "rot90", "rot180", "rot270", "flip_x", "flip_y", "transpose", "anti"]
INVERSE = {"rot90": "rot270", "rot270": "rot90"}
COLS = "ABCDEFGHJKLMNOPQRST"


def sym_xy(k, x, y, m):
    """gosym_point of engines/gosym.c: (x, y) from the bottom left."""
    return {
        "identity": (x, y), "rot90": (m - y, x), "rot180": (m - x, m - y), "rot270": (y, m - x),
        "flip_x": (m - x, y), "flip_y": (x, m - y), "transpose": (y, x), "anti": (m - y, m - x),
    }[k]


def map_point(name, k, size):
    """The benchmark name of point name's image under symmetry k."""
    if name == "pass":
        return name
    x, y = COLS.index(name[0].upper()), int(name[1:]) - 1
    u, v = sym_xy(k, x, y, size - 1)
    return "%s%d" % (COLS[u], v + 1)


def back(rec, k, invert, size):
    """The parts of a solve record compared, mapped back to the original."""
    kb = INVERSE.get(k, k)
    pts = lambda names: sorted(map_point(p, kb, size) for p in names or [])
    side = rec.get("to_play")
    if invert and side in ("B", "W"):
        side = "W" if side == "B" else "B"
    moves = {}
    for cls, names in (("proved", rec.get("first_moves")), ("ko", rec.get("ko_moves")),
                       ("refuted", list((rec.get("refutations") or {}).keys())),
                       ("open", rec.get("unsolved_moves"))):
        for p in names or []:
            moves[map_point(p, kb, size)] = cls
    inferred = dict(rec.get("inferred") or {})
    region, wide = rec.get("region"), None  # wide: the widened region, else None
    if inferred.get("region") == "widened":  # the definition compared is the one inferred
        region, wide, inferred["region"] = rec.get("inferred_region"), pts(region), "inferred"
    definition = {
        "goal": rec.get("goal"), "to_play": side, "target": pts(rec.get("target")),
        "region": pts(region), "inferred": inferred, "rules": rec.get("rules"),
    }
    if "goal" not in rec:  # no problem defined: the reason must be the same
        definition = {"reason": rec.get("reason")}
    return {"status": rec.get("status"), "definition": definition, "moves": moves, "wide": wide}


def run(cmd, ok=(0,)):
    """cmd's stdout; exits 2 when its status is not in ok."""
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode not in ok:
        sys.stderr.write("symmetry_check: %s failed (exit %d): %s" % (cmd[0], r.returncode, r.stderr))
        sys.exit(2)
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--vp", default="vp")
    ap.add_argument("--nodes", type=int, default=100000, help="node budget per solve (default 100000)")
    ap.add_argument("--threads", type=int, default=2, help="problems solved at once")
    ap.add_argument("--invert", action="store_true", help="also each symmetry with the colours exchanged")
    ap.add_argument("--keep", help="write the variants and the records into this directory")
    a = ap.parse_args()
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
        return check(a, a.keep)
    with tempfile.TemporaryDirectory(prefix="vp_sym_") as work:
        return check(a, work)


def check(a, work):
    """Writes the variants into work, solves them and compares; the exit code."""
    variants = [(k, 0) for k in SYMS] + ([(k, 1) for k in SYMS] if a.invert else [])
    files, origin = [], {}
    sizes = {}
    for k, inv in variants:
        cmd = [a.vp, "go", "show", "--json", "--transform", k] + (["--invert"] if inv else []) + a.files
        lines = run(cmd).splitlines()
        if len(lines) != len(a.files):
            sys.stderr.write("symmetry_check: vp go show printed %d problems for %d files\n" % (len(lines), len(a.files)))
            sys.exit(2)
        for i, line in enumerate(lines):
            prob = json.loads(line)
            if prob.get("height", prob["size"]) != prob["size"]:
                sys.stderr.write("symmetry_check: %s: not a square board\n" % a.files[i])
                sys.exit(2)
            sizes[i] = prob["size"]
            path = os.path.join(work, "%04d.%s%s.json" % (i, k, ".inv" if inv else ""))
            with open(path, "w") as f:
                f.write(line + "\n")
            files.append(path)
            origin[path] = (i, k, inv)
    cmd = [a.vp, "go", "solve", "--json", "--quiet", "--threads", str(a.threads), "--search-threads", "1",
           "--time-limit", "0", "--nodes", str(a.nodes)]
    recs = {}
    chunk = 400  # keep each command line short
    for j in range(0, len(files), chunk):
        for line in run(cmd + files[j:j + chunk], ok=(0, 1)).splitlines():
            rec = json.loads(line)
            recs[rec["file"]] = rec
    if a.keep:
        with open(os.path.join(work, "records.jsonl"), "w") as f:
            for path in files:
                f.write(json.dumps(recs[path]) + "\n")
    by = {}
    for path in files:
        i, k, inv = origin[path]
        if path not in recs:
            sys.stderr.write("symmetry_check: no record for %s\n" % path)
            sys.exit(2)
        by.setdefault(i, []).append(((k, inv), back(recs[path], k, inv, sizes[i])))
    diffs, full_pairs, settled_pairs, widened_one = [], 0, 0, 0
    for i, vs in sorted(by.items()):
        (k0, i0), r0 = vs[0]
        done = [(v, r) for v, r in vs if r["status"] != "unknown" and "open" not in r["moves"].values()]
        for (k, inv), r in vs[1:]:
            tag = "%s%s" % (k, " inverted" if inv else "")
            if r["definition"] != r0["definition"]:
                diffs.append("%s: %s: defined differently: %s against %s" %
                             (a.files[i], tag, json.dumps(r["definition"]), json.dumps(r0["definition"])))
                continue
            if (r["wide"] is None) != (r0["wide"] is None):
                other = r if r0["wide"] is not None else r0
                if other["status"] == "disproved":
                    widened_one += 1
                else:
                    diffs.append("%s: %s: widened in %s only, %s in the other" %
                                 (a.files[i], tag, "this variant" if r["wide"] is not None else "the original",
                                  other["status"]))
                continue
            if r["wide"] != r0["wide"]:
                diffs.append("%s: %s: widened differently: %s against %s" %
                             (a.files[i], tag, json.dumps(r["wide"]), json.dumps(r0["wide"])))
                continue
            for p, cls in sorted(r["moves"].items()):
                c0 = r0["moves"].get(p)
                if c0 and "open" not in (c0, cls):
                    settled_pairs += 1
                    if c0 != cls:
                        diffs.append("%s: %s: %s %s, %s in the original orientation" % (a.files[i], tag, p, cls, c0))
        for n, (v, r) in enumerate(done):
            for w, s in done[n + 1:]:
                if s["definition"] != r["definition"] or s["wide"] != r["wide"]:
                    continue  # reported or counted above
                full_pairs += 1
                if (r["status"], r["moves"]) != (s["status"], s["moves"]):
                    diffs.append("%s: %s and %s settle every first move differently: %s %s against %s %s" %
                                 (a.files[i], v, w, r["status"], sorted(r["moves"].items()), s["status"],
                                  sorted(s["moves"].items())))
    print("symmetry_check: %d problems, %d variants each, %d solves at %d nodes" %
          (len(a.files), len(variants), len(files), a.nodes))
    print("  first moves settled in a variant and in the original: %d compared" % settled_pairs)
    print("  pairs of variants that both settle every first move: %d compared" % full_pairs)
    print("  variants widened after a disproof where the original is not, or the reverse: %d" % widened_one)
    print("  differences: %d" % len(diffs))
    for d in diffs:
        print("  " + d)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())

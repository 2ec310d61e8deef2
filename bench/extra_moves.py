#!/usr/bin/env python3
"""The first moves vp proves beyond the book's, checked two ways.

Reads a `vp go solve --json` run (one object per line) and takes every
problem that was proved (outright) with a region vp inferred, and every
proven first move that the book's SOL list does not hold (an "extra"
move). Each extra move is then put to:

- GNU Go 3.8 (`--level 10`), on the stored position:
  `owl_does_attack MOVE CHAIN` for a kill, `owl_does_defend` for a live
  problem, once for every chain of vp's target (0 fails, 1 works,
  2 and 3 work through a ko);
- vp itself in two wider regions: the bounding box of the inferred region
  grown by 1 and by 2 lines on every side (clipped at the board's edge),
  the same target, only MOVE at the root (`--moves`), on its own budget.
  "refuted" there means a wider region refutes the move: the proof in the
  inferred region rests on the frame, so the move is not an answer on the
  full board (the wider region has less frame and more room for the
  defender; it is the same kind of evidence as the disproofs' wider
  check of `vp go solve`).

usage: bench/extra_moves.py RUN.jsonl [--vp ./vp] [--gnugo /usr/games/gnugo]
                            [--jobs 2] [--time-limit 20] [--goal kill|live]
                            [--out FILE.jsonl] [--from FILE.jsonl]
Prints a Markdown table for bench/RESULTS.md. Run from the top of a built
tree (it uses bench/owl_bench.py's GTP driver). Standard library only.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import owl_bench  # noqa: E402  (the GTP driver and the chains)
import solve_stats  # noqa: E402  (the book's listed first moves)

COLS = owl_bench.COLUMNS


def xy(p):
    """A point like D19 -> (x, y), y the row number from the bottom."""
    x, y = owl_bench.gtp_to_xy(p, 19)
    return x, 19 - y


def grown(region, k):
    """The bounding box of region grown by k lines, as a rectangle A14-H19."""
    xs = [xy(p)[0] for p in region]
    ys = [xy(p)[1] for p in region]
    x0, x1 = max(0, min(xs) - k), min(18, max(xs) + k)
    y0, y1 = max(1, min(ys) - k), min(19, max(ys) + k)
    return "%s%d-%s%d" % (COLS[x0], y0, COLS[x1], y1)


def chain_points(target, pb):
    """One point of each chain of target (vp's coordinates)."""
    pos = owl_bench.Position(19, pb.get("AB", []), pb.get("AW", []))
    seen, reps = set(), []
    for p in target:
        x, y = xy(p)
        t = (x, 19 - y)
        if t not in seen:
            seen |= pos.chain(t)[0]
            reps.append(p)
    return reps


def extras(run, goal):
    items = []
    with open(run) as f:
        for line in f:
            r = json.loads(line)
            if r.get("status") != "proved" or r.get("inferred", {}).get("region") != "inferred":
                continue
            if goal and r["goal"] != goal:
                continue
            with open(r["file"]) as pf:
                pb = json.load(pf)
            sol = sorted(set(solve_stats.listed_moves(r["file"]) or []))
            ext = [m for m in r["first_moves"] if m not in sol]
            if ext:
                items.append((r, pb, sol, ext))
    return items


def vp_wider(opts, r, m, k):
    cmd = [opts.vp, "go", "solve", "--json", "-q", "--time-limit", str(opts.time_limit), "--nodes", "0",
           "--region", grown(r["region"], k), "--target", ",".join(r["target"]), "--moves", m, r["file"]]
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        j = json.loads(p.stdout)
    except ValueError:
        return "error: " + (p.stderr.strip() or "exit %d" % p.returncode)[:120]
    if m in j["first_moves"]:
        return "proved"
    if m in j["ko_moves"]:
        return "ko"
    return "refuted" if m in j["refutations"] else "open"


def one(opts, item):
    r, pb, sol, ext = item
    g = owl_bench.Gtp([opts.gnugo, "--mode", "gtp", "--level", "10"])
    try:
        g.load(19, pb.get("AB", []), pb.get("AW", []), r["to_play"])
        reps = chain_points(r["target"], pb)
        out = []
        verb = "owl_does_attack" if r["goal"] == "kill" else "owl_does_defend"
        for m in ext:
            codes = []
            for c in reps:
                try:
                    codes.append(g.send("%s %s %s" % (verb, m, c), 120).split()[0])
                except (owl_bench.GtpError, owl_bench.GtpTimeout) as e:
                    codes.append("error: %s" % e)
            out.append({"file": r["file"], "goal": r["goal"], "move": m, "book": sol, "chains": reps,
                        "gnugo": codes,
                        "wider1": vp_wider(opts, r, m, 1), "region1": grown(r["region"], 1),
                        "wider2": vp_wider(opts, r, m, 2), "region2": grown(r["region"], 2)})
        return out
    finally:
        g.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run")
    ap.add_argument("--vp", default="./vp")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=20)
    ap.add_argument("--goal", choices=("kill", "live"), help="only the problems with this goal")
    ap.add_argument("--out")
    ap.add_argument("--from", dest="rows_from", metavar="FILE.jsonl",
                    help="print the tables of an earlier --out instead of checking again")
    opts = ap.parse_args()
    if opts.rows_from:
        with open(opts.rows_from) as f:
            rows = [json.loads(line) for line in f]
        nprob = len({r["file"] for r in rows})
    else:
        items = extras(opts.run, opts.goal)
        nprob = len(items)
        rows = []
        with concurrent.futures.ThreadPoolExecutor(opts.jobs) as ex:
            for part in ex.map(lambda it: one(opts, it), items):
                rows.extend(part)
    if opts.out:
        with open(opts.out, "w") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")

    def gnu(row):
        c = row["gnugo"]
        if row["goal"] == "kill":  # every chain must die
            return "works" if all(x == "1" for x in c) else "ko" if all(x in "123" for x in c) else "fails"
        return "works" if "1" in c else "ko" if any(x in ("2", "3") for x in c) else "fails"

    def wider(row):
        w = (row["wider1"], row["wider2"])
        return "refuted" if "refuted" in w else "proved in both" if w == ("proved", "proved") else \
            "proved in one, open in the other" if "proved" in w else "open" if w == ("open", "open") else "/".join(w)

    print("%d extra first moves in %d problems (%s)\n" % (len(rows), nprob, opts.run))
    print("| wider regions | moves | GNU Go: works | by ko | fails |")
    print("|---|---|---|---|---|")
    classes = sorted({wider(r) for r in rows})
    for cl in classes:
        rs = [r for r in rows if wider(r) == cl]
        print("| %s | %d | %d | %d | %d |" % (cl, len(rs), sum(gnu(r) == "works" for r in rs),
                                            sum(gnu(r) == "ko" for r in rs), sum(gnu(r) == "fails" for r in rs)))
    print("\nRefuted in a wider region:\n")
    for r in rows:
        if wider(r) == "refuted":
            print("- %s %s, %s (%s; book %s): %s in %s, %s in %s; GNU Go %s" % (
                os.path.basename(os.path.dirname(r["file"])), os.path.basename(r["file"]), r["move"], r["goal"],
                " ".join(r["book"]),
                r["wider1"], r["region1"], r["wider2"], r["region2"], " ".join(r["gnugo"])))


if __name__ == "__main__":
    main()

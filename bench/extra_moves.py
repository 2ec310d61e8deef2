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

With --refuted it takes the other direction: every book move that the
run refutes (the move is in the record's `refutations`), in a problem of
any status whose region vp inferred, put to the same two checks and to a
third: GNU Go's reading after the book move and vp's refuting reply
(`owl_attack` in a kill, `owl_defend` in a live problem, the side that
played the book move to move again). "proved" in a wider region means
the refutation rests on the frame (an inference question); a refutation
that GNU Go does not share after the reply is one to read. --walk N
walks on from each of those: GNU Go names its move for the book's side,
vp searches that move after the line (`--after`, the record's goal,
target and region, --walk-time s) and its refuting reply is played, up to
N times; the walk ends where GNU Go finds no way on, passes, plays
outside the region, or vp does not refute GNU Go's move.

usage: bench/extra_moves.py RUN.jsonl [--vp ./vp] [--gnugo /usr/games/gnugo]
                            [--jobs 2] [--time-limit 20] [--goal kill|live]
                            [--refuted [--walk N] [--walk-time S]]
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


def extras(run, goal, refuted=False):
    """(record, problem, book moves, moves to check) for each problem of
    the run: the extra proven moves, or with refuted the refuted book
    moves."""
    items = []
    with open(run) as f:
        for line in f:
            r = json.loads(line)
            if r.get("inferred", {}).get("region") != "inferred" or "refutations" not in r:
                continue
            if (r.get("status") != "proved" and not refuted) or (goal and r["goal"] != goal):
                continue
            with open(r["file"]) as pf:
                pb = json.load(pf)
            sol = sorted(set(solve_stats.listed_moves(r["file"]) or []))
            if refuted:
                ext = [m for m in sol if m in r["refutations"]]
            else:
                ext = [m for m in r["first_moves"] if m not in sol]
            if ext:
                items.append((r, pb, sol, ext))
    return items


def vp_record(cmd, width):
    """Runs vp solve (cmd) on one problem: its record with first moves, or
    the reason it gave none (the error output, up to width characters, or
    the record's reason)."""
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        j = json.loads(p.stdout)
    except ValueError:
        return (p.stderr.strip() or "exit %d" % p.returncode)[:width]
    return j if "first_moves" in j else str(j.get("reason") or j.get("status"))


def vp_wider(opts, r, m, k):
    j = vp_record([opts.vp, "go", "solve", "--json", "-q", "--time-limit", str(opts.time_limit), "--nodes", "0",
                   "--region", grown(r["region"], k), "--target", ",".join(r["target"]), "--moves", m, r["file"]], 120)
    if isinstance(j, str):
        return "error: " + j
    if m in j["first_moves"]:
        return "proved"
    if m in j["ko_moves"]:
        return "ko"
    return "refuted" if m in j["refutations"] else "open"


def owl_after(g, r, pb, line, chains):
    """GNU Go's owl reading of each chain after line is played from the
    problem's position (the side to play first): owl_attack in a kill,
    owl_defend in a live problem, with the side to play moving first when
    line is of even length. The position is loaded again after (a timeout
    restarts GNU Go). Returns each chain's answer as words; a failed read
    is ["error: ..."], and a line GNU Go refuses makes the one answer."""
    verb = "owl_attack" if r["goal"] == "kill" else "owl_defend"
    mover, other = r["to_play"], "W" if r["to_play"] == "B" else "B"
    try:
        for i, p in enumerate(line):
            g.send("play %s %s" % (mover if i % 2 == 0 else other, p), 30)
        out = []
        for c in chains:
            try:
                out.append(g.send("%s %s" % (verb, c), 120).split())
            except (owl_bench.GtpError, owl_bench.GtpTimeout) as e:
                out.append(["error: %s" % e])
        return out
    except (owl_bench.GtpError, owl_bench.GtpTimeout) as e:
        return [["error: %s" % e]]
    finally:
        g.load(19, pb.get("AB", []), pb.get("AW", []), r["to_play"])


def after_reply(g, r, pb, m, reps):
    """GNU Go's reading after the book move m and vp's refuting reply, the
    book's side to move (0 for a chain: it lives in a kill, as vp says, or
    dies in a live problem). Returns (the reply, the codes)."""
    line = r["refutations"][m]
    if len(line) < 2:
        return None, []
    return line[1], [a[0] for a in owl_after(g, r, pb, line[:2], reps)]


def agrees_after(row):
    """GNU Go after vp's reply: in a kill some chain cannot be attacked
    (a chain that lives refutes it), in a live problem none can be
    defended."""
    c = row.get("gnugo_after") or []
    if not c or any(x.startswith("error") for x in c):
        return False
    return "0" in c if row["goal"] == "kill" else all(x == "0" for x in c)


def vp_after(opts, r, line, m):
    """vp on the first move m after line, in the record's own problem
    (goal, target, region): its record, or the reason it gave none."""
    j = vp_record([opts.vp, "go", "solve", "--json", "-q", "--threads", "1", "--search-threads", "1",
                   "--time-limit", str(opts.walk_time), "--nodes", "0", "--after", ",".join(line), "--moves", m,
                   "--goal", r["goal"], "--target", ",".join(r["target"]), "--region", ",".join(r["region"]),
                   r["file"]], 160)
    return "vp: " + j if isinstance(j, str) else j


def walk(opts, g, r, pb, row):
    """Walks on from a refutation GNU Go does not share: GNU Go names its
    move for the book's side (on a chain it still finds a way for), vp
    searches that move after the line and its refuting reply is played,
    up to opts.walk times. Returns the line and how the walk ended."""
    codes = row["gnugo_after"]
    chain = row["chains"][codes.index("1")] if "1" in codes else row["chains"][0]
    line, end = [row["move"], row["reply"]], "steps used up"
    for _ in range(opts.walk):
        ans = owl_after(g, r, pb, line, [chain])[0]
        if ans[0].startswith("error: "):
            end = "GNU Go: " + " ".join(ans)[len("error: "):]
            break
        if ans[0] == "0":
            end = "GNU Go finds no way"
            break
        if len(ans) < 2 or ans[1].upper() == "PASS":
            end = "GNU Go passes"
            break
        j = vp_after(opts, r, line, ans[1])
        if isinstance(j, str):
            end = "GNU Go's %s: %s" % (ans[1], j)
            break
        if ans[1] in j["first_moves"] or ans[1] in j["ko_moves"]:
            end = "vp proves GNU Go's %s" % ans[1]
            break
        ref = j["refutations"].get(ans[1]) or []
        if len(ref) < 2:
            end = "GNU Go's %s open for vp" % ans[1]
            break
        line += [ans[1], ref[1]]
    return {"line": line, "end": end}


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
            row = {"file": r["file"], "goal": r["goal"], "move": m, "book": sol, "chains": reps, "gnugo": codes}
            if opts.refuted:
                row["reply"], row["gnugo_after"] = after_reply(g, r, pb, m, reps)
                if opts.walk and row["reply"] and not agrees_after(row):
                    row["walk"] = walk(opts, g, r, pb, row)
            row.update({"wider1": vp_wider(opts, r, m, 1), "region1": grown(r["region"], 1),
                        "wider2": vp_wider(opts, r, m, 2), "region2": grown(r["region"], 2)})
            out.append(row)
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
    ap.add_argument("--refuted", action="store_true",
                    help="check the book moves the run refutes instead of the extra proven moves")
    ap.add_argument("--walk", type=int, default=0, metavar="N",
                    help="with --refuted: where GNU Go does not share a refutation, walk on up to N steps")
    ap.add_argument("--walk-time", type=float, default=30, metavar="S", help="vp's time limit for a walk's step")
    ap.add_argument("--out")
    ap.add_argument("--from", dest="rows_from", metavar="FILE.jsonl",
                    help="print the tables of an earlier --out instead of checking again")
    opts = ap.parse_args()
    if opts.rows_from:
        with open(opts.rows_from) as f:
            rows = [json.loads(line) for line in f]
        nprob = len({r["file"] for r in rows})
    else:
        items = extras(opts.run, opts.goal, opts.refuted)
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
        if opts.refuted:  # a refuted book move: is it proved anywhere wider?
            return "refuted in both" if w == ("refuted", "refuted") else \
                "proved in both" if w == ("proved", "proved") else "proved in one" if "proved" in w else "/".join(w)
        return "refuted" if "refuted" in w else "proved in both" if w == ("proved", "proved") else \
            "proved in one, open in the other" if "proved" in w else "open" if w == ("open", "open") else "/".join(w)

    what = "refuted book moves" if opts.refuted else "extra first moves"
    print("%d %s in %d problems (%s)\n" % (len(rows), what, nprob, opts.run))

    extra = " | GNU Go after vp's reply: refuted too" if opts.refuted else ""
    print("| wider regions | moves | GNU Go: works | by ko | fails%s |" % extra)
    print("|---|---|---|---|---|%s" % ("---|" if opts.refuted else ""))
    classes = sorted({wider(r) for r in rows})
    for cl in classes:
        rs = [r for r in rows if wider(r) == cl]
        print("| %s | %d | %d | %d | %d |%s" % (cl, len(rs), sum(gnu(r) == "works" for r in rs),
                                              sum(gnu(r) == "ko" for r in rs), sum(gnu(r) == "fails" for r in rs),
                                              " %d |" % sum(agrees_after(r) for r in rs) if opts.refuted else ""))
    if opts.refuted:
        title, pick = "Proved in a wider region, or GNU Go not refuting it after vp's reply (to read)", \
            lambda r: "proved" in (r["wider1"], r["wider2"]) or not agrees_after(r)
    else:
        title, pick = "Refuted in a wider region", lambda r: wider(r) == "refuted"
    print("\n%s:\n" % title)
    for r in rows:
        if pick(r):
            print("- %s %s, %s (%s; book %s): %s in %s, %s in %s; GNU Go %s%s" % (
                os.path.basename(os.path.dirname(r["file"])), os.path.basename(r["file"]), r["move"], r["goal"],
                " ".join(r["book"]),
                r["wider1"], r["region1"], r["wider2"], r["region2"], " ".join(r["gnugo"]),
                "; after vp's reply %s: %s" % (r["reply"], " ".join(r["gnugo_after"])) if opts.refuted else ""))
    walks = [r for r in rows if r.get("walk")]
    if walks:
        print("\nThe walks on (GNU Go's move, vp's reply):\n")
        for r in walks:
            print("- %s %s, %s: %s; %s" % (os.path.basename(os.path.dirname(r["file"])), os.path.basename(r["file"]),
                                          r["move"], " ".join(r["walk"]["line"]), r["walk"]["end"]))


if __name__ == "__main__":
    main()

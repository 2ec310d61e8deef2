#!/usr/bin/env python3
"""Summarise a `vp go solve --json` run for bench/RESULTS.md.

Usage: bench/solve_stats.py RUN.jsonl [--owl OWL.jsonl] [--list] [--alternatives]
                             [--speed] [--by-space] [--compare OLD.jsonl]
                             [--longer LONG.jsonl]... [--to-rerun]

Per collection (the directory of each file): problems, statuses, how many
proven answer sets hold the book's first move (and how many only as a ko
move), extra proven moves, contradictions, and seconds per problem
(median, 90th percentile by nearest rank, maximum). With --owl, a
second table sets GNU Go's owl results (bench/owl_bench.py --out) beside
the solver's, per collection: the solver's agreement (the first book move
proven, outright or by ko), GNU Go's (its move one of the book's listed
first moves; the first one), both, each alone, and the problems GNU Go's
file has no record of (matched by directory and file name). With --list, every problem where the
solver and the book disagree is listed with the solver's sets. With
--alternatives, a second table counts the problems where any of the book's
listed first moves (every SOL entry of a JSON problem file, read from the
path in the run) is proven, beside the first one alone. With --speed, a
table of problems within 50 ms and at the limit (seconds 97% or more of
the record's own time limit, so that a faster machine, which stops
earlier within its reserve, is counted the same, or nodes 97% or more of
its node budget; a record without recorded budgets is never at it),
nodes, seconds of solving,
nodes per second of a problem's solve (their ratio: per thread when each
problem has one search thread; with --search-threads J the nodes are every
thread's and the seconds the problem's, so it is per problem) and the mean
region. With
--by-space, a table by the number of empty points in the problem's region
at the start (the run's region, the stones of the JSON problem file read
from the path in the run): problems, agreement with the book, unknowns,
median seconds and problems at the limit. After the first table, the run's
search options (the records' "search" objects: each option's value, or
"mixed"). With
--compare, the run is set against an older run of the same files: how many
problems go from one class to another (book: the book's first move proven;
bookko: only by ko; bookref: refuted; unknown; other:STATUS: settled
without it) and every problem whose class changed; then every first move
that both runs settled differently (proven, ko or refuted) where the
problem's definition is the same in both (goal, side to play, rules,
target and region). Exact answers do not depend on the search, so
between runs of one build any such move is a solver bug, whatever the
budgets, thread counts or search options; between builds it is a change
of the rules the solver implements. When the two runs' search options
differ, a line says so (budgets change what is settled, not how).

With --longer (once or more), the tables are those of the run at a longer
budget: LONG holds records of some of the run's problems solved with a
longer time limit or a larger node budget (and neither budget smaller:
none counts as the largest), the same problems as the run defines them
(the inferred region where one was widened after a disproof), and each
replaces the run's record of its problem (the last given wins). The run's
other records stand where the problem ended before half the run's clock
(49% of it) and half its node budget: the search changes course only at
caps (the attacker's stage at half the budget, pass 0 at three quarters),
so it is the same search under any larger budget (with one search thread
and no clock, node for node). The composed budget is the largest of the
longer records' (clock and node budget each), so compositions chain: a
record of an earlier --longer run at a smaller budget stands on the same
rule (--longer N50.jsonl --longer N100.jsonl on a run at 5,000,000 nodes,
with N100 holding the problems that N50 did not end before half of its
budget, gives the run at 100,000,000 nodes). The rest are named as not
covered, and their records are lower bounds. A line gives how many
composed records reach their budget's limit (97% of the clock or of the
node budget) and how many take longer than 10 s.

With --to-rerun, only the files of the run's problems (composed, with
--longer) whose records did not end before half their budget are
printed, one per line as the records name them: the problems to run
again at a larger budget for the next composition (records without
budgets, of older builds, among them). Some bundled names hold a space
(Fujisawa's "Problem 21.json"), so hand the list on a line at a time:
... --to-rerun > LIST; xargs -d '\n' -a LIST vp go solve --json ...
"""
import argparse
import json
import math
import os
import sys
from collections import OrderedDict

from owl_bench import sgf_to_xy, xy_to_gtp


def pct(v, q):
    if not v:
        return float("nan")
    v = sorted(v)
    return v[max(0, math.ceil(q * len(v)) - 1)]


def read_problem(path):
    """A JSON problem file and its board size, or (None, None) when the file
    cannot be read, is not a JSON object or has no usable SZ."""
    try:
        with open(path) as f:
            d = json.load(f)
        size = int(d.get("SZ", 19))
    except (OSError, ValueError, TypeError, AttributeError):
        return None, None
    return d, size


def gtp_points(points, size):
    """SGF points (like "dd") in the solver's coordinates (A19 top left, no
    I; owl_bench's conversions); points that do not convert are left out."""
    return [xy_to_gtp(x, y, size) for x, y in filter(None, (sgf_to_xy(p, size) for p in points))]


def listed_moves(path):
    """The book's listed first moves of a JSON problem file, in the solver's
    coordinates; None when the file is not a readable JSON problem."""
    d, size = read_problem(path)
    if d is None:
        return None
    return gtp_points([e[1] if len(e) > 1 else "" for e in d.get("SOL", [])], size)


def load_run(path):
    """The records of a run, or an error message naming the file and line."""
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except ValueError as e:
                return None, "%s:%d: not JSON: %s" % (path, n, e)
    return rows, None


def empty_points(r):
    """The empty points of the run's region in the JSON problem file's
    position (the solver's coordinates), or None when the file is not a
    readable JSON problem or the record has no region."""
    d, size = read_problem(r["file"])
    if d is None or not r.get("region"):
        return None
    stones = set(gtp_points(d.get("AB", []), size) + gtp_points(d.get("AW", []), size))
    return sum(p not in stones for p in r["region"])


SPACE_BANDS = ((0, 7), (8, 11), (12, 15), (16, 19), (20, 23), (24, None))


def book_class(r):
    """book, bookko, bookref, unknown or other:STATUS (see --compare)."""
    b = r.get("book")
    if b in (r.get("first_moves") or []):
        return "book"
    if b in (r.get("ko_moves") or []):
        return "bookko"
    if b in (r.get("refutations") or {}):
        return "bookref"
    if r["status"] == "unknown":
        return "unknown"
    return "other:" + r["status"]


def move_values(r):
    """Each settled first move of a record: proved, ko or refuted."""
    v = {m: "refuted" for m in (r.get("refutations") or {})}
    v.update((m, "ko") for m in (r.get("ko_moves") or []))
    v.update((m, "proved") for m in (r.get("first_moves") or []))
    return v


def definition(r):
    """What makes two records the same problem for the solver."""
    return (r.get("goal"), r.get("to_play"), r.get("rules"), sorted(r.get("target") or []),
            sorted(r.get("region") or []))


def inferred_definition(r):
    """definition(r) with the region as inferred: a record whose region
    was widened after a disproof (a step that depends on the budget left)
    gives the inferred one ("inferred_region"; records of older builds
    have only the wider one)."""
    if (r.get("inferred") or {}).get("region") == "widened" and r.get("inferred_region"):
        r = dict(r, region=r["inferred_region"])
    return definition(r)


def budget(r):
    """(time limit, node budget) of a record's search; 0 for none, None
    for records of older builds."""
    s = r.get("search")
    if not isinstance(s, dict):
        return None
    return (s.get("time_limit") or 0, s.get("nodes") or 0)


def at_limit(r):
    """True when a record used its budget: seconds at 97% of its time limit
    or more (a solve stops a reserve short of the limit, which depends on
    the machine), or nodes at 97% of its node budget or more. False without
    recorded budgets."""
    b = budget(r)
    if not b:
        return False
    return bool(b[0]) and (r.get("seconds") or 0) >= 0.97 * b[0] or \
        bool(b[1]) and (r.get("nodes") or 0) >= 0.97 * b[1]


def budget_text(b):
    """A record's budgets as text: "240 s", "50000000 nodes", both, or "no
    limit"."""
    parts = (["%g s" % b[0]] if b[0] else []) + (["%d nodes" % b[1]] if b[1] else [])
    return ", ".join(parts) or "no limit"


def larger(x, y):
    """Budget x against y, 0 meaning none (the largest): 1 when larger, 0
    when the same, -1 when smaller."""
    if x == y:
        return 0
    return 1 if x == 0 or (y != 0 and x > y) else -1


def ended_early(r, b):
    """True when record r ended before half of its budget b, clock (49% of
    it) and nodes: it met neither of the search's caps (the attacker's
    stage stops at half the budget, pass 0 at three quarters;
    solver/dfpn.c), so the same search runs under any larger budget."""
    return bool(b[0] or b[1]) and (not b[0] or (r.get("seconds") or 0) < 0.49 * b[0]) and \
        (not b[1] or (r.get("nodes") or 0) < b[1] // 2)


def compose(run, rows, longer):
    """The run at a longer budget (clock or nodes), from records of some of
    its problems run there (longer: (path, rows) pairs; the last record of
    a problem wins).
    The composed budget is the largest of the longer records' (clock and
    nodes each, none counting as the largest). A record of the run, or of a
    longer run at a smaller budget than that, stands where it ended before
    half its own budget (ended_early). Returns the composed rows, the
    number taken from the longer runs, how many of those stand at a
    smaller budget, the number kept from the run, the records not covered
    (kept as they are: lower bounds) and the composed budget; raises
    ValueError with a message naming the file when a record cannot be
    used."""
    by = {}
    for path, lrows in longer:
        for r in lrows:
            by[short_name(r)] = (path, r)
    names = {short_name(r) for r in rows}
    out, taken, smaller, kept, uncovered = [], 0, 0, 0, []
    strangers = sorted(set(by) - names)
    if strangers:
        raise ValueError("%s: %s is not in %s" % (by[strangers[0]][0], strangers[0], run))
    top = None
    for _, lr in by.values():
        lb = budget(lr)
        if lb is not None:
            top = lb if top is None else tuple(x if larger(x, y) >= 0 else y for x, y in zip(lb, top))
    for r in rows:
        name = short_name(r)
        b = budget(r)
        if b is None:
            raise ValueError("%s: %s: no search options in the record (an older build)" % (run, name))
        if name in by:
            path, lr = by[name]
            lb = budget(lr)
            cmp = lb and (larger(lb[0], b[0]), larger(lb[1], b[1]))
            if cmp is None or -1 in cmp or 1 not in cmp:
                raise ValueError("%s: %s: not a longer budget than in %s (time limit %s, nodes %s, against %s, %s)" % (
                    path, name, run, lb and lb[0], lb and lb[1], b[0], b[1]))
            if "goal" in r and inferred_definition(lr) != inferred_definition(r):
                raise ValueError("%s: %s is defined differently than in %s" % (path, name, run))
            out.append(lr)
            if lb == top or ended_early(lr, lb):
                taken += 1
                smaller += lb != top
            else:
                uncovered.append(lr)
        elif ended_early(r, b):
            out.append(r)
            kept += 1
        else:
            out.append(r)
            uncovered.append(r)
    return out, taken, smaller, kept, uncovered, top


def short_name(r):
    return os.path.basename(os.path.dirname(r["file"])) + "/" + os.path.basename(r["file"])


def search_options(rows):
    """The search options of a run's records (vp's "search" object) as
    text: each option's value when every record has the same, "mixed"
    otherwise; the first moves, which are a file's own with --first book,
    by their source; "not recorded" for records of older builds."""
    keys, seen, missing = [], {}, 0
    for r in rows:
        s = r.get("search")
        if r.get("status") == "error" or "goal" not in r:
            continue  # a file that did not load or define: nothing searched
        if not isinstance(s, dict):
            missing += 1
            continue
        for k, v in s.items():
            if k == "first":
                continue
            if k not in seen:
                keys.append(k)
                seen[k] = set()
            seen[k].add(json.dumps(v))
    if not keys:
        return "not recorded"
    def shown(x):
        v = json.loads(x)
        return v if isinstance(v, str) else x
    parts = ["%s %s" % (k, shown(next(iter(seen[k]))) if len(seen[k]) == 1 else "mixed") for k in keys]
    if missing:
        parts.append("not recorded in %d records" % missing)
    return ", ".join(parts)


class _Parser(argparse.ArgumentParser):
    """argparse with this script's one-line errors (exit 1)."""

    def error(self, message):
        if "expected one argument" in message:
            message = message.replace("argument ", "").replace(": expected one argument", " needs a file")
        self.exit(1, "solve_stats.py: %s\n" % message)


def main(argv):
    ap = _Parser(prog="solve_stats.py", add_help=False, usage=argparse.SUPPRESS)
    ap.add_argument("run", nargs="?")
    ap.add_argument("-h", "--help", action="store_true")
    ap.add_argument("--owl")
    ap.add_argument("--compare")
    ap.add_argument("--longer", action="append", default=[])
    for flag in ("--list", "--alternatives", "--speed", "--by-space", "--to-rerun"):
        ap.add_argument(flag, action="store_true")
    a = ap.parse_args(argv[1:])
    if a.help or not a.run:
        print(__doc__.strip())
        return 0 if a.help else 2
    run, owl, old, listing = a.run, a.owl, a.compare, a.list
    rows, err = load_run(run)
    old_rows = owl_rows = None
    if not err and old:
        old_rows, err = load_run(old)
    if not err and owl:
        owl_rows, err = load_run(owl)
    longer = []
    for path in a.longer:
        if err:
            break
        lrows, err = load_run(path)
        longer.append((path, lrows))
    if not err and longer:
        try:
            rows, taken, smaller, kept, uncovered, top = compose(run, rows, longer)
        except ValueError as e:
            err = str(e)
    if err:
        print(err, file=sys.stderr)
        return 1
    if a.to_rerun:
        for r in rows:
            b = budget(r)
            if b is None or not ended_early(r, b):
                print(r["file"])
        return 0
    if longer:
        print("At the longer budget (%s): %d records from the longer runs%s, %d kept from the run (they ended "
              "before half its budget, so the same search runs under a larger one), %d not "
              "covered (their records stand: lower bounds)." % (
                  budget_text(top), taken,
                  " (%d of them at a smaller budget, which they ended before half of)" % smaller if smaller else "",
                  kept, len(uncovered)))
        for r in uncovered:
            print("- not covered: %s: %s, %.1f s" % (short_name(r), r["status"], r.get("seconds") or 0.0))
        print("At their budget's limit (97%% of the clock or of the node budget, or more): %d; longer than 10 s: %d." % (
            sum(at_limit(r) for r in rows), sum((r.get("seconds") or 0) > 10 for r in rows)))
        print()
    # GNU Go's record of a problem: by collection (its directory) and name
    owl_by_file = {}
    for j in owl_rows or []:
        owl_by_file[short_name(j)] = j
    groups = OrderedDict()
    for r in rows:
        groups.setdefault(os.path.basename(os.path.dirname(r["file"])), []).append(r)
    groups["all"] = rows
    print("| collection | problems | proved | ko | disproved | unknown | book move proven | book move only by ko "
          "| agree (either) | extra moves | contradicted | median s | p90 s | max s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    disagreements = []
    for name, rs in groups.items():
        st = {k: 0 for k in ("proved", "ko", "disproved", "unknown", "error")}
        book_proven = book_ko = extra = contra = 0
        secs = []
        for r in rs:
            st[r["status"]] = st.get(r["status"], 0) + 1
            secs.append(r.get("seconds") or 0.0)
            b, cls = r.get("book"), book_class(r)
            book_proven += cls == "book"
            extra += cls == "book" and len(r["first_moves"]) > 1
            book_ko += cls == "bookko"
            if b is not None and r.get("agrees_with_book") is False:
                contra += 1
            if name != "all" and r["status"] != "unknown" and cls != "book":
                disagreements.append(r)
        n = len(rs)
        print("| %s | %d | %d | %d | %d | %d | %d (%.1f%%) | %d | %d (%.1f%%) | %d | %d | %.3f | %.3f | %.3f |" % (
            name, n, st["proved"], st["ko"], st["disproved"], st["unknown"] + st["error"], book_proven,
            100.0 * book_proven / n, book_ko, book_proven + book_ko, 100.0 * (book_proven + book_ko) / n, extra,
            contra, pct(secs, 0.5), pct(secs, 0.9), max(secs)))
    print()
    print("Search options: %s" % search_options(rows))
    if owl_rows is not None:
        print()
        print("| collection | problems | vp agrees (either) | GNU Go's move a book move | GNU Go's move the first "
              "book move | both | vp only | GNU Go only | no GNU Go record |")
        print("|---|---|---|---|---|---|---|---|---|")
        for name, rs in groups.items():
            vp_n = gg_n = gg1_n = both = vp_only = gg_only = none = 0
            for r in rs:
                v = book_class(r) in ("book", "bookko")
                j = owl_by_file.get(short_name(r))
                if j is None:
                    none += 1
                g = bool(j and j.get("agrees"))
                vp_n += v
                gg_n += g
                gg1_n += bool(j and j.get("agrees_first"))
                both += v and g
                vp_only += v and not g
                gg_only += g and not v
            n = len(rs)
            print("| %s | %d | %d (%.1f%%) | %d (%.1f%%) | %d (%.1f%%) | %d | %d | %d | %d |" % (
                name, n, vp_n, 100.0 * vp_n / n, gg_n, 100.0 * gg_n / n, gg1_n, 100.0 * gg1_n / n, both, vp_only,
                gg_only, none))
    if a.alternatives:
        print()
        print("| collection | problems | first book move proven | a listed book move proven | unreadable |")
        print("|---|---|---|---|---|")
        for name, rs in groups.items():
            first = anyl = bad = 0
            for r in rs:
                fm = r.get("first_moves", []) or []
                first += r.get("book") in fm
                listed = listed_moves(r["file"])
                if listed is None:
                    bad += 1
                    listed = [r.get("book")]
                anyl += any(m in fm for m in listed)
            n = len(rs)
            print("| %s | %d | %d (%.1f%%) | %d (%.1f%%) | %d |" % (
                name, n, first, 100.0 * first / n, anyl, 100.0 * anyl / n, bad))
    if a.speed:
        print()
        print("| collection | problems | within 50 ms | at the limit | nodes | seconds | nodes/s of a problem "
              "| mean region |")
        print("|---|---|---|---|---|---|---|---|")
        for name, rs in groups.items():
            secs = [r.get("seconds") or 0.0 for r in rs]
            total, nodes = sum(secs), sum(r.get("nodes") or 0 for r in rs)
            regions = [len(r["region"]) for r in rs if r.get("region")]
            print("| %s | %d | %d | %d | %d | %.1f | %.0f | %.1f |" % (
                name, len(rs), sum(t <= 0.05 for t in secs), sum(at_limit(r) for r in rs), nodes, total,
                nodes / total if total > 0 else 0.0, sum(regions) / len(regions) if regions else 0.0))
    if a.by_space:
        print()
        print("| empty points in the region | problems | agree (either) | unknown | median s | at the limit |")
        print("|---|---|---|---|---|---|")
        spaces = [(empty_points(r), r) for r in rows]
        bands = [("%d-%d" % (lo, hi) if hi is not None else "%d and more" % lo, lo, hi) for lo, hi in SPACE_BANDS]
        bands.append(("unreadable", None, None))
        for label, lo, hi in bands:
            if lo is None:
                rs = [r for e, r in spaces if e is None]
            else:
                rs = [r for e, r in spaces if e is not None and e >= lo and (hi is None or e <= hi)]
            if not rs:
                continue
            agree = sum(book_class(r) in ("book", "bookko") for r in rs)
            secs = [r.get("seconds") or 0.0 for r in rs]
            print("| %s | %d | %d (%.1f%%) | %d | %.3f | %d |" % (
                label, len(rs), agree, 100.0 * agree / len(rs), sum(r["status"] == "unknown" for r in rs),
                pct(secs, 0.5), sum(at_limit(r) for r in rs)))
    if old_rows is not None:
        a, b = search_options(old_rows), search_options(rows)
        if a != b:
            print()
            print("The runs' search options differ: before, %s; now, %s" % (a, b))
        old_by = {short_name(r): r for r in old_rows}
        moves = OrderedDict()
        changed = []
        for r in rows:
            o = old_by.get(short_name(r))
            if o is None:
                continue
            k = (book_class(o), book_class(r))
            moves[k] = moves.get(k, 0) + 1
            if k[0] != k[1]:
                changed.append((o, r))
        print()
        print("| before | after | problems |")
        print("|---|---|---|")
        for (a, b), n in sorted(moves.items()):
            print("| %s | %s | %d |" % (a, b, n))
        print()
        print("Problems whose class changed:")
        print()
        for o, r in changed:
            print("- %s (%s): %s -> %s; proven %s -> %s; ko %s; %.1f s -> %.1f s" % (
                short_name(r), r.get("goal"), book_class(o), book_class(r), ",".join(o.get("first_moves") or []) or "-",
                ",".join(r.get("first_moves") or []) or "-", ",".join(r.get("ko_moves") or []) or "-",
                o.get("seconds") or 0.0, r.get("seconds") or 0.0))
        same = differ = 0
        settled_both = 0
        lines = []
        for r in rows:
            o = old_by.get(short_name(r))
            if o is None or definition(o) != definition(r):
                continue
            same += 1
            ov, nv = move_values(o), move_values(r)
            for m in sorted(set(ov) & set(nv)):
                settled_both += 1
                if ov[m] != nv[m]:
                    differ += 1
                    lines.append("- %s (%s): %s %s -> %s" % (short_name(r), r.get("goal"), m, ov[m], nv[m]))
        print()
        print("First moves settled differently, in the %d problems defined the same in both runs: %d of %d "
              "settled in both" % (same, differ, settled_both))
        if lines:
            print()
            print("\n".join(lines))
    if listing:
        print()
        print("Problems where the solver settled the problem and the book's first move is not among the proven moves:")
        print()
        for r in disagreements:
            print("- %s/%s: %s; book %s; proven %s; ko %s%s" % (
                os.path.basename(os.path.dirname(r["file"])), os.path.basename(r["file"]), r["status"], r.get("book"),
                ",".join(r.get("first_moves") or []) or "-", ",".join(r.get("ko_moves") or []) or "-",
                "; " + r["definition"] if r.get("definition") else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""GNU Go 3.8's owl reading on the bundled tsumego, side by side with vp.

For each JSON problem of ../shared/data/tsumego/ (keys AB, AW, SZ, C, SOL)
the script sets the position up in GNU Go over GTP (one `gnugo --mode gtp`
process per worker, reused with loadsgf), takes the target group and the
goal from vp (`vp go solve FILE --json --nodes 1 -q`, its inference of the
problem) or from a naive rule of its own (--target-from naive), and asks
GNU Go `owl_attack TARGET` (goal kill) or `owl_defend TARGET` (goal live),
then `owl_does_attack` / `owl_does_defend` on each book move (GNU Go's
verdict on the book's answer) and `dragon_status TARGET`. GNU Go's move is
compared with the book's correct first moves (every SOL entry is an
alternative correct first move; see engines/problem.h).

usage: bench/owl_bench.py [--jobs 2] [--limit N] [--collection NAME]...
                          [--out FILE.jsonl] [--vp ./vp] [--gnugo PATH]
                          [--target-from vp|naive] [--data DIR] [--timeout S]
Run from the top of a built tree. Prints Markdown tables for RESULTS.md on
stdout; --out writes one JSON object per problem. Standard library only.
See bench/OWL.md.
"""
import argparse
import concurrent.futures
import json
import os
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data", "tsumego"))
COLUMNS = "ABCDEFGHJKLMNOPQRST"  # benchmark/GTP columns: no I
# GNU Go's GTP result codes (interface/play_gtp.c, gtp_print_code) are
# 0 fail, 1 success, 2 success through a ko (KO_A), 3 through a ko (KO_B),
# 4 gain, 5 loss.
NAIVE_REACH = 2  # how far a colour's stones wall off empty points (naive rule)
NAIVE_OPEN = 4   # distance from every stone that makes a point open board


# ---- coordinates and the position ------------------------------------------

def sgf_to_xy(pt, size):
    """SGF point "ab" -> (x, y), x from the left, y from the TOP; None for a
    pass ("", "tt" on boards up to 19) or anything off the board."""
    if not isinstance(pt, str) or len(pt) != 2:
        return None
    x, y = ord(pt[0]) - ord("a"), ord(pt[1]) - ord("a")
    if not (0 <= x < size and 0 <= y < size):
        return None
    return x, y


def xy_to_gtp(x, y, size):
    """(x, y) with y from the top -> "D19" (columns A-T without I, rows from
    1 at the bottom)."""
    return f"{COLUMNS[x]}{size - y}"


def gtp_to_xy(v, size):
    """"D19" (any case) -> (x, y) with y from the top; None if malformed."""
    m = re.fullmatch(r"\s*([A-HJ-Ta-hj-t])\s*(\d{1,2})\s*", v or "")
    if not m:
        return None
    x, row = COLUMNS.index(m.group(1).upper()), int(m.group(2))
    if x >= size or not 1 <= row <= size:
        return None
    return x, size - row


class Position:
    """The setup stones of a problem and their chains."""

    def __init__(self, size, black, white):
        self.size = size
        self.stones = {}
        for pts, c in ((black, "B"), (white, "W")):
            for p in pts:
                xy = sgf_to_xy(p, size)
                if xy is None:
                    raise ValueError(f"setup point {p!r} off the board")
                if xy in self.stones:
                    raise ValueError(f"two stones on {p!r}")
                self.stones[xy] = c

    def neighbours(self, x, y):
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            u, v = x + dx, y + dy
            if 0 <= u < self.size and 0 <= v < self.size:
                yield u, v

    def chain(self, xy):
        """(stones, liberties) of the chain through xy, as sets."""
        c = self.stones[xy]
        stones, libs, todo = {xy}, set(), [xy]
        while todo:
            p = todo.pop()
            for q in self.neighbours(*p):
                s = self.stones.get(q)
                if s is None:
                    libs.add(q)
                elif s == c and q not in stones:
                    stones.add(q)
                    todo.append(q)
        return stones, libs

    def chains(self, color):
        seen, out = set(), []
        for xy, c in sorted(self.stones.items()):
            if c == color and xy not in seen:
                st, lb = self.chain(xy)
                seen |= st
                out.append((st, lb))
        return out

    def edge_distance(self, xy):
        x, y = xy
        return min(x, y, self.size - 1 - x, self.size - 1 - y)


# ---- problems ----------------------------------------------------------------

def natural_key(s):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


def load_problems(data, collections, limit):
    """[(collection, path)] in collection and natural file order; limit is
    per collection."""
    if not os.path.isdir(data):
        sys.exit(f"owl_bench: {data}: no such directory (give --data)")
    names = sorted(d for d in os.listdir(data)
                   if os.path.isdir(os.path.join(data, d))
                   and any(f.endswith(".json") for f in os.listdir(os.path.join(data, d))))
    if collections:
        chosen = []
        for want in collections:
            hit = [d for d in names if d == want] or [d for d in names if want.lower() in d.lower()]
            if not hit:
                sys.exit(f"owl_bench: no collection matches {want!r} (have: {', '.join(names)})")
            chosen += [d for d in hit if d not in chosen]
        names = chosen
    out = []
    for d in names:
        files = sorted((f for f in os.listdir(os.path.join(data, d)) if f.endswith(".json")), key=natural_key)
        if limit is not None:
            files = files[:limit]
        out += [(d, os.path.join(data, d, f)) for f in files]
    return out


def side_to_play(pb):
    """"B" or "W": from the comment ("Black to play", "White to play"),
    else from the colour of the first SOL move, else None."""
    m = re.search(r"\b(black|white)\b[^.]*\bto (play|move|live|kill)\b", pb.get("C", ""), re.I)
    if m:
        return "B" if m.group(1).lower() == "black" else "W"
    sol = pb.get("SOL") or []
    if sol and sol[0] and sol[0][0] in ("B", "W"):
        return sol[0][0]
    return None


# ---- the target ---------------------------------------------------------------

def distances(pos, sources):
    """Manhattan distance from every point to the nearest of sources (99
    when there is none), by breadth-first search over the board."""
    n, d = pos.size, {}
    frontier = list(sources)
    for p in frontier:
        d[p] = 0
    k = 0
    while frontier:
        k += 1
        nxt = []
        for p in frontier:
            for q in pos.neighbours(*p):
                if q not in d:
                    d[q] = k
                    nxt.append(q)
        frontier = nxt
    return {(x, y): d.get((x, y), 99) for x in range(n) for y in range(n)}


def enclosed(pos, c):
    """The stones of colour c cut off from the open board by the other
    colour and the edges. An empty point is a wall for c when a stone of
    the other colour is within NAIVE_REACH of it and no stone of c is
    nearer (this closes loose walls: small gaps, diagonal links); the open
    board is the largest connected set of empty points at least NAIVE_OPEN
    (or as far as the board allows) from every stone."""
    a = "W" if c == "B" else "B"
    da = distances(pos, [p for p, s in pos.stones.items() if s == a])
    dc = distances(pos, [p for p, s in pos.stones.items() if s == c])
    empty = [p for p in da if p not in pos.stones]
    passable = {p for p in empty if not (da[p] <= NAIVE_REACH and da[p] <= dc[p])}
    passable |= {p for p, s in pos.stones.items() if s == c}
    far = {p: min(da[p], dc[p]) for p in passable if p not in pos.stones}
    if not far:
        return []
    need = min(NAIVE_OPEN, max(far.values()))
    seeds, best = {p for p, m in far.items() if m >= need}, set()
    while seeds:  # the largest component of far points is the open board
        comp, todo = set(), [seeds.pop()]
        while todo:
            p = todo.pop()
            comp.add(p)
            for q in pos.neighbours(*p):
                if q in seeds:
                    seeds.discard(q)
                    todo.append(q)
        best = max(best, comp, key=len)
    reached, todo = set(best), list(best)
    while todo:
        for q in pos.neighbours(*todo.pop()):
            if q in passable and q not in reached:
                reached.add(q)
                todo.append(q)
    return [p for p, s in pos.stones.items() if s == c and p not in reached]


def naive_target(pos, to_play):
    """The naive rule (--target-from naive), a simple stand-in for vp's
    inference: the defender is the colour with more stones enclosed by the
    other colour and the edges (see enclosed; ties go to the colour whose
    stones lie nearer the edge on average, then to the opponent of the
    side to play); the target is the defender's largest enclosed chain
    (ties: fewest liberties). The goal follows: kill when the defender is
    the opponent of the side to play, live when it is the side to play.
    Returns (goal, [stones of the target chain as (x, y)])."""
    other = "W" if to_play == "B" else "B"
    enc = {c: set(enclosed(pos, c)) for c in ("B", "W")}
    if len(enc["B"]) != len(enc["W"]):
        defender = "B" if len(enc["B"]) > len(enc["W"]) else "W"
    else:
        mean = {}
        for c in ("B", "W"):
            d = [pos.edge_distance(xy) for xy, s in pos.stones.items() if s == c]
            mean[c] = sum(d) / len(d) if d else 99
        defender = other if mean["B"] == mean["W"] else "B" if mean["B"] < mean["W"] else "W"
    chains = [ch for ch in pos.chains(defender) if ch[0] & enc[defender]] or pos.chains(defender)
    if not chains:
        return None, []
    best = min(chains, key=lambda ch: (-len(ch[0]), len(ch[1]), sorted(ch[0])))
    return ("kill" if defender == other else "live"), sorted(best[0])


VP_EXTRA = []  # set by main: ["--tt-log2", "10"] when vp has it (the table is not used)


def vp_probe(vp):
    """None when `vp go solve` is there, else the reason it is not; sets
    VP_EXTRA from its help."""
    if not (os.path.isfile(vp) and os.access(vp, os.X_OK)) and not shutil.which(vp):
        return f"{vp}: not an executable"
    try:
        r = subprocess.run([vp, "go", "solve", "--help"], capture_output=True, text=True, timeout=30)
    except OSError as e:
        return f"{vp}: {e}"
    except subprocess.TimeoutExpired:
        return f"{vp} go solve --help: no answer in 30 s"
    if r.returncode != 0:
        return f"{vp} go solve --help: exit {r.returncode}: {(r.stderr or r.stdout).strip()[:200]}"
    if "--tt-log2" in r.stdout:  # the smallest table: only the definition is wanted
        VP_EXTRA[:] = ["--tt-log2", "10"]
    return None


def vp_records(vp, paths, timeout):
    """{path: vp's JSON record} from `vp go solve PATHS... --json --nodes 1
    -q` (one node per problem: only the definition is wanted), plus the
    run's stderr and exit status."""
    cmd = [vp, "go", "solve", *paths, "--json", "--nodes", "1", "-q", *VP_EXTRA]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {}, f"no answer in {timeout:g} s"
    except OSError as e:
        return {}, str(e)
    recs = {}
    for line in r.stdout.splitlines():
        try:
            o = json.loads(line)
        except ValueError:
            continue
        if isinstance(o, dict) and o.get("file") in paths:
            recs.setdefault(o["file"], o)
    msg = (r.stderr.strip() or f"exit {r.returncode}").splitlines()
    return recs, (msg[-1] if msg else f"exit {r.returncode}")[:300]


def vp_prefetch(vp, paths, timeout, chunk=100):
    """vp's records for all paths, asked in batches (vp solves a batch in
    parallel threads; one process per problem costs more than the answer)."""
    recs = {}
    for i in range(0, len(paths), chunk):
        part = paths[i:i + chunk]
        got, _ = vp_records(vp, part, timeout * len(part))
        recs.update(got)
    return recs


def vp_target(vp, path, timeout, cache=None):
    """vp's inference: {"goal", "target" [coords], "to_play"} or {"error"};
    from cache (vp_prefetch) when it holds path, else from a run of its own."""
    obj = (cache or {}).get(path)
    if obj is None:
        got, msg = vp_records(vp, [path], timeout)
        obj = got.get(path)
        if obj is None:
            return {"error": f"vp: {msg}"}
    target = obj.get("target")
    if isinstance(target, str):
        target = [t for t in re.split(r"[\s,]+", target) if t]
    goal = obj.get("goal")
    if not target or goal not in ("kill", "live"):
        why = obj.get("reason") or obj.get("error") or obj.get("status") or "no target or goal"
        return {"error": f"vp: {why}"[:300]}
    return {"goal": goal, "target": target, "to_play": obj.get("to_play")}


# ---- GTP -------------------------------------------------------------------------

class GtpTimeout(Exception):
    pass


class GtpError(Exception):
    pass


class Gtp:
    """One GNU Go process driven over GTP; restarted after a timeout."""

    def __init__(self, argv):
        self.argv = argv
        fd, self.sgf = tempfile.mkstemp(prefix="owl_bench_", suffix=".sgf")
        os.close(fd)
        self.proc = None
        self.start()

    def start(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = b""
        self.send("report_uncertainty on", 30)

    def send(self, cmd, timeout):
        """The response text of cmd (without "= "); GtpError on "? ...",
        GtpTimeout (after killing and restarting GNU Go) past timeout s."""
        self.proc.stdin.write(cmd.encode() + b"\n")
        self.proc.stdin.flush()
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n\n" not in self.buf:
            left = deadline - time.monotonic()
            ready = select.select([fd], [], [], max(0.0, left))[0] if left > 0 else []
            if not ready:
                self.restart()
                raise GtpTimeout(f"{cmd}: no answer in {timeout} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                rc = self.proc.poll()
                self.restart()
                raise GtpError(f"{cmd}: GNU Go exited ({rc})")
            self.buf += chunk.replace(b"\r", b"")
        resp, self.buf = self.buf.split(b"\n\n", 1)
        text = resp.decode(errors="replace").strip()
        if text.startswith("?"):
            raise GtpError(f"{cmd}: {text[1:].strip()}")
        if not text.startswith("="):
            raise GtpError(f"{cmd}: unexpected answer {text[:80]!r}")
        return text[1:].strip()

    def restart(self):
        self.kill()
        self.start()

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
        if self.proc:
            self.proc.wait()

    def close(self):
        if self.proc and self.proc.poll() is None:
            try:
                self.proc.stdin.write(b"quit\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()
        try:
            os.unlink(self.sgf)
        except OSError:
            pass

    def load(self, size, black, white, to_play):
        """Sets the position up: a temporary SGF with SZ, AB, AW, PL, then
        loadsgf and clear_cache (no reading results carried over)."""
        sgf = f"(;FF[4]GM[1]SZ[{size}]PL[{to_play}]"
        if black:
            sgf += "AB" + "".join(f"[{p}]" for p in black)
        if white:
            sgf += "AW" + "".join(f"[{p}]" for p in white)
        with open(self.sgf, "w") as f:
            f.write(sgf + ")\n")
        self.send(f"loadsgf {self.sgf}", 30)
        self.send("clear_cache", 30)


# ---- one problem ------------------------------------------------------------------

def run_problem(item, opts, session):
    collection, path = item
    rec = {"file": os.path.join(collection, os.path.basename(path)), "collection": collection,
           "goal": None, "target": None, "owl_vertex": None, "target_from": opts.target_from,
           "book": [], "gnugo_move": None, "gnugo_code": None, "uncertain": None,
           "book_codes": None, "dragon_status": None, "dragon_points": None, "target_dragons": None,
           "other_dragons": None,
           "agrees": False, "agrees_first": False, "seconds": None, "cpu_seconds": None,
           "seconds_total": None}
    try:
        with open(path) as f:
            pb = json.load(f)
        size = int(pb.get("SZ", 19))
        black, white = pb.get("AB", []), pb.get("AW", [])
        pos = Position(size, black, white)
    except (OSError, ValueError, TypeError) as e:
        rec["error"] = f"read: {e}"
        return rec
    to_play = side_to_play(pb)
    rec["to_play"] = to_play
    book = []
    for m in pb.get("SOL") or []:
        xy = sgf_to_xy(m[1], size) if len(m) > 1 else None
        book.append(xy_to_gtp(*xy, size) if xy else "PASS")
    rec["book"] = book

    # the target: vp's inference or the naive rule
    if opts.target_from == "vp":
        t = vp_target(opts.vp, path, opts.timeout, opts.vp_cache)
        if "error" in t:
            rec["error"] = t["error"]
            return rec
        goal, coords = t["goal"], [c.upper() for c in t["target"]]
        pts = [gtp_to_xy(c, size) for c in coords]
        if any(p is None or p not in pos.stones for p in pts):
            rec["error"] = f"vp target {coords} holds points without stones"
            return rec
        if len({pos.stones[p] for p in pts}) != 1:
            rec["error"] = f"vp target {coords} holds stones of both colours"
            return rec
        if t.get("to_play"):
            tp = str(t["to_play"]).lower()
            to_play = "B" if tp.startswith("b") else "W" if tp.startswith("w") else to_play
            rec["to_play"] = to_play
    else:
        if to_play is None:
            rec["error"] = "naive: no side to play"
            return rec
        goal, pts = naive_target(pos, to_play)
        if not pts:
            rec["error"] = "naive: no stones of the defender"
            return rec
        coords = [xy_to_gtp(*p, size) for p in pts]
    rec["goal"], rec["target"] = goal, coords
    # the target's chains, each named by its first stone in reading order
    # (top row first, then from the left: the stone vp names a chain by),
    # sorted by those names, so that the choice below does not depend on
    # the order the target is listed in
    chains = []
    for p in pts:
        if not any(p in c for _, c in chains):
            st = pos.chain(p)[0]
            chains.append((min(st, key=lambda q: (q[1], q[0])), st))
    chains = [(xy_to_gtp(*q, size), st) for q, st in sorted(chains, key=lambda c: (c[0][1], c[0][0]))]

    # GNU Go
    t0 = time.perf_counter()
    try:
        session.load(size, black, white, to_play or "B")
        # GNU Go reads one dragon, named by one vertex. When the target has
        # several chains, group them into GNU Go's dragons (same_dragon runs
        # only the owl-free analysis) and read the dragon holding most target
        # stones (ties: the larger chain, then reading order), named by its
        # largest chain (ties: reading order); then load the position afresh
        # so that the timed owl command starts cold.
        groups = []
        for i, (v, _) in enumerate(chains):
            for g in groups:
                if len(chains) > 1 and session.send(f"same_dragon {chains[g[0]][0]} {v}", opts.timeout) == "1":
                    g.append(i)
                    break
            else:
                groups.append([i])
        if len(chains) > 1:
            session.load(size, black, white, to_play or "B")
        best = max(groups, key=lambda g: (sum(len(chains[i][1]) for i in g), max(len(chains[i][1]) for i in g),
                                          -g[0]))
        vertex = chains[min(best, key=lambda i: (-len(chains[i][1]), i))][0]
        rec["owl_vertex"], rec["target_dragons"] = vertex, len(groups)
        cmd = ("owl_attack " if goal == "kill" else "owl_defend ") + vertex
        c1 = float(session.send("cputime", 30))
        t1 = time.perf_counter()
        ans = session.send(cmd, opts.timeout)
        rec["seconds"] = round(time.perf_counter() - t1, 4)
        rec["cpu_seconds"] = round(float(session.send("cputime", 30)) - c1, 4)
        words = ans.split()
        rec["gnugo_code"] = int(words[0])
        rec["uncertain"] = "uncertain" in words
        if rec["gnugo_code"] > 0 and len(words) > 1:
            rec["gnugo_move"] = words[1].upper()
        # GNU Go's verdict on each book move: owl_does_attack / owl_does_defend
        verb = "owl_does_attack " if goal == "kill" else "owl_does_defend "
        codes = []
        for mv in book:
            try:
                codes.append(int(session.send(f"{verb}{mv} {vertex}", opts.timeout).split()[0])
                             if mv != "PASS" else None)
            except GtpError as e:  # an illegal or occupied point
                if "GNU Go exited" in str(e):
                    raise
                codes.append(None)
        rec["book_codes"] = codes
        ds = session.send("dragon_status " + vertex, opts.timeout).split()
        rec["dragon_status"] = ds[0] if ds else None
        rec["dragon_points"] = [w.upper() for w in ds[1:]]
        # a split target: the same question about each other dragon, untimed,
        # to show where the choice of dragon changes GNU Go's answer
        others = []
        for g in groups:
            if g is not best:
                v = chains[min(g, key=lambda i: (-len(chains[i][1]), i))][0]
                w = session.send(("owl_attack " if goal == "kill" else "owl_defend ") + v, opts.timeout).split()
                others.append({"vertex": v, "code": int(w[0]),
                               "move": w[1].upper() if int(w[0]) > 0 and len(w) > 1 else None})
        rec["other_dragons"] = others
    except GtpTimeout as e:
        rec["error"] = f"timeout: {e}"
    except (GtpError, ValueError, IndexError) as e:
        rec["error"] = f"gnugo: {e}"
    rec["seconds_total"] = round(time.perf_counter() - t0, 4)
    mv = rec["gnugo_move"]
    rec["agrees"] = mv is not None and mv in book
    rec["agrees_first"] = mv is not None and bool(book) and mv == book[0]
    return rec


# ---- summary -------------------------------------------------------------------------

def med(xs):
    return f"{statistics.median(xs):.3f}" if xs else "-"


def mx(xs):
    return f"{max(xs):.3f}" if xs else "-"


def pct(n, d):
    return f"{n} ({100.0 * n / d:.1f}%)" if d else "0"


def summarize(recs, order, opts, wall, argv):
    groups = [(c, [r for r in recs if r["collection"] == c]) for c in order]
    if len(order) > 1:
        groups.append(("**all**", recs))
    src = ("vp's inference (`vp go solve FILE --json --nodes 1 -q`)" if opts.target_from == "vp"
           else "the naive rule (`--target-from naive`)")
    out = [f"GNU Go {opts.gnugo_version} owl reading (`{' '.join(opts.gnugo_argv)}`), targets from {src}; "
           f"{len(recs)} problems, {opts.jobs} job(s), wall {wall:.1f} s:", "",
           "    python3 " + " ".join(argv), "",
           "\"agrees\": GNU Go's owl move is one of the book's correct first moves (any SOL entry); "
           "\"= SOL[0]\": it is the first entry; \"book confirmed\": `owl_does_attack` / `owl_does_defend` "
           "says a book move succeeds. Percentages are of all problems of the collection. "
           "Times: the `owl_attack` / `owl_defend` command alone, wall clock and GNU Go's CPU time (`cputime`).", "",
           "| collection | problems | kill / live | agrees with book | = SOL[0] | book confirmed | errors | "
           "median s | max s | median CPU s | max CPU s |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, rs in groups:
        n = len(rs)
        ok = [r for r in rs if "error" not in r]
        secs = [r["seconds"] for r in ok if r["seconds"] is not None]
        cpu = [r["cpu_seconds"] for r in ok if r["cpu_seconds"] is not None]
        kill = sum(r["goal"] == "kill" for r in rs)
        live = sum(r["goal"] == "live" for r in rs)
        conf = sum(any((c or 0) > 0 for c in r["book_codes"] or []) for r in ok)
        out.append(f"| {name} | {n} | {kill} / {live} | {pct(sum(r['agrees'] for r in rs), n)} | "
                   f"{pct(sum(r['agrees_first'] for r in rs), n)} | {pct(conf, n)} | {n - len(ok)} | "
                   f"{med(secs)} | {mx(secs)} | {med(cpu)} | {mx(cpu)} |")
    out += ["", "GNU Go's answers: the owl result code (1 success, 2/3 success through a ko, KO_A / KO_B; "
            "0 no move succeeds; 4/5 gain / loss), \"no move\" a success with PASS (already dead / alive), "
            "\"uncertain\" as owl reports it; the `dragon_status` of the target; \"split\": the target "
            "(several chains in vp's inference) spans more than one GNU Go dragon (the one holding most target "
            "stones is read); \"other dragon agrees\": split targets where GNU Go's move is not a book move "
            "but its move for another dragon of the target is.", "",
            "| collection | code 1 | ko 2/3 | code 0 | 4/5 | no move | uncertain | alive | critical | dead | other | "
            "split | other dragon agrees |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, rs in groups:
        ok = [r for r in rs if "error" not in r]
        codes = [r["gnugo_code"] for r in ok]
        st = [r["dragon_status"] for r in ok]
        other = len(st) - st.count("alive") - st.count("critical") - st.count("dead")
        out.append(f"| {name} | {codes.count(1)} | {codes.count(2) + codes.count(3)} | {codes.count(0)} | "
                   f"{codes.count(4) + codes.count(5)} | "
                   f"{sum(r['gnugo_code'] > 0 and r['gnugo_move'] in (None, 'PASS') for r in ok)} | "
                   f"{sum(bool(r['uncertain']) for r in ok)} | "
                   f"{st.count('alive')} | {st.count('critical')} | {st.count('dead')} | {other} | "
                   f"{sum((r['target_dragons'] or 0) > 1 for r in ok)} | "
                   f"{sum(not r['agrees'] and any(o['move'] in r['book'] for o in r['other_dragons'] or []) for r in ok)} |")
    errs = [r for r in recs if "error" in r]
    if errs:
        out += ["", f"Errors ({len(errs)}):", ""]
        out += [f"- {r['file']}: {r['error']}" for r in errs[:20]]
        if len(errs) > 20:
            out.append(f"- ... and {len(errs) - 20} more (see --out)")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=2, help="parallel GNU Go processes (default 2)")
    ap.add_argument("--limit", type=int, help="only the first N problems of each collection")
    ap.add_argument("--collection", action="append", default=[],
                    help="a collection (directory name, or a part of it); repeatable")
    ap.add_argument("--out", help="write one JSON object per problem to this file")
    ap.add_argument("--vp", default="./vp", help="the vp binary (default ./vp)")
    ap.add_argument("--gnugo", default="/usr/games/gnugo", help="the GNU Go binary (default /usr/games/gnugo)")
    ap.add_argument("--target-from", choices=("vp", "naive"), default="vp",
                    help="where target and goal come from (default vp; see bench/OWL.md)")
    ap.add_argument("--data", default=DEFAULT_DATA, help=f"the problem collections (default {DEFAULT_DATA})")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per GTP command or vp call (default 120)")
    opts = ap.parse_args()
    if opts.jobs < 1 or (opts.limit is not None and opts.limit < 1):
        ap.error("--jobs and --limit must be positive")

    if opts.target_from == "vp":
        why = vp_probe(opts.vp)
        if why:
            sys.exit(f"owl_bench: vp's inference is not available ({why}); "
                     "pass --target-from naive to use the naive rule")
    if not shutil.which(opts.gnugo):
        sys.exit(f"owl_bench: {opts.gnugo}: not found (apt-get install -y gnugo, or give --gnugo)")
    opts.gnugo_argv = [opts.gnugo, "--mode", "gtp", "--quiet"]
    try:
        v = subprocess.run([opts.gnugo, "--version"], capture_output=True, text=True, timeout=30).stdout
        opts.gnugo_version = (re.search(r"GNU Go\s+(\S+)", v) or re.search(r"(\d+\.\d+\S*)", v)).group(1)
    except (OSError, AttributeError, subprocess.TimeoutExpired):
        opts.gnugo_version = "?"

    items = load_problems(opts.data, opts.collection, opts.limit)
    if not items:
        sys.exit("owl_bench: no problems")
    order = list(dict.fromkeys(c for c, _ in items))
    opts.vp_cache = vp_prefetch(opts.vp, [p for _, p in items], opts.timeout) if opts.target_from == "vp" else {}

    local, sessions, lock = threading.local(), [], threading.Lock()

    def work(item):
        s = getattr(local, "session", None)
        if s is None:
            s = local.session = Gtp(opts.gnugo_argv)
            with lock:
                sessions.append(s)
        try:
            return run_problem(item, opts, s)
        except Exception as e:  # a bug must not lose the rest of the run
            return {"file": os.path.join(item[0], os.path.basename(item[1])), "collection": item[0],
                    "goal": None, "agrees": False, "agrees_first": False, "error": f"internal: {e!r}"}

    out = open(opts.out, "w") if opts.out else None
    recs, tty = [], sys.stderr.isatty()
    t0 = time.perf_counter()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
            for i, rec in enumerate(ex.map(work, items), 1):
                recs.append(rec)
                if out:
                    out.write(json.dumps(rec) + "\n")
                    out.flush()
                if tty:
                    sys.stderr.write(f"\r{i}/{len(items)} problems")
                    sys.stderr.flush()
    except KeyboardInterrupt:
        for s in sessions:
            s.kill()
        raise
    finally:
        for s in sessions:
            s.close()
        if out:
            out.close()
        if tty:
            sys.stderr.write("\n")
    wall = time.perf_counter() - t0
    print(summarize(recs, order, opts, wall, [os.path.relpath(sys.argv[0])] + sys.argv[1:]))
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())

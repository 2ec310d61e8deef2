#!/usr/bin/env python3
"""Feed vp mutated inputs and report what a reader should never do.

    python3 bench/fuzz_inputs.py --vp PATH [--seed N] [--count N] [--work DIR]
                                 [--keep] [--only problems,sets,gtp,extremes,lines]

PATH is a vp binary, best one built with AddressSanitizer and
UndefinedBehaviorSanitizer (configure with CFLAGS="-O1 -g
-fsanitize=address,undefined -fno-omit-frame-pointer
-fno-sanitize-recover=all" LDFLAGS="-fsanitize=address,undefined"); with
libtool, the real binary is .libs/vp and LD_LIBRARY_PATH must name .libs.

Five groups, each file or session run alone:
  problems  mutants of bundled Go problems, as JSON and as SGF (from
            `vp go show --sgf`), through `vp go solve --json` (300 nodes)
            and `vp go show`;
  extremes  hand-made extremes (deep nesting, huge values, bad sizes,
            a directory, an empty file) through the same two commands;
  sets      mutants of the test fixtures through `vp go audit`, `vp score`,
            `vp metrics trees` and `vp metrics claims`;
  gtp       random GTP sessions through `vp gtp`;
  lines     random lines through `vp go solve --after` on bundled problems
            (mostly empty points of the inferred region, passes, a point
            played again, now and then a malformed item), --count of them.

A finding is a crash (a signal or exit status 124 and up, which includes a
hang past --timeout), a sanitizer report on stderr, or an error exit whose
stderr is not exactly one line (not checked for the audit, whose failures
are its report, nor for GTP, whose errors are answers). The exit status is
1 when anything was found, else 0. Mutations are drawn from --seed, so a
run can be repeated.

The mutants are written to --work, or else to a new folder vp-fuzz.* in
the temporary directory (TMPDIR, else /tmp). That folder is removed when
nothing was found, unless --keep is given; after a finding it stays, since
the findings name its files. A --work folder is always left as it is.
"""
import argparse
import glob
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
DATA = os.path.join(TOP, "data", "tsumego")

TOKENS = [b"[", b"]", b";", b"(", b")", b"{", b"}", b'"', b"\\", b",", b":",
          b"99999999999999999999", b"-1", b"SZ[25]", b"SZ[0]", b"SZ[2]", b'"SZ": "1"',
          b"AB[tt]", b"[zz]", b"AE[aa]", b"PL[W]", b"B[]", b"W[tt]", b"AB[aa:ss]",
          b"\x00", b"\xff\xfe", b"MA[aa]", b"SQ[aa:cc]", b"VG[live]", b"VG[x]",
          b'"AW": []', b'[["B","aa","",""]]', b"null", b"true", b"1e999", b"\n",
          b"  ", b"AB[aa][aa]", b"AW[aa]", b'"C": "White to play"', b"\t"]
JSON_TOKENS = [b"null", b"true", b"-1", b"1e400", b"0", b'""', b"[]", b"{}",
               b'"\\u0000"', b'"\\ud800"', b"99999999999999999999", b"\n", b'"',
               b",", b":", b"[", b"]", b"{", b"}", b"\xff", b"NaN", b"-0", b'"A"',
               b'"Z99"', b'"pass"', b"1.5"]


def mutate(rng, data, tokens, replace):
    d = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        p = rng.randint(0, max(0, len(d) - 1))
        if r < 0.2 and d:
            d[p] = rng.randint(0, 255)
        elif r < 0.45:
            q = p + (rng.randint(1, 12) if replace else 0)
            d[p:q] = rng.choice(tokens)
        elif r < 0.6 and d:
            del d[p:p + rng.randint(1, 40)]
        elif r < 0.7:
            d = d[:p]
        elif r < 0.85 and d:
            q = rng.randint(0, len(d) - 1)
            d[p:p] = d[q:q + rng.randint(1, 60)]
        elif len(d) > 1:
            q = rng.randint(0, len(d) - 1)
            p = min(p, len(d) - 1)
            d[p], d[q] = d[q], d[p]
    return bytes(d)


class Runner:
    def __init__(self, vp, timeout):
        self.vp = vp
        self.timeout = timeout
        self.runs = 0
        self.findings = []

    def run(self, args, stdin=None, one_line=True):
        self.runs += 1
        try:
            p = subprocess.run([self.vp] + args, input=stdin, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=self.timeout)
            rc, err = p.returncode, p.stderr
        except subprocess.TimeoutExpired:
            rc, err = 124, b""
        what = None
        if rc < 0 or rc >= 124:
            what = "crash or hang (status %d)" % rc
        elif b"Sanitizer" in err or b"runtime error" in err:
            what = "sanitizer report"
        elif one_line and rc != 0 and err.count(b"\n") != 1:
            what = "error in %d lines" % err.count(b"\n")
        if what:
            self.findings.append("%s: vp %s" % (what, " ".join(args)))
            print("FINDING %s: vp %s" % (what, " ".join(args)), flush=True)
            sys.stdout.flush()


def problems(r, rng, count, work):
    seeds = []
    files = sorted(glob.glob(os.path.join(DATA, "*", "*.json")))
    if not files:
        print("fuzz_inputs: no problems under %s, the group skipped" % DATA, flush=True)
        return
    for f in rng.sample(files, min(40, len(files))):
        raw = open(f, "rb").read()
        seeds.append((raw, ".json"))
        sgf = subprocess.run([r.vp, "go", "show", "--sgf", f], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout
        if sgf:
            seeds.append((sgf, ".sgf"))
    for i in range(count):
        raw, ext = rng.choice(seeds)
        path = os.path.join(work, "p%05d%s" % (i, ext))
        with open(path, "wb") as f:
            f.write(mutate(rng, raw, TOKENS, False))
        r.run(["go", "solve", "--json", "--quiet", "--time-limit", "0", "--nodes", "300", path])
        r.run(["go", "show", path])


def extremes(r, work):
    cells = [(x, y) for x in range(19) for y in range(19)]
    made = {
        "deep.sgf": "(" * 200000 + ";SZ[9]" + ")" * 200000,
        "deepnode.sgf": "(;SZ[9]AB[aa]" + "(;B[bb]" * 100000 + ")" * 100000 + ")",
        "seq.sgf": "(;SZ[9]AB[aa]PL[B]" + ";B[bb];W[cc]" * 50000 + ")",
        "longval.sgf": "(;SZ[9]C[" + "x" * 10000000 + "]AB[aa])",
        "deep.json": '{"AB":' + "[" * 100000 + "]" * 100000 + "}",
        "manysol.json": '{"AB":["aa","ba"],"AW":["ab","bb"],"SZ":"19","C":"Black to play","SOL":['
                        + ",".join('["B","cc","",""]' for _ in range(100000)) + "]}",
        "sz0.sgf": "(;SZ[0])", "sz1.sgf": "(;SZ[1]AB[aa])", "sz52.sgf": "(;SZ[52]AB[aa])",
        "rect.sgf": "(;SZ[9:13]AB[aa])", "szneg.json": '{"SZ":"-19","AB":["aa"]}',
        "szbig.json": '{"SZ":"99999999999999999999","AB":["aa"]}',
        "nl.sgf": "(;SZ[9]PL[B]AB[a\na]AW[b\tb])", "empty.sgf": "", "blank.json": "   \n  ",
        "full.sgf": "(;SZ[19]AB" + "".join("[%s%s]" % (chr(97 + x), chr(97 + y)) for x, y in cells if (x + y) % 3)
                    + "AW" + "".join("[%s%s]" % (chr(97 + x), chr(97 + y)) for x, y in cells if (x + y) % 3 == 0)
                    + "PL[B])",
    }
    paths = []
    for name, text in made.items():
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(text)
        paths.append(path)
    os.makedirs(os.path.join(work, "adir"), exist_ok=True)
    paths += [os.path.join(work, "adir"), os.path.join(work, "missing.sgf")]
    for path in paths:
        r.run(["go", "solve", "--json", "--quiet", "--time-limit", "0", "--nodes", "300", path])
        r.run(["go", "show", path])


COLS = "ABCDEFGHJKLMNOPQRST"


def lines(r, rng, count, work):
    """`vp go solve --after` with random lines on bundled problems: empty
    points of the inferred region (often legal; sometimes occupied by the
    line itself, suicide, capturing or ending in a ko), passes, and now and
    then an odd item."""
    files = sorted(glob.glob(os.path.join(DATA, "*", "*.json")))
    if not files:
        print("fuzz_inputs: no problems under %s, the group skipped" % DATA, flush=True)
        return
    regions = {}
    for i in range(count):
        f = rng.choice(files)
        if f not in regions:  # the inferred region's empty points, most moves' pool
            out = subprocess.run([r.vp, "go", "solve", "--json", "--quiet", "--nodes", "1", f],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
            try:
                d, o = json.load(open(f)), json.loads(out)
                stones = {(ord(c[0]) - 97, ord(c[1]) - 97) for c in d.get("AB", []) + d.get("AW", [])}
                regions[f] = sorted({(COLS.index(p[0]), 19 - int(p[1:])) for p in o["region"]} - stones)
            except (ValueError, TypeError, IndexError, KeyError):
                regions[f] = []
        near = regions[f] or [(0, 0)]
        line = []
        for _ in range(rng.randint(1, 6)):
            k = rng.random()
            if k < 0.1:
                line.append("pass")
            elif k < 0.12:
                line.append(rng.choice(["T19", "A1", "a19", "K10", "Z1", "A0", "", "pass"]))
            elif k < 0.15 and line:
                line.append(rng.choice(line))  # a point played before: occupied, or retaken
            else:
                x, y = rng.choice(near)
                line.append("%s%d" % (COLS[x], 19 - y))
        r.run(["go", "solve", "--json", "--quiet", "--time-limit", "0", "--nodes", "300", "--after", ",".join(line), f])


# Answers to tests/metrics/set.jsonl's questions, in the forms `vp score`
# reads (a letter, a boxed point, a sample number, tokens, a modality).
RESPONSES = b"""{"id": "e1", "model": "m1", "sample": 0, "response": "So the answer is A.", "tokens": 900}
{"id": "e1", "model": "m1", "sample": 1, "response": "\\\\boxed{n 14}", "tokens": 1200}
{"id": "h1", "model": "m1", "sample": 0, "response": "The answer is **B. D4**", "tokens": 400}
{"id": "h1", "model": "m2", "response": "answer is C", "modality": "grid"}
"""


def sets(r, rng, count, work):
    m = os.path.join(TOP, "tests", "metrics")
    resp = os.path.join(work, "resp.jsonl")
    with open(resp, "wb") as f:
        f.write(RESPONSES)
    groups = [
        (os.path.join(TOP, "tests", "audit", "good.jsonl"), lambda x: (["go", "audit", "-q", "--nodes", "2000", x], False)),
        (os.path.join(m, "set.jsonl"), lambda x: (["score", "--set", x, "--responses", resp, "--json"], True)),
        (resp, lambda x: (["score", "--set", os.path.join(m, "set.jsonl"), "--responses", x, "--json"], True)),
        (os.path.join(m, "trees.jsonl"), lambda x: (["metrics", "trees", "--json", x], True)),
        (os.path.join(m, "mcts.jsonl"), lambda x: (["metrics", "trees", "--json", x], True)),
        (os.path.join(m, "g1.json"), lambda x: (["metrics", "claims", "--json", x], True)),
        (os.path.join(m, "g2.jsonl"), lambda x: (["metrics", "claims", "--json", x], True)),
        (os.path.join(m, "cycle.json"), lambda x: (["metrics", "claims", "--json", x], True)),
    ]
    for g, (src, cmd) in enumerate(groups):
        if not os.path.exists(src):
            print("fuzz_inputs: %s is absent, its group skipped" % src, flush=True)
            continue
        raw = open(src, "rb").read()
        ext = os.path.splitext(src)[1]
        for i in range(count):
            path = os.path.join(work, "s%d_%04d%s" % (g, i, ext))
            with open(path, "wb") as f:
                f.write(mutate(rng, raw, JSON_TOKENS, True))
            args, one = cmd(path)
            r.run(args, one_line=one)


def gtp(r, rng, count, work):
    cmds = ["protocol_version", "name", "version", "known_command", "list_commands", "boardsize",
            "clear_board", "komi", "play", "undo", "showboard", "loadsgf", "is_legal", "all_legal",
            "list_stones", "set_free_handicap", "foo", ""]
    cols = "ABCDEFGHJKLMNOPQRSTZI"
    sgfs = sorted(glob.glob(os.path.join(work, "*.sgf")))[:20] + ["/nonexistent.sgf"]

    def pt():
        x = rng.random()
        if x < 0.05:
            return "pass"
        if x < 0.1:
            return rng.choice(["A0", "Z99", "T20", "a1", "A-1", "A1x", "", "I5"])
        return rng.choice(cols[:19]) + str(rng.randint(1, 19))

    def arg(c):
        if c == "boardsize":
            return str(rng.choice([1, 2, 3, 5, 9, 13, 19, 20, 25, 0, -1, 99999999999]))
        if c == "komi":
            return rng.choice(["6.5", "x", "1e999", "-3", "nan"])
        if c in ("play", "is_legal"):
            return rng.choice(["b", "w", "black", "white", "x", "B", "W"]) + " " + pt()
        if c in ("all_legal", "list_stones"):
            return rng.choice(["b", "w", "q"])
        if c == "set_free_handicap":
            return " ".join(pt() for _ in range(rng.randint(0, 12)))
        if c == "loadsgf":
            return rng.choice(sgfs) + rng.choice(["", " 5", " -3", " 999"])
        if c == "known_command":
            return rng.choice(cmds)
        return ""

    for _ in range(count):
        lines = []
        for _ in range(400):
            c = rng.choice(cmds)
            line = c + " " + arg(c)
            if rng.random() < 0.3:
                line = str(rng.randint(0, 999)) + " " + line
            lines.append(line)
        lines.append("quit")
        r.run(["gtp"], stdin=("\n".join(lines) + "\n").encode(), one_line=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vp", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000, help="mutants of problems (the other groups: a tenth each)")
    ap.add_argument("--work", default=None, help="where the mutants go (default: a new folder in the temporary "
                    "directory, removed when nothing is found)")
    ap.add_argument("--keep", action="store_true", help="keep the new folder even when nothing is found")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--only", default="problems,extremes,sets,gtp,lines")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="vp-fuzz.")
    os.makedirs(work, exist_ok=True)
    rng = random.Random(a.seed)
    r = Runner(a.vp, a.timeout)
    only = set(a.only.split(","))
    if "problems" in only:
        problems(r, rng, a.count, work)
    if "extremes" in only:
        extremes(r, work)
    if "sets" in only:
        sets(r, rng, max(1, a.count // 10), work)
    if "gtp" in only:
        gtp(r, rng, max(1, a.count // 10), work)
    if "lines" in only:
        lines(r, rng, a.count, work)
    if a.work is None and not r.findings and not a.keep:
        shutil.rmtree(work)
        where = "mutants removed"
    else:
        where = "mutants in %s" % work
    print("fuzz_inputs: seed %d, %d runs, %d findings (%s)" % (a.seed, r.runs, len(r.findings), where))
    return 1 if r.findings else 0


if __name__ == "__main__":
    sys.exit(main())

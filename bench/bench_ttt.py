#!/usr/bin/env python3
"""TTT benchmark: vp against the straightforward Python reference of
Algorithm 1 (bench/ref_ttt.py), side by side in one run, at the paper's
move counts; and the exact verification of every question.

usage: bench/bench_ttt.py enum [--reps 5] [--ref-reps 1] [--skip-ref-sttt7]
       bench/bench_ttt.py verify [--games oTTT,dTTT,cTTT,sTTT] [--tt-mb 4096]
Run from the top of a built tree; prints Markdown tables for RESULTS.md.
"""
import argparse, json, os, statistics, subprocess, sys, time

PAPER = {"oTTT": [4, 5], "dTTT": [6, 7], "cTTT": [5, 6, 7], "sTTT": [6, 7]}
HERE = os.path.dirname(os.path.abspath(__file__))
VP = os.environ.get("VP", os.path.join(os.getcwd(), "vp"))


def timed(cmd):
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - t0, [json.loads(l) for l in out.splitlines() if l.startswith("{")]


def enum(args):
    rows, total_c = [], []
    for rep in range(args.reps):  # wall time of all four games at the paper's N
        t = 0.0
        for g, ns in PAPER.items():
            dt, _ = timed([VP, "ttt", "enumerate", "--game", g, "--moves", ",".join(map(str, ns)), "--json", "-q"])
            t += dt
        total_c.append(t)
    print(f"All four games at the paper's N, vp wall time (median of {args.reps}): "
          f"{statistics.median(total_c):.3f} s (runs: {', '.join(f'{x:.3f}' for x in total_c)})\n")
    print("| game | N | positions | questions | vp median s | reference s | ratio | counts agree |")
    print("|---|---|---|---|---|---|---|---|")
    for g, ns in PAPER.items():
        for n in ns:
            cs = []
            for rep in range(args.reps):
                dt, js = timed([VP, "ttt", "enumerate", "--game", g, "--moves", str(n), "--json", "-q"])
                cs.append(dt)
            c = js[0]
            if args.skip_ref_sttt7 and g == "sTTT" and n == 7:
                print(f"| {g} | {n} | {c['positions']} | {c['questions']} | {statistics.median(cs):.3f} | (skipped) | | |")
                continue
            rs, r = [], None
            for rep in range(args.ref_reps):
                dt, js = timed([sys.executable, os.path.join(HERE, "ref_ttt.py"), "--game", g, "--moves", str(n)])
                rs.append(dt)
                r = js[0]
            same = all(r[k] == c[k] for k in ("positions", "sequences", "filtered", "questions", "verdicts"))
            mc, mr = statistics.median(cs), statistics.median(rs)
            print(f"| {g} | {n} | {c['positions']} | {c['questions']} | {mc:.3f} | {mr:.2f} | {mr / mc:.0f}x | {'yes' if same else 'NO'} |")


def verify(args):
    print("| game | N | questions | verify s | nodes | win: equal/subset/contra | blocked: equal/subset/contra | fork: equal/subset/contra |")
    print("|---|---|---|---|---|---|---|---|")
    for g in args.games.split(","):
        for n in PAPER[g]:
            dt, js = timed([VP, "ttt", "enumerate", "--game", g, "--moves", str(n), "--verify", "--json", "-q",
                            "--tt-mb", str(args.tt_mb)])
            j = js[0]
            v = j["verify"]
            cells = ["/".join(str(v[k][a]) for a in ("equal", "subset", "contradicts")) for k in ("win", "blocked", "fork")]
            print(f"| {g} | {n} | {j['questions']} | {v['seconds']:.2f} | {v['nodes']} | " + " | ".join(cells) + " |", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["enum", "verify"])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--ref-reps", type=int, default=1)
    ap.add_argument("--skip-ref-sttt7", action="store_true")
    ap.add_argument("--games", default="oTTT,dTTT,cTTT,sTTT")
    ap.add_argument("--tt-mb", type=int, default=4096)
    args = ap.parse_args()
    print(f"host: {os.cpu_count()} cores; vp: {subprocess.run([VP, '--version'], capture_output=True, text=True).stdout.strip()}\n")
    enum(args) if args.mode == "enum" else verify(args)


if __name__ == "__main__":
    main()

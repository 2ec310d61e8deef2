#!/usr/bin/env python3
# narrow_check.py: is a tighter region monotone? For each problem that a
# full run (vp go solve --json) settled completely in under 1 s in its
# inferred region, and for each side of the region's bounding box, the
# line's points that hold no defender stone are dropped from the region
# (the frame then fills them with attacker stones) and the problem is
# solved again with the same goal, side to play and target. A narrower
# region whose dropped points do not all join the old frame through
# points outside it (checked on the region vp reports, after it grows to
# whole defender chains) is skipped: those frame stones are not safe.
# Monotone means: in a live problem every first move that lives in the
# narrower region (outright, or by ko) lives in the wider one (outright,
# or at least by ko); in a kill, every first move of the narrower region
# that kills in the wider one kills in the narrower one too.
# One JSON line per comparison, with the violations in "viol".
# bench/RESULTS.md, "A tighter region: checked for monotonicity".
#
# 19x19 boards only (every bundled problem is one).
#
# usage: narrow_check.py VP RUN.jsonl OUT.jsonl SHARD NSHARDS   (run from
# the directory the run's file names are relative to)
import json, sys, subprocess
VP = [sys.argv[1]]
run, out, shard, nsh = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
COLS = 'ABCDEFGHJKLMNOPQRST'
def pt(s):  # sgf -> benchmark
    return COLS[ord(s[0]) - 97] + str(19 - (ord(s[1]) - 97))
def xy(p): return COLS.index(p[0]), int(p[1:])
recs = [json.loads(l) for l in open(run)]
ALLP = {COLS[x] + str(y) for x in range(19) for y in range(1, 20)}
def island(R, Rn):
    # 1 when a point of R outside Rn does not join the old frame (points
    # outside R) through points outside Rn: its frame stone is not safe
    outn = ALLP - Rn
    seen = set(ALLP - R); stack = list(seen)
    while stack:
        q = stack.pop(); x, y = xy(q)
        for dx, dy in ((1,0),(-1,0),(0,1),(0,-1)):
            if 0 <= x+dx < 19 and 1 <= y+dy <= 19:
                nq = COLS[x+dx] + str(y+dy)
                if nq in outn and nq not in seen:
                    seen.add(nq); stack.append(nq)
    return not (R - Rn) <= seen
todo = [r for r in recs if r['status'] in ('proved', 'disproved') and not r['unsolved_moves']
        and r['seconds'] < 1.0 and r['inferred']['region'] in ('inferred', 'markup')]
todo = todo[shard::nsh]
with open(out, 'a') as fo:
    for r in todo:
        pr = json.load(open(r['file']))
        black = {pt(s) for s in pr.get('AB', [])}; white = {pt(s) for s in pr.get('AW', [])}
        t0 = r['target'][0]
        dfd = black if t0 in black else white
        R = set(r['region'])
        xs = [xy(p)[0] for p in R]; ys = [xy(p)[1] for p in R]
        sides = {'left': lambda p: xy(p)[0] == min(xs), 'right': lambda p: xy(p)[0] == max(xs),
                 'bottom': lambda p: xy(p)[1] == min(ys), 'top': lambda p: xy(p)[1] == max(ys)}
        for name, f in sides.items():
            Rn = {p for p in R if not (f(p) and p not in dfd)}
            if Rn == R or not set(r['target']) <= Rn:
                continue
            if island(R, Rn):
                fo.write(json.dumps({'file': r['file'], 'side': name, 'skip': 'island'}) + '\n'); fo.flush()
                continue
            cmd = VP + ['go', 'solve', '--json', '--quiet', '--threads', '1', '--search-threads', '1', '--time-limit', '0',
                        '--nodes', '2000000', '--goal', r['goal'], '--to-play', r['to_play'], '--target', ','.join(r['target']),
                        '--region', ','.join(sorted(Rn)), r['file']]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0 or not p.stdout.strip():
                fo.write(json.dumps({'file': r['file'], 'side': name, 'error': p.stderr.strip()[:200]}) + '\n'); fo.flush()
                continue
            n = json.loads(p.stdout.strip().splitlines()[0])
            Rs = set(n['region'])
            if island(R, Rs) or not Rs < R:
                fo.write(json.dumps({'file': r['file'], 'side': name, 'skip': 'island after growth' if Rs < R else 'grown back'}) + '\n'); fo.flush()
                continue
            Rn = Rs
            W_ok, W_ko, N_ok, N_ko = set(r['first_moves']), set(r['ko_moves']), set(n['first_moves']), set(n['ko_moves'])
            N_un = set(n['unsolved_moves'])
            viol, inconcl = [], []
            if r['goal'] == 'live':
                for m in N_ok:
                    if m not in W_ok: viol.append(('narrow ok, wide not ok', m))
                for m in N_ko:
                    if m not in W_ok | W_ko: viol.append(('narrow ko, wide lost', m))
            else:
                for m in W_ok:
                    if m != 'pass' and m not in Rn: continue
                    if m in N_un: inconcl.append(m)
                    elif m not in N_ok: viol.append(('wide kill ok, narrow not ok', m))
                for m in W_ko:
                    if m != 'pass' and m not in Rn: continue
                    if m in N_un: inconcl.append(m)
                    elif m not in N_ok | N_ko: viol.append(('wide kill ko, narrow lost', m))
            fo.write(json.dumps({'file': r['file'], 'side': name, 'goal': r['goal'], 'removed': len(R) - len(Rn),
                                 'wide': [sorted(W_ok), sorted(W_ko)], 'narrow': [sorted(N_ok), sorted(N_ko), n['status']],
                                 'viol': viol, 'inconcl': inconcl}) + '\n'); fo.flush()

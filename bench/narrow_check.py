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
# One JSON line per comparison, the violating first moves in "viol".
# bench/RESULTS.md, "A tighter region: checked for monotonicity".
#
# 19x19 boards only (every bundled problem is one).
#
# usage: narrow_check.py VP RUN.jsonl OUT.jsonl SHARD NSHARDS   (run from
# the directory the run's file names are relative to)
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import owl_bench  # noqa: E402  (the coordinates)

SIZE = 19
ALLP = {owl_bench.xy_to_gtp(x, y, SIZE) for x in range(SIZE) for y in range(SIZE)}


def xy(p):
    """A point like D19 -> (x, y), y from the top."""
    return owl_bench.gtp_to_xy(p, SIZE)


def island(R, Rn):
    """True when a point of R outside Rn does not join the old frame (the
    points outside R) through points outside Rn: its frame stone is not
    safe."""
    outn = ALLP - Rn
    seen = ALLP - R
    stack = list(seen)
    while stack:
        x, y = xy(stack.pop())
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < SIZE and 0 <= ny < SIZE:
                q = owl_bench.xy_to_gtp(nx, ny, SIZE)
                if q in outn and q not in seen:
                    seen.add(q)
                    stack.append(q)
    return not (R - Rn) <= seen


def lost(prover_ok, prover_ko, other_ok, other_ko, moves, unsettled):
    """The violations of "other is at least as good for the prover" over
    moves: a move the prover wins outright in prover_* but not in other_*,
    or by ko there and lost here; moves still unsettled in other are
    returned apart (inconclusive)."""
    viol, open_ = [], []
    for m in sorted(moves & (prover_ok | prover_ko)):
        if m in unsettled:
            open_.append(m)
        elif m not in other_ok and (m in prover_ok or m not in other_ko):
            viol.append(m)
    return viol, open_


def main(vp, run, out, shard, nsh):
    recs = [json.loads(line) for line in open(run)]
    todo = [r for r in recs if r['status'] in ('proved', 'disproved') and not r['unsolved_moves']
            and r['seconds'] < 1.0 and r['inferred']['region'] in ('inferred', 'markup')]
    with open(out, 'a') as fo:
        def emit(d):
            fo.write(json.dumps(d) + '\n')
            fo.flush()

        for r in todo[shard::nsh]:
            pr = json.load(open(r['file']))
            stones = {c: {owl_bench.xy_to_gtp(*owl_bench.sgf_to_xy(s, SIZE), SIZE) for s in pr.get(c, [])}
                      for c in ('AB', 'AW')}
            dfd = stones['AB'] if r['target'][0] in stones['AB'] else stones['AW']
            R = set(r['region'])
            cols = [xy(p)[0] for p in R]
            rows = [xy(p)[1] for p in R]
            sides = {'left': (0, min(cols)), 'right': (0, max(cols)), 'bottom': (1, max(rows)), 'top': (1, min(rows))}
            for name, (axis, line) in sides.items():
                Rn = {p for p in R if xy(p)[axis] != line or p in dfd}
                if Rn == R or not set(r['target']) <= Rn:
                    continue
                if island(R, Rn):
                    emit({'file': r['file'], 'side': name, 'skip': 'island'})
                    continue
                cmd = vp + ['go', 'solve', '--json', '--quiet', '--threads', '1', '--search-threads', '1',
                            '--time-limit', '0', '--nodes', '2000000', '--goal', r['goal'], '--to-play', r['to_play'],
                            '--target', ','.join(r['target']), '--region', ','.join(sorted(Rn)), r['file']]
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode != 0 or not p.stdout.strip():
                    emit({'file': r['file'], 'side': name, 'error': p.stderr.strip()[:200]})
                    continue
                n = json.loads(p.stdout.strip().splitlines()[0])
                Rn = set(n['region'])  # after vp grows it to whole defender chains
                if island(R, Rn) or not Rn < R:
                    emit({'file': r['file'], 'side': name, 'skip': 'island after growth' if Rn < R else 'grown back'})
                    continue
                wide = set(r['first_moves']), set(r['ko_moves'])
                narrow = set(n['first_moves']), set(n['ko_moves'])
                if r['goal'] == 'live':  # lives in the narrower region: lives in the wider one
                    viol, inconcl = lost(*narrow, *wide, Rn | {'pass'}, set())
                else:  # kills in the wider region: kills in the narrower one
                    viol, inconcl = lost(*wide, *narrow, Rn | {'pass'}, set(n['unsolved_moves']))
                emit({'file': r['file'], 'side': name, 'goal': r['goal'], 'removed': len(R) - len(Rn),
                      'wide': [sorted(wide[0]), sorted(wide[1])],
                      'narrow': [sorted(narrow[0]), sorted(narrow[1]), n['status']],
                      'viol': viol, 'inconcl': inconcl})


if __name__ == '__main__':
    main([sys.argv[1]], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))

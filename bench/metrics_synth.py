#!/usr/bin/env python3
"""Synthetic inputs for timing the metrics stage (vp score, vp metrics trees,
vp metrics claims): a K=4 tsumego set, model responses with token counts,
TsuGO process trees (some with open branches, so --repair has work) and
claim graphs. The contents are random, not realistic: they exist to measure
speed and to exercise every code path at scale. Deterministic for a seed.

    python3 bench/metrics_synth.py OUTDIR [--questions 2000] [--models 5]
        [--samples 16] [--trees 20000] [--graphs 200] [--seed 1]
"""
import argparse
import json
import os
import random

COLS = "ABCDEFGHJKLMNOPQRST"


def point(rng):
    return rng.choice(COLS) + str(rng.randint(1, 19))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--questions", type=int, default=2000)
    ap.add_argument("--models", type=int, default=5)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--trees", type=int, default=20000)
    ap.add_argument("--graphs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.outdir, exist_ok=True)
    tiers = ["easy", "medium", "hard"]
    options = {}
    with open(os.path.join(a.outdir, "set.jsonl"), "w") as f:
        for q in range(a.questions):
            pts = []
            while len(pts) < 4:
                p = point(rng)
                if p not in pts:
                    pts.append(p)
            opts = dict(zip("ABCD", pts))
            options[q] = opts
            f.write(json.dumps({"id": "q%d" % q, "source": "p%d.sgf" % q, "difficulty": tiers[q % 3],
                                "Question": {"to_play": "B", "options": opts},
                                "Solution": {"correct_answer": pts[0], "all_correct_answers": [pts[0]],
                                             "correct_option": "A"}}) + "\n")
    with open(os.path.join(a.outdir, "responses.jsonl"), "w") as f:
        for m in range(a.models):
            for q in range(a.questions):
                for s in range(a.samples):
                    label = rng.choice("ABCD")
                    form = rng.randrange(4)
                    tail = ["answer is %s" % label, "\\boxed{%s}" % label,
                            "The answer is **%s. %s**" % (label, options[q][label]), "I am not sure."][form]
                    f.write(json.dumps({"id": "q%d" % q, "model": "model%d" % m, "sample": s,
                                        "tokens": rng.randint(100, 30000),
                                        "response": "Let me read the position. " * 20 + tail}) + "\n")
    with open(os.path.join(a.outdir, "trees.jsonl"), "w") as f:
        for t in range(a.trees):
            q = t % a.questions
            nodes = [{"id": 0, "type": "root", "parent": None, "label": "Initial board state"}]
            frontier = []
            cands = rng.sample(list(options[q].values()), rng.randint(1, 4))
            for c in cands:
                nodes.append({"id": len(nodes), "type": "move", "parent": 0, "side": "B", "move_pos": c})
                frontier.append((len(nodes) - 1, 1))
            for _ in range(rng.randint(0, 40)):
                p, d = rng.choice(frontier)
                nodes.append({"id": len(nodes), "type": "move", "parent": p, "side": "W" if d % 2 else "B",
                              "move_pos": point(rng)})
                frontier.append((len(nodes) - 1, d + 1))
            f.write(json.dumps({"problem": "q%d" % q, "model": "model%d" % (t % a.models),
                                "k": rng.choice([4, None]), "modality": "sym",
                                "tokens": rng.randint(100, 30000), "correct": rng.random() < 0.3,
                                "nodes": nodes}) + "\n")
    with open(os.path.join(a.outdir, "graphs.jsonl"), "w") as f:
        for g in range(a.graphs):
            n = rng.randint(20, 400)
            nodes = [{"id": i, "label": rng.choice(["correct", "wrong", "unverifiable", "tentative"]),
                      "solution": rng.random() < 0.05} for i in range(n)]
            edges = []
            for i in range(1, n):
                for _ in range(rng.randint(1, 2)):
                    edges.append({"from": rng.randrange(i), "to": i,
                                  "kind": "restatement" if rng.random() < 0.1 else "inference"})
            f.write(json.dumps({"nodes": nodes, "edges": edges, "c_star": max(1, n // 5)}) + "\n")


if __name__ == "__main__":
    main()

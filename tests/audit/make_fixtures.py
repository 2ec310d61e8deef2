#!/usr/bin/env python3
"""make_fixtures.py: writes the fixtures of tests/cli_audit.sh and
tests/goaudit_test.c: benchmark records (vp go build's format, see
man/vp.1 "go audit") for three bundled Cho Chikun problems, their variants,
and broken copies, each broken in one way.

Run by hand when the format changes, from the top of the tree:

    python3 tests/audit/make_fixtures.py ./vp ../shared/data/tsumego/cho-chikun-encyclopedia-life-and-death-elementary

The answers come from `vp go solve --json` (df-pn, 200000 nodes); the
transforms are written here from their definitions (not with vp's code),
so the audit's mapping is checked against an independent one:
rot90 (x, y) -> (18-y, x), a quarter turn anticlockwise; rot180
(18-x, 18-y); rot270 (y, 18-x); flip-h (18-x, y), left-right mirror;
flip-v (x, 18-y), top-bottom mirror; x the column from the left (A = 0, no
I), y the row from the bottom (row 1 = 0).

Not written here: edge.jsonl, the record of Cho Chikun Elementary 150 as
`vp go build` wrote it before the builder kept out problems with defender
stones on the region's edge (White's E17 there); the audit's definition
check must name that stone. Nor reply.jsonl: good.jsonl's record of Cho
Chikun Elementary 8 as this script wrote it before commit ffd754f, whose
refutation of C19 (C19 F19 ...) came from the first pass's table: after
F19 Black lives by ko, and the audit's replies check must say so.
"""
import copy
import json
import math
import os
import subprocess
import sys

COLS = "ABCDEFGHJKLMNOPQRST"
NODES = 200000


def parse(c):
    return COLS.index(c[0]), int(c[1:]) - 1


def name(x, y):
    return "%s%d" % (COLS[x], y + 1)


def pindex(c):
    x, y = parse(c)
    return y * 19 + x


def sort_points(v):
    return sorted(v, key=pindex)


SYM = {
    "identity": lambda x, y: (x, y),
    "rot90": lambda x, y: (18 - y, x),
    "rot180": lambda x, y: (18 - x, 18 - y),
    "rot270": lambda x, y: (y, 18 - x),
    "flip-h": lambda x, y: (18 - x, y),
    "flip-v": lambda x, y: (x, 18 - y),
}


def mapc(c, t):
    if c == "pass":
        return c
    return name(*SYM[t](*parse(c)))


def grid_of(black, white):
    g = [[0] * 19 for _ in range(19)]
    for v, colour in ((black, 1), (white, 2)):
        for c in v:
            x, y = parse(c)
            g[18 - y][x] = colour
    return g


def prompt(q):
    opts = ", ".join("%s: %s" % (k, q["options"][k]) for k in q["option_order"])
    return "Black stones: %s; White stones: %s; side to play: %s; choose from %s." % (
        ", ".join(q["black"]), ", ".join(q["white"]), "Black" if q["to_play"] == "B" else "White", opts)


def solve(vp, path, region, target):
    """df-pn on path with the definition pinned (region and target given,
    not inferred), so that the fixtures stay the same when vp's inference
    changes."""
    out = subprocess.run([vp, "go", "solve", "--json", "-q", "--time-limit", "0", "--nodes", str(NODES),
                          "--region", region, "--target", target, path],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def problem_stones(vp, path):
    out = subprocess.run([vp, "go", "show", "--json", path], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def record(vp, path, pid, labels, region, target):
    """The original record of problem file path, solved in region with
    target; labels maps A.. to the coordinates of the options, each of
    which must come out proven correct or refuted."""
    s = solve(vp, path, region, target)
    p = problem_stones(vp, path)
    ko = s["status"] == "ko"
    accepted = sort_points(s["ko_moves"] if ko else s["first_moves"])
    book = s["book"]
    correct = book if book in accepted else accepted[0]
    correct_option = [k for k, c in labels.items() if c in accepted]
    assert len(correct_option) == 1, (pid, labels, accepted)
    for k, c in labels.items():
        if c not in accepted and c not in s["refutations"]:
            sys.exit("make_fixtures.py: %s: option %s (%s) is neither proven correct nor refuted" % (pid, k, c))
    main = s["main_line"]
    if ko or not main or main[0] != correct:
        main = [correct]
    q = {
        "board_size": 19,
        "black": sort_points(p["black"]),
        "white": sort_points(p["white"]),
        "grid": grid_of(p["black"], p["white"]),
        "to_play": s["to_play"],
        "goal": s["goal"],
        "target": sort_points(s["target"]),
        "region": sort_points(s["region"]),
        "options": dict(sorted(labels.items())),
        "option_order": sorted(labels),
    }
    rec = {
        "format": "vitalpoint-tsumego-record",
        "format_version": 1,
        "id": pid,
        "source": path,
        "collection": os.path.basename(os.path.dirname(path)),
        "difficulty": "all",
        "difficulty_score": 1.0,
        "variant_of": None,
        "transform": "identity",
        "Question": q,
        "Solution": {
            "correct_answer": correct,
            "all_correct_answers": accepted,
            "correct_option": correct_option[0],
            "ko": ko,
            "main_line": main,
            "variations": [],
            "refutations": {k: v for k, v in sorted(s["refutations"].items(), key=lambda kv: kv[0])},
            "proof_nodes": s["nodes"],
        },
        "Prompt": {},
        "Provenance": {
            "file": path,
            "collection": os.path.basename(os.path.dirname(path)),
            "book_answers": [book],
            "solver_agrees": book in accepted,
            "solver": "vitalpoint df-pn",
            "nodes_budget": NODES,
        },
    }
    rec["Prompt"]["sym"] = prompt(q)
    return rec


def variant(rec, t, relabel=None, order=None):
    v = copy.deepcopy(rec)
    v["id"] = rec["id"] + "." + t
    v["variant_of"] = rec["id"]
    v["transform"] = t
    q, s = v["Question"], v["Solution"]
    if t in SYM:
        for k in ("black", "white", "target", "region"):
            q[k] = sort_points([mapc(c, t) for c in q[k]])
        q["options"] = {k: mapc(c, t) for k, c in q["options"].items()}
        s["correct_answer"] = mapc(s["correct_answer"], t)
        s["all_correct_answers"] = sort_points([mapc(c, t) for c in s["all_correct_answers"]])
        s["main_line"] = [mapc(c, t) for c in s["main_line"]]
        s["variations"] = [[mapc(c, t) for c in line] for line in s["variations"]]
        s["refutations"] = {mapc(k, t): [mapc(c, t) for c in line] for k, line in s["refutations"].items()}
    elif t == "invert":
        q["black"], q["white"] = q["white"], q["black"]
        q["to_play"] = "W" if q["to_play"] == "B" else "B"
    elif t == "relabel":
        # label -> the coordinate of label relabel[label] in the original
        q["options"] = {k: rec["Question"]["options"][relabel[k]] for k in sorted(relabel)}
        s["correct_option"] = [k for k, c in q["options"].items() if c in s["all_correct_answers"]][0]
    elif t == "shuffle":
        q["option_order"] = order
    q["grid"] = grid_of(q["black"], q["white"])
    v["Prompt"]["sym"] = prompt(q)
    return v


def line(rec):
    return json.dumps(rec, separators=(", ", ": ")) + "\n"


def write(path, recs):
    with open(path, "w") as f:
        for r in recs:
            f.write(r if isinstance(r, str) else line(r))


def main():
    vp, data = sys.argv[1], sys.argv[2].rstrip("/")
    here = os.path.dirname(os.path.abspath(__file__))
    # the definitions as vp inferred them when the fixtures were first
    # written (2026-11-30), pinned
    p9 = record(vp, data + "/Prob0009.json", "cho-elementary-0009", {"A": "C19", "B": "B19", "C": "D19", "D": "A19"},
                "A17-F19", "A18")
    p4 = record(vp, data + "/Prob0004.json", "cho-elementary-0004", {"A": "E19", "B": "A17", "C": "D19", "D": "B19"},
                "A17-E19", "A18")
    p8 = record(vp, data + "/Prob0008.json", "cho-elementary-0008", {"A": "B19", "B": "A18", "C": "A17", "D": "C19"},
                "A17-F19", "B18")
    assert p9["Solution"]["all_correct_answers"] == ["B19", "E19"], p9["Solution"]
    assert p8["Solution"]["ko"] is True, p8["Solution"]
    for r in (p9, p4, p8):
        r["source"] = r["source"].replace(data, "data/tsumego/cho-chikun-encyclopedia-life-and-death-elementary")
        r["Provenance"]["file"] = r["source"]
    good = [p9, variant(p9, "rot90"), variant(p9, "flip-h"), variant(p9, "invert"),
            variant(p9, "relabel", relabel={"A": "D", "B": "C", "C": "A", "D": "B"}),
            variant(p9, "shuffle", order=["C", "A", "D", "B"]),
            p4, variant(p4, "rot180"), variant(p4, "flip-v"), variant(p4, "rot270"),
            p8, variant(p8, "invert")]
    write(here + "/good.jsonl", good)

    def broken(fname, recs):
        write(here + "/" + fname, recs)

    # the grid says T1 holds a black stone; the lists do not
    b = copy.deepcopy(p9)
    b["Question"]["grid"][18][18] = 1
    broken("grid.jsonl", [b])
    # option D on a white stone
    b = copy.deepcopy(p9)
    b["Question"]["options"]["D"] = "A18"
    broken("occupied.jsonl", [b])
    # E19 is correct but offered as a distractor, and left out of the accepted set
    b = copy.deepcopy(p9)
    b["Question"]["options"]["C"] = "E19"
    b["Solution"]["all_correct_answers"] = ["B19"]
    broken("distractor.jsonl", [b])
    # the same with E19 kept in the accepted set: a second correct option
    b = copy.deepcopy(p9)
    b["Question"]["options"]["C"] = "E19"
    broken("second-correct.jsonl", [b])
    # a rot90 variant whose answers were not mapped
    b = variant(p9, "rot90")
    b["Solution"]["correct_answer"] = p9["Solution"]["correct_answer"]
    b["Solution"]["all_correct_answers"] = p9["Solution"]["all_correct_answers"]
    broken("unmapped.jsonl", [p9, b])
    # a relabel variant whose correct option stayed with its letter
    b = variant(p9, "relabel", relabel={"A": "D", "B": "C", "C": "A", "D": "B"})
    b["Solution"]["correct_option"] = "B"
    broken("relabel.jsonl", [p9, b])
    # a shuffle variant that also swapped two coordinates
    b = variant(p9, "shuffle", order=["C", "A", "D", "B"])
    b["Question"]["options"]["A"], b["Question"]["options"]["C"] = (b["Question"]["options"]["C"],
                                                                  b["Question"]["options"]["A"])
    broken("shuffle.jsonl", [p9, b])
    # an inverted variant that kept Black to play
    b = variant(p9, "invert")
    b["Question"]["to_play"] = "B"
    broken("invert.jsonl", [p9, b])
    # a variant of a problem that is not in the set
    broken("orphan.jsonl", [variant(p4, "rot180")])
    # a line cut short (no newline at the end)
    text = line(p4)
    broken("truncated.jsonl", [line(p9), text[: len(text) // 2]])
    # a line that is not JSON
    broken("badjson.jsonl", [line(p9), "{not json}\n", line(p4)])
    # a coordinate off the board and one with the letter I
    b = copy.deepcopy(p9)
    b["Question"]["region"] = b["Question"]["region"] + ["U19"]
    b["Question"]["black"][0] = "I15"
    broken("coord.jsonl", [b])
    # a point that is both black and white (the grid says black)
    b = copy.deepcopy(p4)
    b["Question"]["white"] = sort_points(b["Question"]["white"] + ["A18"])
    broken("overlap.jsonl", [b])
    # the main line plays on a stone; a refutation line that starts elsewhere
    b = copy.deepcopy(p9)
    b["Solution"]["main_line"] = ["B19", "B18"]
    b["Solution"]["refutations"]["A19"] = ["C19", "B19"]
    broken("lines.jsonl", [b])
    # a missing field and a side to play that is neither B nor W
    b = copy.deepcopy(p9)
    del b["Solution"]["ko"]
    b["Question"]["to_play"] = "X"
    broken("schema.jsonl", [b])
    # a repeated id
    broken("dupid.jsonl", [p9, p9])
    # a record of another format, and one of a later version
    b = copy.deepcopy(p9)
    b["format"] = "vitalpoint-ttt-question"
    c = copy.deepcopy(p4)
    c["format_version"] = 2
    broken("format.jsonl", [b, c])


if __name__ == "__main__":
    main()

#!/bin/sh
# cli_metrics.sh: `vp score`, `vp metrics trees` and `vp metrics claims`
# end to end: answers judged and counted, Pass@1 and pass@k against the
# closed form, --k, TTT sets, TokenE; per-tree metrics of hand-computed
# trees, a round trip of a `vp go mcts --json` line, repairs, tables, plots
# and repaired trees read back; claim graphs; bad input (file, line and
# field named, exit 2 and nothing written, or counted and skipped with
# --skip-bad); usage errors; byte-identical output run to run.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

M="$top_srcdir/tests/metrics"

# expect_bad DESC MENTION ARGS...: exit 2, the message on stderr names
# MENTION (an extended regular expression), nothing on stdout.
expect_bad() {
    _d=$1
    _m=$2
    shift 2
    check_exit 2 "$_d: exit status 2" vp "$@"
    check "$_d: the message names '$_m'" grep -q -E -e "$_m" "$T/err"
    if [ -s "$T/out" ]; then
        fail "$_d: nothing on stdout"
        show "$T/out"
    else
        pass "$_d: nothing on stdout"
    fi
}

# nothing_written FILE...: none of the files nor a temporary beside it exists.
nothing_written() {
    for _f in "$@"; do
        for _g in "$_f" "$_f".tmp.*; do
            if [ -e "$_g" ]; then
                echo "$_g exists"
                return 1
            fi
        done
    done
}

# ---- vp score --------------------------------------------------------------

# e1 accepts P15 and N14 (options A P15, B Q16, C R17, D N14); h1 accepts D4.
cat >"$T/resp.jsonl" <<'EOF'
{"id": "e1", "model": "m1", "sample": 0, "response": "Thinking... Therefore the answer is A.", "tokens": 1000}
{"id": "e1", "model": "m1", "sample": 1, "response": "I pick \\boxed{n 14}", "tokens": 3000}
{"id": "e1", "model": "m1", "sample": 2, "response": "answer is B", "tokens": 2000}
{"id": "h1", "model": "m1", "sample": 0, "response": "The answer is **B. D4**", "tokens": 500}
{"id": "h1", "model": "m1", "sample": 1, "response": "no idea", "tokens": 500}
{"id": "h1", "model": "m1", "sample": 2, "response": "\\boxed{\\text{D-4}}", "tokens": 500}
{"id": "e1", "model": "m2", "response": "answer is C", "modality": "grid"}
EOF
check_exit 0 "score: Go set, two models (JSON)" vp score --set "$M/set.jsonl" --responses "$T/resp.jsonl" --json \
    --details "$T/details.jsonl"
cp "$T/out" "$T/score.json"
check_py "  ... counts, accuracy, Pass@1, TokenE, rows per difficulty and modality" '
import sys
o = load(sys.argv[1])
assert o["format"] == "vitalpoint-score" and o["format_version"] == 1, o
rows = {(r["model"], r["by"], r["value"]): r for r in o["rows"]}
a = rows[("m1", "all", "all")]
assert (a["responses"], a["questions"], a["correct"], a["wrong"], a["unparseable"]) == (6, 2, 4, 1, 1), a
assert abs(a["accuracy"] - 4 / 6) < 1e-9 and abs(a["pass1"] - 4 / 6) < 1e-9, a
assert abs(a["itt"] - 1250) < 1e-9, a
A = 400 / 6
assert abs(a["token_e"] - 100 * A / (A + 1.25)) < 1e-6, a["token_e"]
assert a["missing"] == 0, a
e = rows[("m1", "difficulty", "easy")]
assert (e["correct"], e["wrong"], e["unparseable"]) == (2, 1, 0) and abs(e["itt"] - 2000) < 1e-9, e
h = rows[("m1", "difficulty", "hard")]
assert (h["correct"], h["unparseable"]) == (2, 1), h
m2 = rows[("m2", "all", "all")]
assert m2["correct"] == 0 and m2["wrong"] == 1 and m2["token_e"] is None and m2["missing"] == 1, m2
assert ("m2", "modality", "grid") in rows and ("m1", "modality", "grid") not in rows, sorted(rows)
' "$T/score.json"
check_py "  ... one detail line per response: answer as written, normal form, verdict" '
import sys
d = records(sys.argv[1])
assert len(d) == 7, len(d)
by = {(x["model"], x["id"], x["sample"]): x for x in d}
x = by[("m1", "e1", 1)]
assert x["from"] == "boxed" and x["answer"] == "n 14" and x["normalised"] == "N14" and x["verdict"] == "correct", x
x = by[("m1", "h1", 0)]
assert x["from"] == "answer_is" and x["answer"] == "B. D4" and x["normalised"] == "D4", x
x = by[("m1", "h1", 1)]
assert x["verdict"] == "unparseable" and x["normalised"] is None and "answer is" in x["reason"], x
assert by[("m2", "e1", None)]["normalised"] == "R17", by[("m2", "e1", None)]
' "$T/details.jsonl"

check_exit 0 "score: Markdown table and CSV" vp score --set "$M/set.jsonl" --responses "$T/resp.jsonl" --csv "$T/score.csv"
check "  ... the table" grep -q '^| m1 | difficulty | hard | 3 | 1 | 2 | 0 | 1 | 66.7 | 66.7 |' "$T/out"
check "  ... the CSV" grep -q '^m1,all,all,6,2,4,1,1,66.667,66.667,1.2500,98.160,0$' "$T/score.csv"

# An output that is not a regular file (a pipe here; /dev/stdout alike) is
# written in place, not replaced by a renamed temporary file.
check_pipe "score: --csv into a pipe" "$T/score.csv" vp score --set "$M/set.jsonl" --responses "$T/resp.jsonl" --csv "$T/fifo"

# Pass@1 and pass@k against 1 - C(n-c, k) / C(n, k): 4 questions of 6
# samples with 0, 1, 3 and 6 correct answers.
if have_python; then
    "$PYTHON3" $PY_FLAGS -c '
import json, sys
set_, resp = sys.argv[1], sys.argv[2]
with open(set_, "w") as s, open(resp, "w") as r:
    for q, c in enumerate([0, 1, 3, 6]):
        s.write(json.dumps({"id": "q%d" % q, "difficulty": "d%d" % (q % 2), "Solution": {"correct_answer": "C3"}}) + "\n")
        for i in range(6):
            r.write(json.dumps({"id": "q%d" % q, "model": "m", "sample": 5 - i,
                                "response": "answer is %s" % ("C3" if i < c else "D4")}) + "\n")
' "$T/pset.jsonl" "$T/presp.jsonl"
fi
check_exit 0 "score: --pass-at 1,2,6" vp score --set "$T/pset.jsonl" --responses "$T/presp.jsonl" --pass-at 1,2,6 --json
check_py "  ... the closed form" '
import sys
from math import comb
o = load(sys.argv[1])
a = [r for r in o["rows"] if r["by"] == "all"][0]
cs = [0, 1, 3, 6]
for k in (1, 2, 6):
    want = sum(1 - comb(6 - c, k) / comb(6, k) for c in cs) / 4
    got = a["pass_at"][str(k)]
    assert abs(got - want) < 1e-9, (k, got, want)
assert abs(a["pass1"] - sum(c / 6 for c in cs) / 4) < 1e-9, a["pass1"]
' "$T/out"
check_exit 0 "score: --k 2 uses the first two samples by number" vp score --set "$T/pset.jsonl" --responses "$T/presp.jsonl" --k 2 --json
check_py "  ... samples 0 and 1 (the last two lines of each question)" '
import sys
o = load(sys.argv[1])
a = [r for r in o["rows"] if r["by"] == "all"][0]
# samples 5-i: sample 0 is i = 5, sample 1 is i = 4; correct when i < c
want = [sum(1 for i in (5, 4) if i < c) for c in [0, 1, 3, 6]]
assert a["responses"] == 8 and a["correct"] == sum(want) and a["short"] == 0, (a, want)
assert o["k"] == 2, o["k"]
' "$T/out"
check_exit 0 "score: --k 8 counts short questions" vp score --set "$T/pset.jsonl" --responses "$T/presp.jsonl" --k 8 --json
check_py "  ... all four short" '
import sys
a = [r for r in load(sys.argv[1])["rows"] if r["by"] == "all"][0]
assert a["short"] == 4 and a["responses"] == 24, a
' "$T/out"
expect_bad "score: --pass-at beyond --k" "more than --k" score --set "$T/pset.jsonl" --responses "$T/presp.jsonl" --k 2 --pass-at 4

# A TTT set: the first accepted answer boxed is right, a free cell wrong.
check_exit 0 "a small TTT set" vp ttt generate --game oTTT --count 6 -q -o "$T/ttt.jsonl"
if have_python; then
    "$PYTHON3" $PY_FLAGS -c '
import json, sys
with open(sys.argv[2], "w") as out:
    for line in open(sys.argv[1]):
        r = json.loads(line)
        wrong = [c for c in "ABCDEFGHI" if c not in r["answers"] and c not in r["moves"]][0]
        out.write(json.dumps({"id": r["id"], "model": "x", "response": "so \\boxed{%s}" % r["answers"][0], "tokens": 900}) + "\n")
        out.write(json.dumps({"id": r["id"], "model": "x", "response": "answer is %s" % wrong, "tokens": 1100}) + "\n")
' "$T/ttt.jsonl" "$T/tresp.jsonl"
fi
check_exit 0 "score: TTT set" vp score --set "$T/ttt.jsonl" --responses "$T/tresp.jsonl" --json
check_py "  ... half right, per game and verdict" '
import sys
o = load(sys.argv[1])
rows = {(r["by"], r["value"]): r for r in o["rows"]}
a = rows[("all", "all")]
assert a["responses"] == 12 and a["correct"] == 6 and a["unparseable"] == 0, a
assert abs(a["token_e"] - 100 * 50 / 51) < 1e-6, a
assert rows[("game", "oTTT")]["responses"] == 12, rows
verdicts = {v for (b, v) in rows if b == "verdict"}
assert verdicts and verdicts <= {"win", "blocked", "fork"}, verdicts
assert a["optimal"] is not None and a["optimal"] >= 0.5, a
' "$T/out"

# Bad responses: the file, the line and the field; nothing written.
cp "$T/resp.jsonl" "$T/bad.jsonl"
echo '{"id": "e1", "model": "m1", "sample": 3}' >>"$T/bad.jsonl"
expect_bad "score: a record without response" "bad.jsonl:8: field 'response': missing" \
    score --set "$M/set.jsonl" --responses "$T/bad.jsonl" --csv "$T/no.csv" --details "$T/no.jsonl"
check "  ... nothing written" nothing_written "$T/no.csv" "$T/no.jsonl"
check_exit 0 "score: --skip-bad" vp score --set "$M/set.jsonl" --responses "$T/bad.jsonl" --skip-bad --json
check "  ... a warning and a count" sh -c "grep -q 'warning: .*bad.jsonl:8: field .response.: missing (skipped)' '$T/err' && grep -q '1 bad record skipped' '$T/err'"
check_py "  ... the good records scored" '
import sys
o = load(sys.argv[1])
assert o["skipped"] == 1 and [r for r in o["rows"] if r["model"] == "m1" and r["by"] == "all"][0]["responses"] == 6, o
' "$T/out"
printf '{"id": "zz", "response": "answer is A"}\n' >"$T/bad2.jsonl"
expect_bad "score: an id the set does not have" "bad2.jsonl:1: field 'id': \"zz\" is not a record" \
    score --set "$M/set.jsonl" --responses "$T/bad2.jsonl"
printf '{"id": "e1", "response": "answer is A", "tokens": "many"}\n' >"$T/bad3.jsonl"
expect_bad "score: mistyped tokens" "bad3.jsonl:1: field 'tokens': expected a whole number, got a string" \
    score --set "$M/set.jsonl" --responses "$T/bad3.jsonl"
printf '{"id": "e1", "response": "answer is A", "sample": 0}\n{"id": "e1", "response": "answer is B", "sample": 0}\n' >"$T/bad4.jsonl"
expect_bad "score: a repeated sample" "bad4.jsonl:2: field 'sample': 0 repeats line 1" \
    score --set "$M/set.jsonl" --responses "$T/bad4.jsonl"
printf '{"id": "e1", "response": "answer is A"}\n{"id": "e1", oops\n' >"$T/bad5.jsonl"
expect_bad "score: a line that is not JSON" "bad5.jsonl:2: not JSON" score --set "$M/set.jsonl" --responses "$T/bad5.jsonl"
printf '{"id": "e1", "Solution": {"correct_answer": "P15"}}\n{"id": "e2", "Solution": {"correct_answer": "I9"}}\n' >"$T/badset.jsonl"
expect_bad "score: a bad set record" "badset.jsonl:2: field 'Solution.correct_answer'.*no column I" \
    score --set "$T/badset.jsonl" --responses "$T/resp.jsonl"
printf '{"id": "e1", "Solution": {"correct_answer": "P15"}}\n{"id": "e1", "Solution": {"correct_answer": "P16"}}\n' >"$T/dupset.jsonl"
expect_bad "score: a repeated id in the set" "dupset.jsonl:2: field 'id': \"e1\" repeats line 1" \
    score --set "$T/dupset.jsonl" --responses "$T/resp.jsonl"
expect_bad "score: --set is required" "--set is required" score --responses "$T/resp.jsonl"
expect_bad "score: a missing file" "nope.jsonl: cannot open" score --set "$M/set.jsonl" --responses "$T/nope.jsonl"
expect_bad "score: an unwritable output" "cannot write there" score --set "$M/set.jsonl" --responses "$T/resp.jsonl" \
    --csv "$T/no/such/dir.csv" --details "$T/d2.jsonl"
check "  ... nothing written" nothing_written "$T/d2.jsonl"

# ---- vp metrics trees ------------------------------------------------------------

check_exit 0 "trees: hand-computed trees and an MCTS line (JSON)" \
    vp metrics trees --set "$M/set.jsonl" "$M/trees.jsonl" "$M/mcts.jsonl" --json
cp "$T/out" "$T/trees.json"
check_py "  ... every metric" '
import sys
r = records(sys.argv[1])
assert len(r) == 5, len(r)
for o in r:
    assert o["format"] == "vitalpoint-ptree-metrics", o
    for k in ("problem", "model", "ccer", "swr", "sfh", "scr", "ssc", "sbc", "tmd", "tmf", "tnc", "itt", "ipn", "search_e"):
        assert k in o, k
def near(a, b): return abs(a - b) < 1e-9
t = r[0]   # Q16 wrong, P15 correct and revisited, R17 wrong
assert (t["ccer"], t["sfh"], t["ssc"], t["sbc"], t["tmd"], t["tmf"], t["tnc"], t["itt"]) == (2, 0, 3, 3, 4, 3, 12, 2400), t
assert near(t["swr"], 5 / 11) and near(t["scr"], 1 / 3) and near(t["ipn"], 200) and t["correct"] is True, t
assert near(t["search_e"], 100 * (0.5 * 6 / 11 + 0.2 * 2 / 3)), t["search_e"]
t = r[1]   # two accepted first moves, both explored, correct first
assert (t["ccer"], t["sfh"], t["swr"], t["scr"], t["search_e"], t["correct_candidates"]) == (1, 1, 0, 0, 100, 2), t
t = r[2]   # the correct candidate absent: CCER infinite (null)
assert t["ccer"] is None and t["swr"] == 1 and t["scr"] == 1 and t["search_e"] == 0 and t["k"] == "None", t
assert t["correct"] is False, t
t = r[3]   # B D4 is not a move of White: W D4 second
assert t["ccer"] == 2 and near(t["swr"], 0.5) and near(t["search_e"], 35), t
m = r[4]   # the MCTS line: its own root metrics, SearchE from them
assert m["kind"] == "mcts" and m["problem"] == "e1" and m["difficulty"] == "easy" and m["k"] == "4", m
assert (m["ccer"], m["sfh"], m["ssc"], m["sbc"], m["tnc"], m["tmd"], m["tmf"], m["correct"]) == (2, 0, 2, 4, 25, 6, 4, False), m
assert near(m["swr"], 0.7) and near(m["scr"], 0.25) and near(m["search_e"], 30) and m["itt"] is None, m
' "$T/trees.json"

# The MCTS line read back: the same root metrics it carries, with and
# without the set (without it, the line's own values are used).
check_exit 0 "trees: an MCTS line without --set" vp metrics trees "$M/mcts.jsonl" --json
check_py "  ... round trip: the metrics are the line's" '
import sys, json
line = json.loads(open(sys.argv[2]).readline())
o = records(sys.argv[1])
assert len(o) == 1, o
o = o[0]
for a, b in (("swr", "swr"), ("sfh", "sfh"), ("scr", "scr"), ("ssc", "ssc"), ("sbc", "sbc"), ("ccer", "ccer"),
             ("tnc", "tnc"), ("tmd", "max_depth"), ("tmf", "max_branching"), ("correct", "correct")):
    assert o[a] == line[b], (a, o[a], line[b])
assert o["problem"] == line["file"] and o["k"] == "4" and o["model"] == "MCTS/UCT", o
' "$T/out" "$M/mcts.jsonl"

# With the MCTS reference built in (vp go mcts, from its own branch), its
# real lines: read back as they are, and recomputed against a set made of
# their own answer sets (joined by source file), the root metrics agree
# with the line's. Skipped where vp has no `go mcts`.
printf '(;GM[1]FF[4]SZ[9]PL[B]AW[ab][bb][cb][db][da]AB[ac][bc][cc][dc][ec][eb][ea]C[Black to kill]\n;B[ba]C[Correct.])\n' >"$T/kill.sgf"
printf '(;GM[1]FF[4]SZ[9]PL[B]AB[ca][bb][cb]AW[aa][ba]C[Black to kill];B[ab]C[Correct.])\n' >"$T/atari.sgf"
if "$VP" go mcts --help >/dev/null 2>&1 && have_python; then
    check_exit 0 "mcts: two problems, 60 playouts" vp go mcts --json -q --playouts 60 "$T/kill.sgf" "$T/atari.sgf"
    cp "$T/out" "$T/real_mcts.jsonl"
    "$PYTHON3" $PY_FLAGS -c '
import json, sys
with open(sys.argv[2], "w") as s:
    for i, line in enumerate(open(sys.argv[1])):
        o = json.loads(line)
        s.write(json.dumps({"id": "p%d" % i, "source": o["file"], "difficulty": "tiny",
                            "Solution": {"all_correct_answers": o["answers"]}}) + "\n")
' "$T/real_mcts.jsonl" "$T/real_set.jsonl"
    for with_set in no yes; do
        if [ $with_set = yes ]; then
            check_exit 0 "trees: real MCTS lines with a set" vp metrics trees --set "$T/real_set.jsonl" "$T/real_mcts.jsonl" --json
        else
            check_exit 0 "trees: real MCTS lines" vp metrics trees "$T/real_mcts.jsonl" --json
        fi
        check_py "  ... the root metrics are the line's" '
import sys, json
lines = [json.loads(l) for l in open(sys.argv[2])]
out = records(sys.argv[1])
assert len(out) == len(lines) == 2, (len(out), len(lines))
for a, b in zip(lines, out):
    for x, y in (("swr", "swr"), ("sfh", "sfh"), ("scr", "scr"), ("ssc", "ssc"), ("sbc", "sbc"), ("ccer", "ccer"),
                 ("tnc", "tnc"), ("max_depth", "tmd"), ("max_branching", "tmf"), ("correct", "correct")):
        assert a[x] == b[y] or abs(a[x] - b[y]) < 1e-12, (a["file"], x, a[x], b[y])
assert sys.argv[3] == "no" or {o["difficulty"] for o in out} == {"tiny"}, out
' "$T/out" "$T/real_mcts.jsonl" "$with_set"
    done
else
    skip "trees: real MCTS lines" "vp has no go mcts in this build"
fi

expect_bad "trees: a repeated candidate without --repair" \
    "repair.jsonl:1: nodes\[5\] \(id 5\): the move B P15 repeats node 1 under the same parent 0" \
    metrics trees "$M/repair.jsonl" --csv "$T/no.csv"
check "  ... nothing written" nothing_written "$T/no.csv"
check_exit 0 "trees: --repair" vp metrics trees "$M/repair.jsonl" --repair --json --repaired "$T/repaired.jsonl"
check "  ... each repair reported" sh -c "grep -q 'note: .*repair.jsonl:1: repaired: node 5 (B P15) merged' '$T/err' && grep -q 'repaired: node 2 (W Q16): open branch closed' '$T/err'"
check_py "  ... repaired metrics" '
import sys
o = records(sys.argv[1])[0]
assert o["repairs"] == 2 and o["tnc"] == 8 and abs(o["swr"] - 2 / 7) < 1e-9 and o["ssc"] == 2, o
' "$T/out"
cp "$T/out" "$T/repaired_metrics.json"
check_exit 0 "trees: the repaired trees read back without --repair" vp metrics trees "$T/repaired.jsonl" --json
check_py "  ... the same metrics, no repair left" '
import sys
a, b = records(sys.argv[1])[0], records(sys.argv[2])[0]
for k in ("ccer", "swr", "sfh", "scr", "ssc", "sbc", "tmd", "tmf", "tnc", "itt", "ipn", "search_e"):
    assert a[k] == b[k], (k, a[k], b[k])
assert b["repairs"] == 0, b
' "$T/repaired_metrics.json" "$T/out"
check_exit 0 "trees: --repair -q is quiet" vp metrics trees "$M/repair.jsonl" --repair -q
check "  ... no notes" test ! -s "$T/err"

check_exit 0 "trees: tables, CSV, Markdown and plots" vp metrics trees --set "$M/set.jsonl" "$M/trees.jsonl" \
    "$M/mcts.jsonl" "$M/repair.jsonl" --repair -q --group-by model,difficulty,k --csv "$T/g.csv" --md "$T/g.md" \
    --plots "$T"
cp "$T/out" "$T/tables.txt"
check "  ... a summary line" grep -q '^5 trees (1 repaired), 1 search-reference line (1 not searched, left out)' "$T/tables.txt"
check "  ... Table 3 cells K=4 | K=None" grep -q '^| m1 | easy | 2 \\| – | 100.0 \\| – | 70.3 \\| – | 98.5 \\| – |' "$T/tables.txt"
check "  ... Tables 14 and 15" sh -c "grep -q '^| SWR | 1.82 | corr. < wrong |' '$T/tables.txt' && grep -q '^| rank-heavy | 0.40/0.20/0.40 |' '$T/tables.txt'"
check "  ... the Markdown file is the report" sh -c "tail -n +3 '$T/tables.txt' | cmp -s - '$T/g.md'"
check "  ... the CSV" sh -c "grep -q '^model,difficulty,k,n,acc,search_e,token_e,swr,sfh,scr,ccer,ccer_absent,ssc,sbc,tmd,tmf,tnc,ipn,itt_k\$' '$T/g.csv' && grep -q '^MCTS/UCT,easy,4,1,0.000,30.000,,70.000,0.000,25.000,2.0000,0,2.000,4.000,6.000,4.000,25.000,,\$' '$T/g.csv'"
check "  ... the plots" sh -c "test -s '$T/effort.svg' && test -s '$T/accuracy.svg' && test -s '$T/tree-1.svg' && test -s '$T/tree-4.svg' && test ! -e '$T/tree-5.svg'"
check_py "  ... well-formed SVG" '
import sys, xml.dom.minidom
for f in sys.argv[1:]:
    d = xml.dom.minidom.parse(f)
    assert d.documentElement.tagName == "svg", f
' "$T/effort.svg" "$T/accuracy.svg" "$T/tree-1.svg" "$T/tree-2.svg"
check "  ... effort curves of trees and of the MCTS trajectory" sh -c "grep -c '<polyline' '$T/effort.svg' | grep -qx 5"

# Deterministic: the same run twice gives the same bytes.
mkdir "$T/again"
check_exit 0 "trees: the same run again" vp metrics trees --set "$M/set.jsonl" "$M/trees.jsonl" \
    "$M/mcts.jsonl" "$M/repair.jsonl" --repair -q --group-by model,difficulty,k --csv "$T/again/g.csv" --md "$T/again/g.md" \
    --plots "$T/again"
check "  ... byte-identical" sh -c "cmp -s '$T/out' '$T/tables.txt' && cmp -s '$T/g.csv' '$T/again/g.csv' && cmp -s '$T/g.md' '$T/again/g.md' && cmp -s '$T/effort.svg' '$T/again/effort.svg' && cmp -s '$T/accuracy.svg' '$T/again/accuracy.svg' && cmp -s '$T/tree-1.svg' '$T/again/tree-1.svg'"

# Bad trees and lines.
printf '{"problem": "e1", "nodes": [{"id": 0, "type": "root", "parent": null}]}\n' >"$T/t1.jsonl"
expect_bad "trees: no model" "t1.jsonl:1: field 'model': missing" metrics trees --set "$M/set.jsonl" "$T/t1.jsonl"
printf '{"problem": "e1", "model": "m", "tokens": -3, "nodes": []}\n' >"$T/t2.jsonl"
expect_bad "trees: negative tokens" "t2.jsonl:1: field 'tokens': -3 is out of range" metrics trees --set "$M/set.jsonl" "$T/t2.jsonl"
printf '{"problem": "zz", "model": "m", "nodes": []}\n' >"$T/t3.jsonl"
expect_bad "trees: a problem the set does not have" "t3.jsonl:1: field 'problem': \"zz\" is not a record" \
    metrics trees --set "$M/set.jsonl" "$T/t3.jsonl"
expect_bad "trees: no answer key at all" "t3.jsonl:1: field 'correct_moves': missing, and no --set" metrics trees "$T/t3.jsonl"
printf '{"problem": "e1", "model": "m", "nodes": [{"id": 0, "type": "root", "parent": null}, {"id": 1, "type": "judgment", "parent": 0, "polarity": "win"}]}\n' >"$T/t4.jsonl"
expect_bad "trees: a judgment under the root (beyond --repair)" "t4.jsonl:1: nodes\[1\] \(id 1\): a judgment directly under the root" \
    metrics trees --set "$M/set.jsonl" --repair "$T/t4.jsonl"
printf '{"hello": 1}\n' >"$T/t5.jsonl"
expect_bad "trees: neither a tree nor an MCTS line" "t5.jsonl:1: field 'nodes': missing" metrics trees "$T/t5.jsonl"
printf '{"file": "x.sgf", "playouts": 10, "top_move": "C3", "root_visits": {"C3": 10}, "swr": null, "sfh": null, "scr": null, "ssc": 0, "tnc": 11, "max_depth": 2, "max_branching": 1}\n' >"$T/t6.jsonl"
expect_bad "trees: an MCTS line without an answer set" "t6.jsonl:1: field 'swr': null" metrics trees "$T/t6.jsonl"
cat "$M/trees.jsonl" "$T/t4.jsonl" "$T/t1.jsonl" >"$T/mixed.jsonl"
check_exit 0 "trees: --skip-bad" vp metrics trees --set "$M/set.jsonl" --skip-bad --json "$T/mixed.jsonl"
check "  ... the good trees measured" has_lines "$T/out" 4
check "  ... two warnings and a count" sh -c "grep -c 'warning: ' '$T/err' | grep -qx 2 && grep -q '2 bad records skipped' '$T/err'"
check_exit 2 "trees: only bad records" vp metrics trees --set "$M/set.jsonl" --skip-bad "$T/t1.jsonl"
check "  ... says so" grep -q 'no tree or search-reference line to measure (all were bad)' "$T/err"

expect_bad "trees: --weights malformed" "--weights" metrics trees --weights .5,.3 "$M/trees.jsonl"
expect_bad "trees: --weights negative" "--weights" metrics trees --weights .5,-.3,.2 "$M/trees.jsonl"
expect_bad "trees: --group-by unknown key" "--group-by: 'size'" metrics trees --group-by model,size "$M/trees.jsonl"
expect_bad "trees: --plots not a directory" "--plots: .* is not an existing directory" metrics trees --plots "$T/nodir" "$M/trees.jsonl"
expect_bad "trees: no file" "no FILE given" metrics trees
expect_bad "metrics: unknown subcommand" "unknown subcommand 'graphs'" metrics graphs

check_exit 0 "trees: --weights and --group-by model" vp metrics trees --set "$M/set.jsonl" "$M/trees.jsonl" \
    --weights .4,.2,.4 --group-by model
check "  ... one row per model, weights shown" sh -c "grep -q 'SearchE weights 0.40/0.20/0.40' '$T/out' && grep -q '^| m1 | 3 | 66.7 |' '$T/out' && grep -q '^| m2 | 1 | 0.0 |' '$T/out'"

# ---- vp metrics claims -------------------------------------------------------------

check_exit 0 "claims: three graphs (JSON)" vp metrics claims --json "$M/g1.json" "$M/g2.jsonl"
check_py "  ... entropy, eta and the statistics" '
import sys
from math import log
r = records(sys.argv[1])
assert len(r) == 3, r
a, b, c = r
h = 4 / 6 * log(6) + log(3) / 3
assert abs(a["h_str"] - h) < 1e-9 and abs(a["eta"] - (log(5) - h) / (log(5) - log(3))) < 1e-9, a
assert (a["v"], a["v_sol"], a["v_ver"], a["depth"], a["diameter"], a["width"], a["restatements"]) == (5, 4, 0, 2, 2, 2, 1), a
assert a["avg_path_length"] == 1.5 and a["line"] is None and a["c_star_given"] is True, a
h = 5 / 7 * log(7) + 2 / 7 * log(3.5)
assert abs(b["h_str"] - h) < 1e-9 and b["c_star"] == 3 and b["c_star_given"] is False, b
assert (b["v_sol"], b["v_ver"], b["ver_sol_ratio"], b["depth"], b["diameter"]) == (3, 3, 1.0, 4, 4), b
assert b["line"] == 1 and c["line"] == 2, (b["line"], c["line"])
assert c["eta"] is None and c["eta_raw"] is None and c["eta_note"] == "undefined: |V| = 1", c
' "$T/out"
check_exit 0 "claims: the table and CSV" vp metrics claims "$M/g1.json" "$M/g2.jsonl" --csv "$T/claims.csv"
check "  ... one row per graph" sh -c "grep -c '^| ' '$T/out' | grep -qx 4 && grep -q 'undefined: |V| = 1' '$T/out'"
check "  ... the CSV" sh -c "has_lines() { test \$(wc -l <\"\$1\") -eq \$2; }; has_lines '$T/claims.csv' 4 && grep -q '^graph,v,edges,h_str,eta,' '$T/claims.csv'"
expect_bad "claims: a cycle names a node on it" "cycle.json:1: node [bcd] is on a cycle \([bcd] -> [bcd] -> [bcd] -> [bcd]\)" \
    metrics claims "$M/cycle.json" "$M/g1.json" --csv "$T/no2.csv"
check "  ... nothing written" nothing_written "$T/no2.csv"
check_exit 0 "claims: --skip-bad" vp metrics claims --skip-bad --json "$M/cycle.json" "$M/g1.json"
check "  ... one graph measured, one skipped" sh -c "test \$(wc -l <'$T/out') -eq 1 && grep -q '1 bad record skipped' '$T/err'"
printf '{"nodes": [{"id": 1, "label": "correct"}], "edges": [{"from": 1, "to": 9}]}\n' >"$T/g.json"
expect_bad "claims: an edge to nowhere" "g.json:1: edges\[0\]: field 'to': no node has id 9" metrics claims "$T/g.json"
expect_bad "claims: no file" "no GRAPH file given" metrics claims

finish cli_metrics

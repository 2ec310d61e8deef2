#!/bin/sh
# ref_ttt.sh: vp's enumeration against the independent Python reference of
# Algorithm 1 (bench/ref_ttt.py): every count and every question (cells,
# verdict, answers), for both fork rules, on the game sizes that the slow
# reference covers in seconds.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

need_python ref_ttt "the reference"

REF="$top_srcdir/bench/ref_ttt.py"
for rule in lines cells; do
    for spec in oTTT:0,1,2,3,4,5,6,7,8,9 cTTT:4,5,6,7,8,9,10 dTTT:5,6,7; do
        game=${spec%%:*}
        ns=${spec#*:}
        vp ttt enumerate --game "$game" --moves "$ns" --fork-rule "$rule" --list --json >"$T/vp.jsonl"
        "$PYTHON3" "$REF" --game "$game" --moves "$ns" --fork-rule "$rule" --answers >"$T/ref.jsonl"
        check_py "$game N=$ns --fork-rule $rule: counts and questions equal the reference" '
import json, sys
def split(path):
    summaries, questions = [], []
    for line in open(path):
        o = json.loads(line)
        (summaries if "positions" in o else questions).append(o)
    return summaries, questions
vs, vq = split(sys.argv[1])
rs, rq = split(sys.argv[2])
keys = ("game", "moves", "positions", "sequences", "filtered", "questions", "verdicts")
assert [[s[k] for k in keys] for s in vs] == [[s[k] for k in keys] for s in rs], (vs, rs)
norm = lambda qs: sorted((q["white"], q["black"], q["verdict"], q["answers"]) for q in qs)
assert norm(vq) == norm(rq), "question lists differ"
assert len(vq) == sum(s["questions"] for s in vs)
' "$T/vp.jsonl" "$T/ref.jsonl"
    done
done
finish ref_ttt

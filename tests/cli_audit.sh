#!/bin/sh
# cli_audit.sh: `vp go audit` on the fixtures of tests/audit/: the good set
# (three problems, nine variants) passes, plain and gzip, with and without
# df-pn, at any thread count; each broken copy fails with the message of
# its check and no other; the option audit's CSV and Markdown agree with
# each other and do not depend on --threads; usage errors.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

A="$top_srcdir/tests/audit"

check_exit 0 "the good set passes" vp go audit -q "$A/good.jsonl"
cp "$T/out" "$T/good.out"
check "  ... 12 records, 3 originals, 9 variants, df-pn on all" \
    grep -q "^audit: .*good.jsonl: 12 records (3 originals, 9 variants), [0-9]* checks run, df-pn on 12 (nodes: each record's budget)$" "$T/good.out"
check "  ... all checks passed, nothing else" sh -c "has_lines() { [ \$(wc -l <\"\$1\") -eq \$2 ]; }; has_lines '$T/good.out' 2 && grep -qx 'all checks passed' '$T/good.out'"

gzip -c "$A/good.jsonl" >"$T/good.jsonl.gz"
check_exit 0 "the same set gzipped passes" vp go audit -q "$T/good.jsonl.gz"
check "  ... the same counts" sh -c "sed 's/^audit: [^:]*: //' '$T/out' >'$T/a'; sed 's/^audit: [^:]*: //' '$T/good.out' >'$T/b'; cmp -s '$T/a' '$T/b'"

check_exit 0 "--no-solve: the static checks only" vp go audit -q --no-solve "$A/good.jsonl"
check "  ... says df-pn was not run, fewer checks" sh -c "grep -q 'df-pn not run (--no-solve' '$T/out' && \
    n1=\$(sed -n 's/.* \([0-9]*\) checks run.*/\1/p' '$T/out') && n2=\$(sed -n 's/.* \([0-9]*\) checks run.*/\1/p' '$T/good.out') && [ \$n1 -lt \$n2 ]"

check_exit 0 "--nodes given" vp go audit -q --nodes 300000 "$A/good.jsonl"
check "  ... named in the summary" grep -q "df-pn on 12 (nodes: --nodes)" "$T/out"
check_exit 1 "--nodes 50: too few to prove the ko problem" vp go audit -q --nodes 50 "$A/good.jsonl"
check "  ... unknown within 50 nodes" grep -q "cho-elementary-0008: solver: df-pn: unknown within 50 nodes" "$T/out"

# Each broken copy: exit 1, the summary's failure counts exactly, and the
# message that names the defect.
broken() {
    _file=$1
    _summary=$2
    _msg=$3
    check_exit 1 "broken: $_file" vp go audit -q "$A/$_file"
    check "  ... $_summary" grep -qxF "$_summary" "$T/out"
    check "  ... $_msg" grep -qF "$_msg" "$T/out"
}
broken grid.jsonl "FAILED: 1 failure in 1 record: grid 1" \
    "grid.jsonl:1: cho-elementary-0009: grid: the grid disagrees with the stone lists at 1 point: grid[18][18] (T1) is black, the lists say empty"
broken occupied.jsonl "FAILED: 2 failures in 1 record: options 1 solver 1" \
    "occupied.jsonl:1: cho-elementary-0009: options: option D (A18) is occupied"
broken distractor.jsonl "FAILED: 2 failures in 1 record: solver 2" \
    "distractor.jsonl:1: cho-elementary-0009: solver: distractor C (E19) is proven correct"
check "  ... and the accepted set df-pn proves" grep -qF "solver: df-pn proves B19 E19, Solution.all_correct_answers is B19" "$T/out"
broken second-correct.jsonl "FAILED: 1 failure in 1 record: answers 1" \
    "cho-elementary-0009: answers: option C (E19) is an accepted answer too: a second correct option"
broken unmapped.jsonl "FAILED: 8 failures in 1 record: answers 3 lines 1 variant 2 solver 2" \
    "unmapped.jsonl:2: cho-elementary-0009.rot90: variant: Solution.all_correct_answers is B19 E19, the original's through rot90 is A2 A5"
broken relabel.jsonl "FAILED: 3 failures in 1 record: answers 2 variant 1" \
    "relabel.jsonl:2: cho-elementary-0009.relabel: variant: Solution.correct_option B is D19; the correct coordinate B19 has another label"
broken shuffle.jsonl "FAILED: 2 failures in 1 record: variant 2" \
    "cho-elementary-0009.shuffle: variant: option A is D19, the original's through shuffle is C19"
broken invert.jsonl "FAILED: 2 failures in 1 record: definition 1 variant 1" \
    "cho-elementary-0009.invert: variant: Question.to_play is B, the original's through invert is W"
broken orphan.jsonl "FAILED: 1 failure in 1 record: variant 1" \
    "orphan.jsonl:1: cho-elementary-0004.rot180: variant: variant_of 'cho-elementary-0004': no record of the set has this id"
check "  ... its own checks and df-pn still run" grep -q "orphan.jsonl: 1 record (0 originals, 1 variant), 12 checks run, df-pn on 1 " "$T/out"
broken truncated.jsonl "FAILED: 1 failure in 1 record: json 1" \
    "truncated.jsonl:2: -: json: not JSON ("
broken badjson.jsonl "FAILED: 1 failure in 1 record: json 1" \
    "badjson.jsonl:2: -: json: not JSON ("
check "  ... the record after it is still audited" grep -q "badjson.jsonl: 3 records (2 originals, 0 variants), .* df-pn on 2 " "$T/out"
broken coord.jsonl "FAILED: 2 failures in 1 record: coord 2" \
    "coord.jsonl:1: cho-elementary-0009: coord: field 'Question.black[0]': \"I15\": there is no column I"
check "  ... and the point off the board" grep -qF "coord: field 'Question.region[18]': \"U19\": column U is beyond" "$T/out"
broken overlap.jsonl "FAILED: 1 failure in 1 record: stones 1" \
    "cho-elementary-0004: stones: points in both Question.black and Question.white: A18"
broken edge.jsonl "FAILED: 1 failure in 1 record: definition 1" \
    "edge.jsonl:1: cho-elementary-0150: definition: 1 defender stone on the region's edge (E17): the frame encloses it"
# the edge stones break the builder's policy, not the definition: df-pn
# still checks the record's answers
check "  ... df-pn still runs on it" grep -q "edge.jsonl: 1 record (1 original, 0 variants), [0-9]* checks run, df-pn on 1 " "$T/out"
broken lines.jsonl "FAILED: 2 failures in 1 record: lines 2" \
    "cho-elementary-0009: lines: Solution.main_line move 2: B18 is occupied (B19 B18)"
check "  ... and the refutation" grep -qF "lines: Solution.refutations.A19 does not start with its key" "$T/out"
# a record an older build wrote: C19's refutation reply F19 lets Black
# live by ko (the line came from the first pass, before commit ffd754f)
broken reply.jsonl "FAILED: 1 failure in 1 record: replies 1" \
    "reply.jsonl:1: cho-elementary-0008: replies: distractor D (C19): after the refutation's reply F19 the side to play succeeds by ko"
check_exit 0 "--no-replies: the record passes without that check" vp go audit -q --no-replies "$A/reply.jsonl"
check "  ... one check fewer" grep -q "reply.jsonl: 1 record (1 original, 0 variants), 10 checks run, df-pn on 1 " "$T/out"
broken schema.jsonl "FAILED: 2 failures in 1 record: schema 2" \
    "cho-elementary-0009: schema: field 'Solution.ko' is missing"
check "  ... and the side to play" grep -qF "schema: field 'Question.to_play': 'X' is neither B nor W" "$T/out"
broken dupid.jsonl "FAILED: 1 failure in 1 record: schema 1" \
    "dupid.jsonl:2: cho-elementary-0009: schema: id 'cho-elementary-0009' repeats line 1"
broken format.jsonl "FAILED: 2 failures in 2 records: schema 2" \
    "format.jsonl:1: -: schema: field 'format': \"vitalpoint-ttt-question\" is not vitalpoint-tsumego-record"
check "  ... and a later version" grep -qF "format.jsonl:2: -: schema: field 'format_version': expected 1" "$T/out"

# Every fixture at once: the same report on one thread and on three.
{
    cat "$A/good.jsonl"
    sed 's/"id": "cho-elementary-0009"/"id": "broken-a"/' "$A/distractor.jsonl"
    sed 's/"id": "cho-elementary-0009"/"id": "broken-b"/' "$A/grid.jsonl"
    sed 's/"id": "cho-elementary-0009"/"id": "broken-c"/' "$A/lines.jsonl"
} >"$T/mixed.jsonl"
check_exit 1 "a mixed set, one thread" vp go audit -q -t 1 "$T/mixed.jsonl"
cp "$T/out" "$T/mixed1"
check_exit 1 "a mixed set, three threads" vp go audit -q --threads 3 "$T/mixed.jsonl"
check "  ... the same report" cmp "$T/out" "$T/mixed1"
check "  ... failures in the three broken records" grep -qx "FAILED: 5 failures in 3 records: grid 1 lines 2 solver 2" "$T/mixed1"

# The option audit.
check_exit 0 "--options: Tables 5 and 6" vp go audit -q --options "$T/opt" "$A/good.jsonl"
check "  ... PREFIX.csv and PREFIX.md" test -s "$T/opt.csv" -a -s "$T/opt.md"
check "  ... the CSV header and 15 rows (12 options, 3 accepted moves that are not options)" sh -c "
    head -1 '$T/opt.csv' | grep -qx 'id,option,coord,role,distance,first_open,first_restricted' && [ \$(wc -l <'$T/opt.csv') -eq 16 ]"
check_py "  ... Table 5 recounted from the CSV, Table 6 rows the same" '
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
md = open(sys.argv[2]).read()
def cell(name):
    m = re.search(r"^\| " + re.escape(name) + r" \| ([^|]+) \|", md, re.M)
    assert m, name
    return m.group(1).strip()
opts = [r for r in rows if r["option"] != "-"]
dis = [r for r in opts if r["role"] == "distractor"]
extra = [r for r in rows if r["role"] == "equiv. correct"]
assert cell("Problems") == "3", cell("Problems")
assert cell("Final option entries") == str(len(opts)) == "12"
assert cell("Accepted-answer entries") == "3" and all(r["role"] == "correct" for r in opts if r not in dis)
assert cell("Non-correct option entries") == str(len(dis)) == "9"
ho = sum(r["first_open"] != "-" for r in dis); hr = sum(r["first_restricted"] != "-" for r in dis)
assert cell("Covered by open-root MCTS/UCT") == "%d/9" % ho, cell("Covered by open-root MCTS/UCT")
assert cell("Covered by restricted-root MCTS/UCT") == "%d/9" % hr
assert cell("Extra equivalent correct moves") == "3" and len(extra) == 3
assert cell("Equiv. correct visited by open-root MCTS/UCT") == "%d/3" % sum(r["first_open"] != "-" for r in extra)
for r in rows:
    for k in ("first_open", "first_restricted"):
        assert r[k] == "-" or 1 <= int(r[k]) <= 30, r
    assert r["role"] != "equiv. correct" or r["first_restricted"] == "-", r
    line = "| %s | %s | %s | %s | %s | %s | %s |" % (r["id"], r["option"], r["coord"], r["role"], r["distance"],
                                                    r["first_open"], r["first_restricted"])
    assert line in md, line
e19 = [r for r in rows if r["id"] == "cho-elementary-0009" and r["coord"] == "E19"]
assert e19 and e19[0]["role"] == "equiv. correct" and e19[0]["distance"] == "3.00", e19
assert "KataGo" in md and "not available" in md
' "$T/opt.csv" "$T/opt.md"
check_exit 0 "--options on two threads" vp go audit -q -t 2 --options "$T/opt2" "$A/good.jsonl"
check "  ... byte-identical tables" sh -c "cmp '$T/opt.csv' '$T/opt2.csv' && cmp '$T/opt.md' '$T/opt2.md'"
check_exit 0 "--budget 1 --seed 5" vp go audit -q --no-solve --budget 1 --seed 5 --options "$T/opt3" "$A/good.jsonl"
check "  ... every first visit is playout 1 or none; one restricted option per problem" sh -c "
    [ \$(tail -n +2 '$T/opt3.csv' | cut -d, -f6,7 | grep -v '^[-1],[-1]\$' | wc -l) -eq 0 ] &&
    [ \$(tail -n +2 '$T/opt3.csv' | cut -d, -f7 | grep -c '^1\$') -eq 3 ]"

# A set built by vp go build from four bundled problems (one answered by a
# ko, one with two correct first moves), with every transform: the audit
# finds nothing, with df-pn and the option audit; variants whose transform
# names are swapped are caught.
D="$top_srcdir/data/tsumego/cho-chikun-encyclopedia-life-and-death-elementary"
if [ -f "$D/Prob0661.json" ]; then
    check_exit 0 "vp go build: four problems, eight transforms" vp go build -q -o "$T/built.jsonl.gz" \
        --transforms rot90,rot180,rot270,flip-h,flip-v,invert,relabel,shuffle \
        "$D/Prob0001.json" "$D/Prob0031.json" "$D/Prob0391.json" "$D/Prob0661.json"
    check_exit 0 "  ... the built set audits clean" vp go audit -q --options "$T/built" "$T/built.jsonl.gz"
    check "  ... 36 records (4 originals, 32 variants), df-pn on all" \
        grep -q "built.jsonl.gz: 36 records (4 originals, 32 variants), [0-9]* checks run, df-pn on 36 " "$T/out"
    check "  ... all checks passed" grep -qx "all checks passed" "$T/out"
    check "  ... Table 6: 16 options and one equivalent correct move" sh -c "
        [ \$(tail -n +2 '$T/built.csv' | grep -c ',correct,') -eq 4 ] &&
        [ \$(tail -n +2 '$T/built.csv' | grep -c ',distractor,') -eq 12 ] &&
        [ \$(tail -n +2 '$T/built.csv' | grep -c ',equiv. correct,') -eq 1 ]"
    gzip -dc "$T/built.jsonl.gz" | sed 's/flip-h/flip-x/g; s/flip-v/flip-h/g; s/flip-x/flip-v/g' >"$T/swapped.jsonl"
    check_exit 1 "  ... flip-h and flip-v variants with their names swapped are caught" \
        vp go audit -q --no-solve "$T/swapped.jsonl"
    check "  ... as variant failures of those 8 records only" \
        grep -q "^FAILED: [0-9]* failures in 8 records: variant [0-9]*\$" "$T/out"
else
    skip "vp go build and audit" "no bundled data/tsumego"
fi

# Bad usage and bad input: exit 2, nothing written.
check_exit 2 "no SET" vp go audit
check_exit 2 "two SETs" vp go audit "$A/good.jsonl" "$A/grid.jsonl"
check_exit 2 "a missing file" vp go audit "$T/none.jsonl"
check "  ... named" grep -q "none.jsonl: cannot open" "$T/err"
: >"$T/empty.jsonl"
check_exit 2 "an empty set" vp go audit "$T/empty.jsonl"
check "  ... no records" grep -q "empty.jsonl: no records" "$T/err"
check_exit 2 "--budget without --options" vp go audit --budget 5 "$A/good.jsonl"
check_exit 2 "--budget 0" vp go audit --budget 0 --options "$T/x" "$A/good.jsonl"
check_exit 2 "--nodes with --no-solve" vp go audit --nodes 5 --no-solve "$A/good.jsonl"
check_exit 2 "an unknown option" vp go audit --frobnicate "$A/good.jsonl"
check_exit 2 "--options into a missing folder" vp go audit -q --no-solve --options "$T/no/such/dir/p" "$A/good.jsonl"
check "  ... no table written" sh -c "! ls '$T/no' 2>/dev/null"
check_exit 0 "--help" vp go audit --help
check "  ... names --no-solve and --options" sh -c "grep -q -- '--no-solve' '$T/out' && grep -q -- '--options PREFIX' '$T/out'"

finish cli_audit

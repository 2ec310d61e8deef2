#!/bin/sh
# solve_stats.sh: bench/solve_stats.py, the summary of `vp go solve --json`
# runs that bench/RESULTS.md quotes, on two small hand-made runs: the main
# table, --speed (problems within 50 ms and at their clock's or node
# budget's limit, nodes per second, mean region), --by-space (the table by
# empty points in the region, read from the problem files), --compare (each problem's class before and
# after, and the first moves the two runs settled differently in problems
# defined the same), --owl (GNU Go's owl records side by side), --longer
# (the run at a longer clock or node budget, composed from records run
# there, and compositions chained; --to-rerun), a line
# that is not JSON (named by file and line, exit 1) and an unknown option.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

need_python solve_stats "the script"
S="$top_srcdir/bench/solve_stats.py"

# three problems: a proved book move, a ko answer, an unknown; in cC two
# whose first move the runs settle differently, p5 in another region
rec() { # FILE STATUS FIRST KO REFUTED BOOK NODES SECONDS [REGION]
    printf '{"file":"d/%s/%s","status":"%s","goal":"live","first_moves":[%s],"ko_moves":[%s],"refutations":{%s},"book":"%s","region":[%s],"nodes":%s,"seconds":%s}\n' \
        "${1%/*}" "${1#*/}" "$2" "$3" "$4" "$5" "$6" "${9:-\"A1\",\"B1\",\"C1\",\"D1\"}" "$7" "$8"
}
{
    rec cA/p1.json proved '"B2"' '' '' B2 1000 0.01
    rec cA/p2.json ko '' '"C3"' '' C3 200000 0.8
    rec cB/p3.json unknown '' '' '"D4":["D4","E4"]' D4 2500000 10.0
    rec cC/p4.json proved '"E5"' '' '' A2 1000 0.01
    rec cC/p5.json proved '"F6"' '' '' A2 1000 0.01
} >"$T/old.jsonl"
{
    rec cA/p1.json proved '"B2"' '' '' B2 1000 0.02
    rec cA/p2.json proved '"C3"' '' '' C3 150000 0.5
    rec cB/p3.json disproved '' '' '"D4":["D4","E4"]' D4 2400000 9.95
    rec cC/p4.json disproved '' '' '"E5":["E5","F5"]' A2 1000 0.01
    rec cC/p5.json disproved '' '' '"F6":["F6","G6"]' A2 1000 0.01 '"A1","B1","C1","D1","E1"'
} >"$T/new.jsonl"

run "$PYTHON3" "$S" "$T/new.jsonl" --speed --compare "$T/old.jsonl"
check "exit 0" test "$rc" = 0
check "main table: collection cA, 2 proved, book move proven in both" \
    grep -qF '| cA | 2 | 2 | 0 | 0 | 0 | 2 (100.0%) | 0 | 2 (100.0%) |' "$T/out"
check "--speed: cA has one problem within 50 ms, 151000 nodes in 0.52 s" \
    grep -qF '| cA | 2 | 1 | 0 | 151000 | 0.5 | 290385 | 4.0 |' "$T/out"
check "--speed: cB's problem, 9.95 s with no clock recorded, is not counted at the limit" \
    grep -qF '| cB | 1 | 0 | 0 | 2400000 | 9.9 | 241206 | 4.0 |' "$T/out"
check "--compare: bookko -> book counted" grep -qxF '| bookko | book | 1 |' "$T/out"
check "--compare: a refuted book move stays bookref" grep -qxF '| bookref | bookref | 1 |' "$T/out"
check "--compare: p2 listed as changed" grep -qF -- '- cA/p2.json (live): bookko -> book; proven - -> C3' "$T/out"
check "--compare: p1 not listed" sh -c '! grep -qF -- "- cA/p1.json" "$1"' sh "$T/out"
check "--compare: 2 of the 4 moves settled in both problems defined the same differ (p5 apart)" \
    grep -qxF 'First moves settled differently, in the 4 problems defined the same in both runs: 2 of 4 settled in both' "$T/out"
check "--compare: p2's C3, a ko before, proven now" grep -qxF -- '- cA/p2.json (live): C3 ko -> proved' "$T/out"
check "--compare: p4's E5, proven before, refuted now" grep -qxF -- '- cC/p4.json (live): E5 proved -> refuted' "$T/out"
check "--compare: p5's F6 not compared (another region)" sh -c '! grep -qF -- "F6 proved" "$1"' sh "$T/out"
check "records without search options: said so" grep -qxF 'Search options: not recorded' "$T/out"
check "records without search options: no difference claimed" sh -c '! grep -qF "search options differ" "$1"' sh "$T/out"

# --by-space: two readable JSON problems (2 and 10 empty points in their
# regions) and a record whose file is missing
mkdir -p "$T/sp"
printf '{"SZ": "19", "AB": ["as", "bs"], "AW": ["ar"]}\n' >"$T/sp/q1.json"
printf '{"SZ": "19", "AB": ["ss"]}\n' >"$T/sp/q2.json"
{
    printf '{"file":"%s","status":"proved","goal":"live","first_moves":["C1"],"ko_moves":[],"refutations":{},"book":"C1","region":["A1","B1","C1","D1"],"nodes":10,"seconds":0.01}\n' "$T/sp/q1.json"
    printf '{"file":"%s","status":"unknown","goal":"kill","first_moves":[],"ko_moves":[],"refutations":{},"book":"E2","region":["A1","B1","C1","D1","E1","A2","B2","C2","D2","E2"],"nodes":9,"seconds":9.85,"search":{"time_limit":10.0,"nodes":0}}\n' "$T/sp/q2.json"
    printf '{"file":"%s","status":"ko","goal":"live","first_moves":[],"ko_moves":["B1"],"refutations":{},"book":"B1","region":["A1","B1"],"nodes":9,"seconds":0.5}\n' "$T/sp/none.json"
} >"$T/space.jsonl"
run "$PYTHON3" "$S" "$T/space.jsonl" --by-space
check "--by-space: exit 0" test "$rc" = 0
check "--by-space: q1's 2 empty points (A1, B1 and A2 hold stones, the region is row 1)" \
    grep -qxF '| 0-7 | 1 | 1 (100.0%) | 0 | 0.010 | 0 |' "$T/out"
check "--by-space: q2's 10 empty points, unknown at the limit (9.85 s of a 10 s clock)" \
    grep -qxF '| 8-11 | 1 | 0 (0.0%) | 1 | 9.850 | 1 |' "$T/out"
check "--by-space: the missing file counted apart, its ko answer agreeing" \
    grep -qxF '| unreadable | 1 | 1 (100.0%) | 0 | 0.500 | 0 |' "$T/out"
check "--by-space: no empty band printed" sh -c '! grep -qF "| 12-15 |" "$1"' sh "$T/out"


# the search options: one value, or mixed; a difference between two runs
opt() { printf '{"file":"d/cA/%s","status":"proved","goal":"live","first_moves":["B2"],"ko_moves":[],"refutations":{},"book":"B2","nodes":5,"seconds":0.01,"search":{"time_limit":10.0,"nodes":%s,"first":%s,"first_from":"book"}}\n' "$1" "$2" "$3"; }
{ opt p1.json 20000 '["B2"]'; opt p2.json 20000 null
  printf '{"file":"d/cA/p3.json","status":"unknown","book":null,"reason":"no target"}\n'; } >"$T/o1.jsonl"
{ opt p1.json 20000 '["B2"]'; opt p2.json 30000 null; } >"$T/o2.jsonl"
run "$PYTHON3" "$S" "$T/o1.jsonl" --compare "$T/o2.jsonl"
check "search options: one value each (the first moves, a file's own, left out; an undefined problem not counted)" \
    grep -qxF 'Search options: time_limit 10.0, nodes 20000, first_from book' "$T/out"
check "search options: the runs' difference said" \
    grep -qxF "The runs' search options differ: before, time_limit 10.0, nodes mixed, first_from book; now, time_limit 10.0, nodes 20000, first_from book" "$T/out"

# --owl: GNU Go's records (bench/owl_bench.py --out) beside the solver's,
# matched by directory and file name: p1 both agree, p2 the solver only,
# p3 GNU Go only (with a later book move), p4 and p5 without a record
{
    printf '{"file":"cA/p1.json","collection":"cA","agrees":true,"agrees_first":true}\n'
    printf '{"file":"cA/p2.json","collection":"cA","agrees":false,"agrees_first":false}\n'
    printf '{"file":"cB/p3.json","collection":"cB","agrees":true,"agrees_first":false}\n'
} >"$T/owl.jsonl"
run "$PYTHON3" "$S" "$T/new.jsonl" --owl "$T/owl.jsonl"
check "--owl: exit 0" test "$rc" = 0
check "--owl: cA, both agree on p1, the solver alone on p2" \
    grep -qxF '| cA | 2 | 2 (100.0%) | 1 (50.0%) | 1 (50.0%) | 1 | 1 | 0 | 0 |' "$T/out"
check "--owl: cB, GNU Go alone, with a later book move" \
    grep -qxF '| cB | 1 | 0 (0.0%) | 1 (100.0%) | 0 (0.0%) | 0 | 0 | 1 | 0 |' "$T/out"
check "--owl: cC, no GNU Go record" grep -qxF '| cC | 2 | 0 (0.0%) | 0 (0.0%) | 0 (0.0%) | 0 | 0 | 0 | 2 |' "$T/out"
check "--owl: all" grep -qxF '| all | 5 | 2 (40.0%) | 2 (40.0%) | 1 (20.0%) | 1 | 1 | 1 | 2 |' "$T/out"
run "$PYTHON3" "$S" "$T/new.jsonl" --owl
check "--owl without its file: exit 1, said in one line, no table" \
    sh -c 'test "$1" = 1 && grep -qxF "solve_stats.py: --owl needs a file" "$2" && test ! -s "$3"' sh "$rc" "$T/err" "$T/out"
run "$PYTHON3" "$S" "$T/new.jsonl" --speed --spede
check "an unknown option: exit 1, named in one line, no table (once ignored)" \
    sh -c 'test "$1" = 1 && grep -qxF "solve_stats.py: unrecognized arguments: --spede" "$2" && test ! -s "$3"' sh "$rc" "$T/err" "$T/out"
printf '{"file":"cA/p1.json"\n' >"$T/badowl.jsonl"
run "$PYTHON3" "$S" "$T/new.jsonl" --owl "$T/badowl.jsonl"
check "--owl: a bad line, exit 1, named by file and line, no partial table" \
    sh -c 'test "$1" = 1 && grep -qF "$2:1: not JSON" "$3" && test ! -s "$4"' sh "$rc" "$T/badowl.jsonl" "$T/err" "$T/out"

# --longer: the run at a longer clock, composed. The run (10 s, 20,000
# nodes): q1 ended early (kept), q2 took 6 s (replaced by its 240 s
# record), q3 reached the limit and q4 used more than half the nodes (not
# covered: the caps may have cut their search). q5 was widened after a
# disproof in its 240 s record: compared on its inferred region.
lrec() { # NAME STATUS BOOK-PROVEN SECONDS NODES TIME-LIMIT NODE-BUDGET [REGION [EXTRA]]
    printf '{"file":"d/cL/%s.json","status":"%s","goal":"kill","to_play":"B","rules":"chinese","target":["A2"],"region":[%s],"first_moves":[%s],"ko_moves":[],"refutations":{},"book":"B1","nodes":%s,"seconds":%s,"search":{"time_limit":%s,"nodes":%s}%s}\n' \
        "$1" "$2" "${8:-\"A1\",\"B1\"}" "$3" "$5" "$4" "$6" "$7" "$9"
}
{ lrec q1 proved '"B1"' 0.1 900 10.0 20000; lrec q2 unknown '' 6.0 9000 10.0 20000
  lrec q3 unknown '' 9.9 9000 10.0 20000; lrec q4 proved '"B1"' 3.0 12000 10.0 20000
  lrec q5 disproved '' 0.2 800 10.0 20000; } >"$T/short.jsonl"
{ lrec q2 proved '"B1"' 100.0 900000 240.0 0
  lrec q5 proved '"B1"' 239.5 900000 240.0 0 '"A1","B1","C1"' ',"inferred":{"region":"widened"},"inferred_region":["B1","A1"]'; } >"$T/long.jsonl"
run "$PYTHON3" "$S" "$T/short.jsonl" --longer "$T/long.jsonl"
check "--longer: exit 0" test "$rc" = 0
check "--longer: 2 records from the longer run, 1 kept, 2 not covered" \
    grep -qF 'At the longer budget (240 s): 2 records from the longer runs, 1 kept from the run (' "$T/out"
check "--longer: ... and 2 not covered" grep -qF ", 2 not covered (their records stand" "$T/out"
check "--longer: q3 named, at the run's limit" grep -qxF -- '- not covered: cL/q3.json: unknown, 9.9 s' "$T/out"
check "--longer: q4 named, past half the node budget" grep -qxF -- '- not covered: cL/q4.json: proved, 3.0 s' "$T/out"
check "--longer: q3 and q5 at their limit, q2 and q5 longer than 10 s" \
    grep -qxF 'At their budget'"'"'s limit (97% of the clock or of the node budget, or more): 2; longer than 10 s: 2.' "$T/out"
check "--longer: the table of the composed run (4 proved, the book move in 4, median 9.9 s, max 239.5 s)" \
    grep -qxF '| all | 5 | 4 | 0 | 0 | 1 | 4 (80.0%) | 0 | 4 (80.0%) | 0 | 0 | 9.900 | 239.500 | 239.500 |' "$T/out"
# refused LABEL RUN LONG TEXT: --longer LONG on RUN exits 1 with TEXT
# (after the file's name) on stderr and prints no table
refused() {
    run "$PYTHON3" "$S" "$2" --longer "$3"
    check "--longer: $1: exit 1, named, no table" \
        sh -c 'test "$1" = 1 && grep -qF "$2$3" "$4" && test ! -s "$5"' sh "$rc" "$3" "$4" "$T/err" "$T/out"
}
lrec q2 proved '"B1"' 9.0 900 10.0 20000 >"$T/notlonger.jsonl"
refused "a record with no longer clock" "$T/short.jsonl" "$T/notlonger.jsonl" ": cL/q2.json: not a longer budget"
lrec q2 proved '"B1"' 90.0 900 240.0 0 '"A1","C1"' >"$T/otherdef.jsonl"
refused "another definition" "$T/short.jsonl" "$T/otherdef.jsonl" ": cL/q2.json is defined differently"
# a longer clock but a smaller node budget, and a shorter clock with more
# nodes: neither is a larger budget
lrec q2 proved '"B1"' 90.0 900 240.0 10000 >"$T/fewer.jsonl"
refused "a longer clock with fewer nodes" "$T/short.jsonl" "$T/fewer.jsonl" ": cL/q2.json: not a longer budget"
lrec q2 proved '"B1"' 5.0 900 5.0 0 >"$T/shorter.jsonl"
refused "a shorter clock with no node budget" "$T/short.jsonl" "$T/shorter.jsonl" ": cL/q2.json: not a longer budget"
# a run at a fixed node budget (no clock), composed at a larger one: n1
# ended before half its 5,000 nodes (kept), n2 after (not covered), n3 at
# the budget (replaced by its 50,000-node record, which used 97% of it)
{ lrec n1 proved '"B1"' 0.5 2000 0 5000; lrec n2 proved '"B1"' 1.0 3000 0 5000
  lrec n3 unknown '' 2.0 5000 0 5000; } >"$T/n5.jsonl"
lrec n3 proved '"B1"' 20.0 49000 0 50000 >"$T/n50.jsonl"
run "$PYTHON3" "$S" "$T/n5.jsonl" --longer "$T/n50.jsonl"
check "--longer, node budgets: exit 0" test "$rc" = 0
check "--longer, node budgets: 1 record from the longer run, 1 kept, 1 not covered" \
    grep -qF 'At the longer budget (50000 nodes): 1 records from the longer runs, 1 kept from the run (' "$T/out"
check "--longer, node budgets: n2 named, past half the node budget" grep -qxF -- '- not covered: cL/n2.json: proved, 1.0 s' "$T/out"
check "--longer, node budgets: n3 at its node budget's limit" \
    grep -qxF 'At their budget'"'"'s limit (97% of the clock or of the node budget, or more): 1; longer than 10 s: 1.' "$T/out"
check "--longer, node budgets: every book move proven" grep -qF '| all | 3 | 3 | 0 | 0 | 0 | 3 (100.0%) |' "$T/out"
# compositions chain: n2 at 50,000 nodes ended before half of them, so it
# stands at 100,000, where n3 (at its limit at 50,000) was run again
{ lrec n2 proved '"B1"' 3.0 10000 0 50000; lrec n3 unknown '' 20.0 50000 0 50000; } >"$T/n50c.jsonl"
lrec n3 proved '"B1"' 30.0 60000 0 100000 >"$T/n100c.jsonl"
run "$PYTHON3" "$S" "$T/n5.jsonl" --longer "$T/n50c.jsonl" --longer "$T/n100c.jsonl"
check "--longer twice: exit 0" test "$rc" = 0
check "--longer twice: at the larger budget, n2 standing from the smaller, n1 kept" \
    grep -qF 'At the longer budget (100000 nodes): 2 records from the longer runs (1 of them at a smaller budget, which they ended before half of), 1 kept from the run (' "$T/out"
check "--longer twice: every problem covered" grep -qF ', 0 not covered (' "$T/out"
check "--longer twice: every book move proven" grep -qF '| all | 3 | 3 | 0 | 0 | 0 | 3 (100.0%) |' "$T/out"
# --to-rerun: the files of the records that did not end before half their
# budget, and nothing else: n2 and n3 of the run; n3 alone of the chain
run "$PYTHON3" "$S" "$T/n5.jsonl" --to-rerun
check "--to-rerun: exit 0" test "$rc" = 0
check "--to-rerun: n2 and n3, one a line, no table" sh -c 'test "$(cat "$1")" = "$(printf "d/cL/n2.json\nd/cL/n3.json")"' sh "$T/out"
run "$PYTHON3" "$S" "$T/n5.jsonl" --longer "$T/n50c.jsonl" --longer "$T/n100c.jsonl" --to-rerun
check "--to-rerun after a chain: n3 alone (60,000 of its 100,000 nodes)" \
    sh -c 'test "$(cat "$1")" = d/cL/n3.json' sh "$T/out"
# ... but a record at the smaller budget that used more than half of it is
# no record at the larger one
lrec n2 proved '"B1"' 3.0 30000 0 50000 >"$T/n50d.jsonl"
run "$PYTHON3" "$S" "$T/n5.jsonl" --longer "$T/n50d.jsonl" --longer "$T/n100c.jsonl"
check "--longer twice: n2 past half the smaller budget, not covered" \
    grep -qxF -- '- not covered: cL/n2.json: proved, 3.0 s' "$T/out"
check "--longer twice: ... counted so" \
    grep -qF 'At the longer budget (100000 nodes): 1 records from the longer runs, 1 kept from the run (they ended before half its budget, so the same search runs under a larger one), 1 not covered (' "$T/out"
lrec n3 proved '"B1"' 2.0 5000 10.0 5000 >"$T/n5clock.jsonl"
refused "the same nodes under a clock is no larger budget" "$T/n5.jsonl" "$T/n5clock.jsonl" ": cL/n3.json: not a longer budget"
lrec q9 proved '"B1"' 90.0 900 240.0 0 >"$T/stranger.jsonl"
refused "a problem not in the run" "$T/short.jsonl" "$T/stranger.jsonl" ": cL/q9.json is not in"

printf '{"file":"d/cA/p1.json"\n' >"$T/bad.jsonl"
run "$PYTHON3" "$S" "$T/new.jsonl" --compare "$T/bad.jsonl"
check "a bad line in the older run: exit 1" test "$rc" = 1
check "a bad line: named by file and line" grep -qF "$T/bad.jsonl:1: not JSON" "$T/err"
check "a bad line: no partial table" test ! -s "$T/out"
finish solve_stats

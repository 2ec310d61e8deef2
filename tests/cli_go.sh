#!/bin/sh
# cli_go.sh: `vp go show` reads SGF and the JSON problem format, refuses
# setups that cannot arise, and maps problems through symmetries.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

printf '{"AB": ["oe", "pd"], "AW": ["qd"], "SZ": "19", "C": "Black to play", "SOL": [["B", "qc", "Correct.", ""]]}\n' >"$T/p.json"
check_exit 0 "show a JSON problem" vp go show --json "$T/p.json"
# SGF oe is P15 on 19x19 (the TsuGO appendix); pd is Q16, qd R16, qc R17.
check_py "JSON problem in benchmark coordinates" '
import json, sys
o = json.loads(open(sys.argv[1]).read())
assert o["black"] == ["P15", "Q16"] and o["white"] == ["R16"], o
assert o["to_play"] == "black" and o["first_moves"] == [{"color": "black", "move": "R17", "verdict": "correct"}], o
' "$T/out"

# Symmetries: rot90 then rot270 is the identity; invert twice too;
# flip_x mirrors left and right (P15 -> E15).
vp go show --json "$T/p.json" >"$T/id.json"
vp go show --json --transform rot90 "$T/p.json" >"$T/r90.json"
vp go show --sgf --transform rot90 "$T/p.json" >"$T/r90.sgf"
vp go show --json --transform rot270 "$T/r90.sgf" >"$T/back.json"
check_py "rot90 then rot270 gives the problem back (through SGF)" '
import json, sys
a, b = (json.loads(open(f).read()) for f in sys.argv[1:3])
for k in ("black", "white", "first_moves", "to_play", "size"):
    assert a[k] == b[k], (k, a[k], b[k])
' "$T/id.json" "$T/back.json"
check "rot90 moves the stones" sh -c "! cmp -s '$T/id.json' '$T/r90.json'"
vp go show --json --transform flip_x "$T/p.json" >"$T/fx.json"
check_py "flip_x maps P15 to E15" '
import json, sys
o = json.loads(open(sys.argv[1]).read())
assert "E15" in o["black"], o
' "$T/fx.json"
vp go show --json --invert "$T/p.json" >"$T/inv.json"
check_py "invert swaps colours and the side to play" '
import json, sys
a, b = (json.loads(open(f).read()) for f in sys.argv[1:3])
assert b["white"] == a["black"] and b["black"] == a["white"] and b["to_play"] == "white", b
assert b["first_moves"][0]["color"] == "white"
' "$T/id.json" "$T/inv.json"

# vp's own problem JSON reads back: the same problem, in the same orientation,
# with marks and region; a rotated copy solves as the rotated problem.
printf '(;SZ[9]PL[W]AB[cc][dc][cd]AW[dd][ed]MA[cc]SQ[aa][ba]C[a note];B[ec]TE[1])' >"$T/own.sgf"
vp go show --json "$T/own.sgf" >"$T/own1.json"
vp go show --json "$T/own1.json" >"$T/own2.json"
check_py "show's JSON reads back as the same problem" '
import json, sys
a, b = (json.loads(open(f).read()) for f in sys.argv[1:3])
assert a["marks"] == ["C7"] and a["region"] == ["A9", "B9"] and a["to_play"] == "white", a
del a["file"], b["file"]
assert a == b, (a, b)
' "$T/own1.json" "$T/own2.json"
vp go show --json --transform rot90 --invert "$T/p.json" >"$T/r90i.json"
vp go show --json --transform rot270 --invert "$T/r90i.json" >"$T/backi.json"
check_py "rot90 and invert, then back, through show's JSON" '
import json, sys
a, b = (json.loads(open(f).read()) for f in sys.argv[1:3])
del a["file"], b["file"]
assert a == b, (a, b)
' "$T/id.json" "$T/backi.json"
printf '{"format": "vitalpoint-go-problem", "format_version": 1, "size": 9, "to_play": "black", "black": ["C7", "C7"]}' >"$T/own_twice.json"
check_exit 2 "show's JSON: a stone listed twice is refused" vp go show "$T/own_twice.json"
check "  ... naming the entry" grep -q "own_twice.json: \"black\" entry 2: \"black\": point 'C7' is listed twice" "$T/err"
printf '{"format": "vitalpoint-go-problem", "format_version": 1, "size": 9, "to_play": "black", "black": ["C7"], "white": ["C7"]}' >"$T/own_both.json"
check_exit 2 "show's JSON: a point of both colours is refused" vp go show "$T/own_both.json"
check "  ... as an overlap" grep -q 'own_both.json: "white" entry 1: "white": point .C7. is also in "black" (overlap)' "$T/err"
printf '{"format": "vitalpoint-go-problem", "format_version": 1, "size": 9, "to_play": "black", "black": ["K7"]}' >"$T/own_off.json"
check_exit 2 "show's JSON: a point off the board is refused" vp go show "$T/own_off.json"
check "  ... naming the entry" grep -q 'own_off.json: "black" entry 1' "$T/err"
printf '{"format": "vitalpoint-go-problem", "format_version": 1, "size": 9, "to_play": "black", "blak": ["C7"]}' >"$T/own_key.json"
check_exit 2 "show's JSON: an unknown key is refused" vp go show "$T/own_key.json"
check "  ... naming it" grep -q 'own_key.json: "blak" is not a key of vitalpoint-go-problem version 1' "$T/err"
printf '{"format": "vitalpoint-go-problem", "format_version": 2, "size": 9, "to_play": "black"}' >"$T/own_v2.json"
check_exit 2 "show's JSON: another version is refused" vp go show "$T/own_v2.json"
printf '{"format": "vitalpoint-go-problem", "format_version": 1, "size": 9, "to_play": "black", "first_moves": [{"color": "black", "move": "C7"}]}' >"$T/own_mv.json"
check_exit 2 "show's JSON: a first move without its verdict is refused" vp go show "$T/own_mv.json"
check "  ... naming the entry" grep -q 'own_mv.json: "first_moves" entry 1 is not' "$T/err"
vp go solve --json --quiet "$T/p.json" >"$T/solve.json"
check_exit 2 "a solve record is not a problem" vp go show "$T/solve.json"
check "  ... saying so" grep -q 'solve.json: "format": not a Go problem' "$T/err"
printf '{"AWW": ["aa"]}' >"$T/nokeys.json"
check_exit 2 "a JSON object without problem keys is refused" vp go show "$T/nokeys.json"
check "  ... saying so" grep -q 'nokeys.json: no Go problem in the object' "$T/err"

# Every bundled problem loads and prints one record: the tree's own sample
# (Fujisawa's file names hold no space there) and, when the shared data is
# beside the tree, all of it (its Fujisawa names do: "Problem 21.json").
# The files go to vp NUL-separated, so a name with a space stays one file.
loads_all() {
    n=$(find "$1" -name '*.json' | wc -l)
    test "$n" -gt 0 && test "$(find "$1" -name '*.json' -print0 | xargs -0 "$VP" go show --json | wc -l)" -eq "$n"
}
check "every problem of the tree's sample loads and prints" loads_all "$top_srcdir/data/tsumego"
data="$top_srcdir/../shared/data/tsumego"
if [ -d "$data" ]; then
    check "every bundled problem loads and prints" loads_all "$data"
else
    skip "every bundled problem loads" "no $data"
fi

# Bad input: exit 2, one line naming the file and place, nothing printed.
printf '(;SZ[5]AB[ba][ab][cb]AW[aa][bb])' >"$T/dead.sgf"
check_exit 2 "a chain without liberties is refused" vp go show "$T/dead.sgf"
check "  ... in one line naming the chain" sh -c "one_line() { [ \$(wc -l <'$T/err') -eq 1 ]; }; one_line && grep -q 'dead.sgf.*no liberty' '$T/err'"
check "  ... with nothing on stdout" test ! -s "$T/out"
printf '(;SZ[9]\nAB[aa][bb]\nAW[bb])' >"$T/overlap.sgf"
check_exit 2 "overlapping stones are refused" vp go show "$T/overlap.sgf"
check "  ... naming line and column" grep -q 'overlap.sgf: line 3, column 1' "$T/err"
printf '(;SZ[9]AB[aa' >"$T/bad.sgf"
check_exit 2 "malformed SGF is refused" vp go show "$T/bad.sgf"
check "  ... naming the place" grep -q 'bad.sgf: line 1, column' "$T/err"
printf '{"AB": ["zz"], "SZ": "9"}' >"$T/off.json"
check_exit 2 "a point off the board is refused" vp go show "$T/off.json"
check_exit 2 "a missing file is refused" vp go show "$T/missing.sgf"
mkdir "$T/adir"
check_exit 2 "a directory is refused" vp go show "$T/adir"
check "  ... saying why" grep -q 'adir: read error: Is a directory' "$T/err"
check_exit 2 "good and bad files: nothing printed" vp go show "$T/p.json" "$T/dead.sgf"
check "  ... stdout empty" test ! -s "$T/out"
check_exit 2 "unknown symmetry" vp go show --transform rot45 "$T/p.json"
check_exit 0 "vp go show --help" vp go show --help
finish cli_go

#!/bin/sh
# solve_symmetry.sh: `vp go solve` defines and answers a problem the same
# way under every board symmetry and with the colours exchanged
# (bench/symmetry_check.py): the 30 Cho Chikun problems of the bundled
# sample, 16 variants each, at 20,000 nodes. Then the checker itself: a vp
# that answers one variant differently, or defines one differently, must be
# caught.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

need_python solve_symmetry "the checker"
S="$top_srcdir/bench/symmetry_check.py"
CHO="$top_srcdir/data/tsumego/cho-chikun-encyclopedia-life-and-death-elementary"

check_exit 0 "30 problems under 8 symmetries, with and without inversion: no difference" \
    "$PYTHON3" "$S" --vp "$VP" --nodes 20000 --threads 2 --invert "$CHO"/*.json
check "  ... every variant solved" grep -q '30 problems, 16 variants each, 480 solves at 20000 nodes' "$T/out"
check "  ... and settled moves compared" grep -Eq 'settle every first move: [1-9][0-9]* compared' "$T/out"

# Two positions where the inference once hung on the order in which the
# board is scanned, so on its orientation (solver/ld.c). tie.sgf: two black
# three-stone chains, each enclosed on its own, as large as each other; the
# pocket was the first in the scan, now it is both. shared.sgf: two black
# chains outside the white wall touch the region, neither with a liberty in
# it, and they share one outside (E16); the closure took the liberties of
# the first chain scanned, so the region followed the orientation (6 of 16
# variants differed); now it takes both chains' at once.
cat >"$T/tie.sgf" <<'EOF'
(;GM[1]FF[4]SZ[19]PL[B]C[Black to live]AB[aa][ab][bb][eb][fb][ea]
AW[ca][cb][ac][bc][cc][dc][ec][fc][gc][gb][ga])
EOF
cat >"$T/shared.sgf" <<'EOF'
(;GM[1]FF[4]SZ[19]PL[B]C[Black to live]AB[ba][ab][cb][bc][cc][ea][eb][ec][ae][be][ce][de][ee]
AW[da][db][dc][ad][bd][cd][dd])
EOF
mkdir "$T/tmpdir"
check_exit 0 "equal pockets and a shared outside liberty: defined the same in every orientation" \
    env TMPDIR="$T/tmpdir" "$PYTHON3" "$S" --vp "$VP" --nodes 1000 --invert "$T/tie.sgf" "$T/shared.sgf"
check "  ... every variant solved" grep -q '2 problems, 16 variants each, 32 solves at 1000 nodes' "$T/out"
check "  ... and the variants' directory removed" test -z "$(ls -A "$T/tmpdir")"
check_exit 0 "the equal pockets are one target" "$VP" go solve --nodes 1 "$T/tie.sgf"
check "  ... both chains" grep -q 'target: black chains at A19, E19 (6 stones)' "$T/out"

# A vp whose records for one variant are altered on the way out.
fake() { # NAME PYTHON-EDIT-OF-rec [END-OF-THE-VARIANTS'-FILE-NAMES]
    cat >"$T/$1" <<EOS
#!/bin/sh
if [ "\$2" != solve ]; then exec "$VP" "\$@"; fi
"$VP" "\$@" | "$PYTHON3" -c '
import json, sys
for line in sys.stdin:
    rec = json.loads(line)
    if rec["file"].endswith("${3:-0000.rot180.json}"):
$2
    print(json.dumps(rec))
'
EOS
    chmod +x "$T/$1"
}
fake moved '        rec["refutations"] = dict((m, [m]) for m in rec["first_moves"]); rec["first_moves"] = []'
check_exit 1 "a first move refuted in one variant is caught" \
    "$PYTHON3" "$S" --vp "$T/moved" --nodes 20000 "$CHO/Prob0121.json"
check "  ... and named" grep -q 'Prob0121.json: rot180: .* refuted, proved in the original orientation' "$T/out"
fake shifted '        rec["region"] = rec["region"][1:]'
check_exit 1 "a region defined differently in one variant is caught" \
    "$PYTHON3" "$S" --vp "$T/shifted" --nodes 20000 "$CHO/Prob0121.json"
check "  ... and named" grep -q 'Prob0121.json: rot180: defined differently' "$T/out"

# A disproof in the inferred region is solved again in a wider one, which
# may finish within the budget in one orientation only: consistent when the
# other variant is disproved, a difference when it is proved.
widen_edit='        rec["inferred"]["region"] = "widened"; rec["inferred_region"] = rec["region"]; rec["region"] = rec["region"] + ["T1"]; rec["status"] = "proved"; rec["first_moves"] = rec["first_moves"] or ["A19"]'
fake widened "$widen_edit"
cat >"$T/dead.sgf" <<'EOF'
(;GM[1]FF[4]SZ[19]PL[B]C[Black to live]AB[ab][bb][cb][ca]AW[ac][bc][cc][dc][db][da])
EOF
check_exit 0 "widened in one variant where the others are disproved: counted, not a difference" \
    "$PYTHON3" "$S" --vp "$T/widened" --nodes 20000 "$T/dead.sgf"
check "  ... counted" grep -q 'where the original is not, or the reverse: 1$' "$T/out"
check_exit 1 "widened in one variant where the original is proved is caught" \
    "$PYTHON3" "$S" --vp "$T/widened" --nodes 20000 "$CHO/Prob0121.json"
check "  ... and named" grep -q 'Prob0121.json: rot180: widened in this variant only, proved in the other' "$T/out"
# The definition compared is the inferred one, even when widened: a variant
# widened from another inferred region is caught.
fake widened_from '        rec["inferred"]["region"] = "widened"; rec["inferred_region"] = rec["region"][1:]; rec["region"] = rec["region"] + ["T1"]; rec["status"] = "proved"; rec["first_moves"] = ["A19"]'
check_exit 1 "widened from another inferred region is caught" \
    "$PYTHON3" "$S" --vp "$T/widened_from" --nodes 20000 "$T/dead.sgf"
check "  ... as defined differently" grep -q 'dead.sgf: rot180: defined differently' "$T/out"
# Every variant widened, by the same point of its own board (T1), which is
# another point of the original's in each orientation: caught.
fake widened_all "$widen_edit" ".json"
check_exit 1 "every variant widened, to regions that differ on the original board, is caught" \
    "$PYTHON3" "$S" --vp "$T/widened_all" --nodes 20000 "$T/dead.sgf"
check "  ... as widened differently" grep -q 'dead.sgf: rot180: widened differently' "$T/out"
finish solve_symmetry

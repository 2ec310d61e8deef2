#!/bin/sh
# cli_mcts.sh: `vp go mcts`, the MCTS/UCT reference search over problem
# files: the JSON record and its keys, the trajectory and metrics recomputed
# from the record, text output and summary, K=4 options (default and given,
# filtering, every kind of bad option, --skip-bad), --verify, tree files as
# JSON and DOT, output independent of --threads, usage errors.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

# Straight three on a 9x9 board: B9 is the only killing (and living) move.
printf '(;GM[1]FF[4]SZ[9]PL[B]AW[ab][bb][cb][db][da]AB[ac][bc][cc][dc][ec][eb][ea]C[Black to kill]\n;B[ba]C[Correct.])\n' >"$T/kill.sgf"
printf '(;GM[1]FF[4]SZ[9]PL[W]AW[ab][bb][cb][db][da]AB[ac][bc][cc][dc][ec][eb][ea]C[White to live]\n;W[ba]C[Correct.])\n' >"$T/live.sgf"
# A 19x19 corner: White's A19-B19 has one liberty, C19, next to a white
# group living with eyes at E19 and G19. Black captures at C19 (the book);
# any other move lets White connect there. Defined with --target/--region.
cap='AW[aa][ba][da][fa][ha][db][eb][fb][gb][hb]AB[ia][ab][bb][cb][ib][cc][dc][ec][fc][gc][hc][ic]'
printf '(;GM[1]FF[4]SZ[19]PL[B]%s;B[ca]C[Correct.])\n' "$cap" >"$T/cap.sgf"
printf '(;GM[1]FF[4]SZ[19]PL[B]%s;B[cb]C[Correct.])\n' "$cap" >"$T/occupied-book.sgf"
CAP="--target A19,B19 --region A15-J19"

check_exit 0 "search one problem (JSON)" vp go mcts --json -q "$T/kill.sgf"
cp "$T/out" "$T/kill.jsonl"
check "  ... one line" has_lines "$T/kill.jsonl" 1
# the checks every searched record must pass: keys, and the trajectory and
# metrics recomputed from the playouts' root moves
CHECK_RECORD='
def check(o, playouts):
    for k in ("format", "file", "status", "playouts", "root", "seed", "top_move", "correct", "root_visits",
              "root_q", "first_visit", "swr", "sfh", "scr", "ssc", "sbc", "tnc", "max_depth", "max_branching",
              "trajectory", "answers", "goal", "to_play", "target", "region", "options", "rollouts"):
        assert k in o, k
    assert o["format"] == "vitalpoint-go-mcts" and o["status"] == "searched", o["status"]
    assert o["playouts"] == playouts, o["playouts"]
    rv, tr = o["root_visits"], o["trajectory"]
    assert sum(rv.values()) == playouts, rv
    assert len(rv) == o["sbc"], (len(rv), o["sbc"])
    path, values = tr["root_moves"], tr["values"]
    assert len(path) == playouts and len(values) == playouts, len(path)
    count = {m: 0 for m in rv}
    value = {m: 0 for m in rv}
    first = {m: None for m in rv}
    tops = []
    def key(m):
        f = first[m] if first[m] is not None else 1 << 40
        return (-count[m], -value[m], f)
    for k, (m, v) in enumerate(zip(path, values), 1):
        assert m in rv and v in (-1, 0, 1), (m, v)
        count[m] += 1
        value[m] += v
        if first[m] is None:
            first[m] = k
        # visited moves never tie: their first visits differ
        top = min((m for m in rv if count[m]), key=key)
        if not tops or tops[-1][1] != top:
            tops.append([k, top])
    assert count == rv, (count, rv)
    assert first == o["first_visit"], (first, o["first_visit"])
    assert tops == tr["top"], (tops, tr["top"])
    assert o["ssc"] == len(tops) - 1, (o["ssc"], tops)
    assert o["top_move"] == tops[-1][1] == list(rv)[0], (o["top_move"], tops[-1])
    for m in rv:
        q = o["root_q"][m]
        assert (q is None) == (rv[m] == 0) and (q is None or abs(q - value[m] / rv[m]) < 1e-9), (m, q)
    tnc = tr["tnc"]
    assert len(tnc) == playouts + 1 and tnc[-1] == o["tnc"] and tnc[0] == 1 + len(rv), tnc[:3]
    assert all(a <= b <= a + o["max_branching"] for a, b in zip(tnc, tnc[1:])), "TNC(k) falls or jumps"
    order = list(rv)
    assert [key(m) for m in order] == sorted(key(m) for m in order), order
    if o["answers"] is not None:
        good = set(o["answers"])
        assert o["correct"] == (o["top_move"] in good)
        assert abs(o["swr"] - (1 - sum(rv[m] for m in good if m in rv) / playouts)) < 1e-9, o["swr"]
        assert o["sfh"] == int(path[0] in good), o["sfh"]
        ranks = [i for i, m in enumerate(order, 1) if m in good]
        assert abs(o["scr"] - ((ranks[0] - 1) / len(order) if ranks else 1.0)) < 1e-9, o["scr"]
    assert sum(o["rollouts"]["ends"].values()) == playouts, o["rollouts"]
'
check_py "  ... keys, trajectory and metrics recomputed" "$CHECK_RECORD"'
o = records(sys.argv[1])[0]
check(o, 200)
assert o["file"].endswith("kill.sgf") and o["root"] == "open" and o["options"] is None
assert o["goal"] == "kill" and o["to_play"] == "B", o
assert o["top_move"] == "B9" and o["correct"] is True and o["answers"] == ["B9"], o["top_move"]
assert o["answers_from"] == "file" and o["book"] == "B9"
' "$T/kill.jsonl"

check_exit 0 "one-move life (JSON)" vp go mcts --json -q --playouts 300 "$T/live.sgf"
check_py "  ... B9 lives, every playout through it a win" "$CHECK_RECORD"'
o = records(sys.argv[1])[0]
check(o, 300)
assert o["top_move"] == "B9" and o["correct"] is True and o["goal"] == "live", o
assert o["root_q"]["B9"] == 1.0, o["root_q"]
' "$T/out"

check_exit 0 "one-move capture with flags" vp go mcts --json -q $CAP "$T/cap.sgf"
check_py "  ... C19 captures" "$CHECK_RECORD"'
o = records(sys.argv[1])[0]
check(o, 200)
assert o["top_move"] == "C19" and o["correct"] is True and o["root_q"]["C19"] == 1.0, o["root_visits"]
assert o["target"] == ["A19", "B19"] and len(o["region"]) == 45, o["region"]
' "$T/out"

check_exit 0 "text output" vp go mcts -q "$T/kill.sgf" "$T/live.sgf"
check "  ... top and verdict" grep -q 'kill.sgf: top B9, correct' "$T/out"
check "  ... metrics line" grep -q '^  metrics: SWR [0-9.]*, SFH [01], SCR 0.0, SSC [0-9]*, SBC [0-9]*$' "$T/out"
check "  ... tree line" grep -q '^  tree: TNC(200) [0-9]*, max depth [0-9]*, max branching [0-9]*' "$T/out"
check "  ... summary" grep -q '^summary: 2 files: 2 searched, 0 skipped, 0 undefined, 0 errors; open root, 200 playouts' "$T/out"
check "  ... accuracy" grep -q '^  accuracy: 100.0% (2 of 2 with an answer set from the files)' "$T/out"

# K=4: the default options are the book move and the three nearest legal
# region points (B17 at distance^2 5, A17 at 8, C16 at 9 from C19).
check_exit 0 "K=4 with the default options" vp go mcts --json -q --root k4 $CAP "$T/cap.sgf"
check_py "  ... options, filtering to them, metrics" "$CHECK_RECORD"'
o = records(sys.argv[1])[0]
check(o, 200)
assert o["root"] == "k4" and o["options"] == ["C19", "B17", "A17", "C16"], o["options"]
assert set(o["root_visits"]) == set(o["options"]) and o["sbc"] == 4 and o["filtered"] == [], o["root_visits"]
assert o["top_move"] == "C19" and o["correct"] is True, o
' "$T/out"
check_exit 0 "K=4 with given options, one of them suicide" vp go mcts --json -q $CAP --options C19,E19,A17,B16 "$T/cap.sgf"
check_py "  ... E19 filtered, three root moves" "$CHECK_RECORD"'
o = records(sys.argv[1])[0]
check(o, 200)
assert o["root"] == "k4" and o["filtered"] == ["E19"] and set(o["root_visits"]) == {"C19", "A17", "B16"}, o
' "$T/out"

# Bad options: one line naming the file, nothing searched, exit 2.
check_exit 2 "an occupied option" vp go mcts -q $CAP --options C19,D19,A17,B17 "$T/cap.sgf"
check "  ... names the file and the point" grep -q 'cap.sgf: option D19 is occupied' "$T/err"
check "  ... nothing on stdout" test ! -s "$T/out"
check_exit 2 "an option off the board" vp go mcts -q --options A9,B9,C9,T19 "$T/kill.sgf"
check "  ... says so" grep -q 'kill.sgf: option T19 is off the 9x9 board' "$T/err"
check_exit 2 "an option outside the region" vp go mcts -q $CAP --options C19,A17,B17,K19 "$T/cap.sgf"
check "  ... says so" grep -q 'cap.sgf: option K19 is outside the problem.s region' "$T/err"
check_exit 2 "three options" vp go mcts -q --options A9,B9,C9 "$T/kill.sgf"
check "  ... a usage error" grep -q 'options: 3 points' "$T/err"
check_exit 2 "an option twice" vp go mcts -q --options A9,B9,C9,A9 "$T/kill.sgf"
check_exit 2 "the default options need four legal points" vp go mcts -q --root k4 "$T/kill.sgf"
check "  ... says how many there are" grep -q 'kill.sgf: only 3 legal points in the region' "$T/err"
check_exit 2 "a book move on a stone" vp go mcts -q --root k4 $CAP "$T/occupied-book.sgf"
check "  ... says so" grep -q 'occupied-book.sgf: book move C18' "$T/err"
check_exit 2 "bad and good files: nothing searched" vp go mcts -q --root k4 $CAP "$T/cap.sgf" "$T/occupied-book.sgf"
check "  ... stdout empty" test ! -s "$T/out"
check_exit 0 "--skip-bad goes on" vp go mcts --json -q --root k4 $CAP --skip-bad "$T/occupied-book.sgf" "$T/cap.sgf"
check_py "  ... the bad one skipped with its reason, the good one searched" '
a, b = records(sys.argv[1])
assert a["status"] == "skipped" and "book move C18" in a["reason"] and a["file"].endswith("occupied-book.sgf"), a
assert b["status"] == "searched" and b["top_move"] == "C19", b
' "$T/out"
check_exit 0 "--skip-bad in text" vp go mcts -q --root k4 $CAP --skip-bad "$T/occupied-book.sgf" "$T/cap.sgf"
check "  ... skipped line and summary" sh -c "grep -q 'occupied-book.sgf: skipped (book move C18' '$T/out' && grep -q '1 searched, 1 skipped' '$T/out'"

# A file that does not load: reported, the batch goes on, exit status 1.
printf '(;SZ[9]AB[aa' >"$T/broken.sgf"
check_exit 1 "a broken file in a batch" vp go mcts --json -q "$T/broken.sgf" "$T/kill.sgf"
check_py "  ... reported as an error, the other searched" '
a, b = records(sys.argv[1])
assert a["status"] == "error" and "line 1" in a["reason"], a
assert b["status"] == "searched" and b["correct"] is True, b
' "$T/out"
check "  ... and named on stderr" grep -q 'broken.sgf' "$T/err"

# --verify: the answers from df-pn.
check_exit 0 "--verify" vp go mcts --json -q --verify --verify-nodes 100000 "$T/kill.sgf"
check_py "  ... answers from df-pn" '
o = records(sys.argv[1])[0]
assert o["answers_from"] == "df-pn" and o["answers"] == ["B9"] and o["verify_status"] == "proved", o
' "$T/out"

# Tree files.
check_exit 0 "--tree x.json" vp go mcts --json -q $CAP --tree "$T/tree.json" "$T/cap.sgf"
cp "$T/out" "$T/cap.jsonl"
check_py "  ... one node per tree node, TNC of them, consistent" '
import sys
o = records(sys.argv[1])[0]
t = load(sys.argv[2])
assert t["format"] == "vitalpoint-go-mcts-tree" and o["tree"].endswith("tree.json"), t["format"]
nodes = t["nodes"]
assert len(nodes) == o["tnc"] == t["tnc"], (len(nodes), o["tnc"])
assert [n["id"] for n in nodes] == list(range(len(nodes)))
assert nodes[0]["type"] == "root" and nodes[0]["parent"] is None and nodes[0]["visits"] == 200
kids = {}
for n in nodes[1:]:
    assert n["type"] == "move" and 0 <= n["parent"] < n["id"], n
    assert n["depth"] == nodes[n["parent"]]["depth"] + 1 and n["label"] == n["side"] + " " + n["move_pos"], n
    kids.setdefault(n["parent"], []).append(n)
for n in nodes:
    ks = kids.get(n["id"], [])
    assert len(ks) == n["children"], n
    if ks and n["id"]:
        assert n["visits"] == 1 + sum(k["visits"] for k in ks), n
root = {k["move_pos"]: k["visits"] for k in kids[0]}
assert root == o["root_visits"], (root, o["root_visits"])
assert max(n["depth"] for n in nodes) == o["max_depth"] and max(n["children"] for n in nodes) == o["max_branching"]
c19 = [k for k in kids[0] if k["move_pos"] == "C19"][0]
assert c19["terminal"] == "captured" and c19["polarity"] == "win", c19
' "$T/cap.jsonl" "$T/tree.json"
check_exit 0 "--tree x.dot" vp go mcts --json -q $CAP --tree "$T/tree.dot" "$T/cap.sgf"
check "  ... the same record apart from the tree name" sh -c "sed 's/tree\.dot/tree.json/' '$T/out' | cmp - '$T/cap.jsonl'"
check_py "  ... a digraph with TNC nodes and TNC - 1 edges" '
import sys
o = records(sys.argv[1])[0]
text = open(sys.argv[2]).read()
assert text.startswith("digraph mcts {") and text.rstrip().endswith("}"), text[:40]
nodes = re.findall(r"^  n(\d+) \[label=\"([^\"]*)\"", text, re.M)
edges = re.findall(r"^  n(\d+) -> n(\d+);$", text, re.M)
ids = {int(i) for i, _ in nodes}
assert len(nodes) == o["tnc"] and ids == set(range(o["tnc"])), (len(nodes), o["tnc"])
assert len(edges) == o["tnc"] - 1 and all(int(a) in ids and int(b) in ids for a, b in edges), len(edges)
assert sorted(int(b) for _, b in edges) == list(range(1, o["tnc"])), "every node but the root has one parent"
assert nodes[0][1].startswith("root: B to play")
' "$T/out" "$T/tree.dot"
if command -v dot >/dev/null 2>&1; then
    check "  ... Graphviz reads it" dot -Tsvg -o "$T/tree.svg" "$T/tree.dot"
else
    skip "Graphviz reads the DOT file" "no dot"
fi
check_exit 2 "--tree without %n for several files" vp go mcts -q --tree "$T/t.dot" "$T/kill.sgf" "$T/live.sgf"
check_exit 2 "--tree with another extension" vp go mcts -q --tree "$T/t.svg" "$T/kill.sgf"
mkdir -p "$T/trees" "$T/sub"
cp "$T/kill.sgf" "$T/sub/kill.sgf"
check_exit 0 "--tree with %n" vp go mcts -q --tree "$T/trees/%n.dot" "$T/kill.sgf" "$T/live.sgf" "$T/sub/kill.sgf"
check "  ... one file per problem, a repeated name numbered" \
    sh -c "test -s '$T/trees/kill.dot' && test -s '$T/trees/live.dot' && test -s '$T/trees/kill-2.dot' && test \$(ls '$T/trees' | wc -l) -eq 3"
check_exit 2 "--tree into a missing folder" vp go mcts -q --tree "$T/nowhere/%n.json" "$T/kill.sgf"
check "  ... says so, nothing searched" sh -c "grep -q \"folder '$T/nowhere' of\" '$T/err' && test ! -s '$T/out'"

# Seeds and threads: the same seed gives the same output whatever the
# thread count; another seed gives another search.
files="$T/kill.sgf $T/live.sgf $T/cap.sgf"
data="$top_srcdir/../shared/data/tsumego/cho-chikun-encyclopedia-life-and-death-elementary"
if [ -d "$data" ]; then
    files="$files $(ls "$data"/Prob00[0-4]*.json)"
fi
vp go mcts --json -q --seed 5 -t 1 $files >"$T/a" 2>/dev/null
vp go mcts --json -q --seed 5 -t 2 $files >"$T/b" 2>/dev/null
check "--threads 1 and 2 give the same JSON" cmp "$T/a" "$T/b"
check_py "  ... every record checks out" "$CHECK_RECORD"'
for o in records(sys.argv[1]):
    check(o, 200)
' "$T/a"
vp go mcts -q --seed 5 -t 1 $files | grep -v '^  search:' >"$T/a"
vp go mcts -q --seed 5 -t 2 $files | grep -v '^  search:' >"$T/b"
check "--threads 1 and 2 give the same text" cmp "$T/a" "$T/b"
vp go mcts --json -q --seed 5 --playouts 100 $CAP "$T/cap.sgf" >"$T/a"
vp go mcts --json -q --seed 6 --playouts 100 $CAP "$T/cap.sgf" >"$T/b"
check "another seed, another search" sh -c "! cmp -s '$T/a' '$T/b'"
check_py "  ... the seed in the record" '
a, b = records(sys.argv[1])[0], records(sys.argv[2])[0]
assert a["seed"] == 5 and b["seed"] == 6 and a["trajectory"]["root_moves"] != b["trajectory"]["root_moves"]
' "$T/a" "$T/b"

# Usage errors.
check_exit 2 "--root open with --options" vp go mcts --root open --options A9,B9,C9,D9 "$T/kill.sgf"
check_exit 2 "--root bad" vp go mcts --root k5 "$T/kill.sgf"
check_exit 2 "--playouts 0" vp go mcts --playouts 0 "$T/kill.sgf"
check_exit 2 "--cpuct -1" vp go mcts --cpuct -1 "$T/kill.sgf"
check_exit 2 "no file" vp go mcts
check_exit 0 "--help" vp go mcts --help
check "  ... lists the options" grep -q -- '--skip-bad' "$T/out"
finish cli_mcts

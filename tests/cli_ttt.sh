#!/bin/sh
# cli_ttt.sh: `vp ttt` end to end: help texts, enumerate (counts and their
# identities), question, solve, and generate (determinism across thread
# counts, gzip output, the records and their internal consistency).
set -eu
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$top_srcdir/tests/common.sh"

# ---------------------------------------------------------------- help
echo "# help and version"
check_exit 0 "vp --help exits 0" vp --help
check "vp --help mentions the ttt commands" grep -q 'ttt enumerate' "$T/out"
check_exit 0 "vp ttt --help exits 0" vp ttt --help
for sub in enumerate generate question solve; do
    check "vp ttt --help lists '$sub'" grep -q "^ *$sub " "$T/out"
done

# An option is documented when a line of the options table starts with it
# (after an optional short form "-x, ").
help_mentions() {
    grep -E -q -e "^[[:space:]]+(-[a-zA-Z], )?$1([[:space:]=]|\$)" "$2"
}

# The long options of each subcommand, as its help text in cli/cmd_ttt.c
# lists them.
long_options() {
    case $1 in
    enumerate) echo --game --moves --fork-rule --verify --json --threads --tt-mb --quiet --help ;;
    generate) echo --game --moves --count --seed --fork-rule --threads --tt-mb --output --quiet --help ;;
    question) echo --game --play --fork-rule --json --help ;;
    solve) echo --game --time-limit --nodes --no-distance --tt-mb --json --quiet --help ;;
    esac
}

for sub in enumerate generate question solve; do
    check_exit 0 "vp ttt $sub --help exits 0" vp ttt $sub --help
    cp "$T/out" "$T/help.$sub"
    check "vp ttt $sub --help prints a usage line on stdout" grep -q "^Usage: vp ttt $sub" "$T/help.$sub"
    check "vp ttt $sub --help writes nothing on stderr" test ! -s "$T/err"
    for o in $(long_options $sub); do
        check "vp ttt $sub --help documents $o" help_mentions "$o" "$T/help.$sub"
    done
    check_exit 0 "vp ttt $sub -h exits 0" vp ttt $sub -h
    check "vp ttt $sub -h prints the same help" cmp -s "$T/out" "$T/help.$sub"
done

# Every documented option is accepted by its subcommand.
check_exit 0 "enumerate accepts all its documented options" \
    vp ttt enumerate -g oTTT -n 3 --fork-rule cells --verify --json -t 1 --tt-mb 8 -q
check_exit 0 "generate accepts all its documented options" \
    vp ttt generate -g oTTT -n 4 -k 6 -s 3 --fork-rule cells -t 1 --tt-mb 8 -q -o "$T/opts.jsonl"
check_exit 0 "question accepts all its documented options (moves separated by spaces)" \
    vp ttt question -g oTTT -p "A B" --fork-rule lines --json
check_exit 0 "solve accepts all its documented options" \
    vp ttt solve -g oTTT --time-limit 60 --nodes 100000000 --no-distance --tt-mb 8 --json -q

version=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' "$top_builddir/config.h" 2>/dev/null || true)
for v in --version -V; do
    check_exit 0 "vp $v exits 0" vp $v
    if [ -n "$version" ]; then
        check "vp $v prints the version $version" grep -q -F -e "$version" "$T/out"
    else
        check "vp $v prints a version number" grep -q '[0-9]\.[0-9]' "$T/out"
    fi
done

# ----------------------------------------------------------- enumerate
echo "# enumerate"
check_exit 0 "vp ttt enumerate --game oTTT --moves 4 --json exits 0" \
    vp ttt enumerate --game oTTT --moves 4 --json
cp "$T/out" "$T/enum.json"
check "enumerate --json prints exactly one line" one_line "$T/enum.json"
check_py "enumerate JSON has format, game, moves, positions, sequences, filtered, questions, verdicts" '
d = load(sys.argv[1])
missing = [k for k in ("format", "game", "moves", "positions", "sequences", "filtered",
                       "questions", "verdicts") if k not in d]
assert not missing, "missing fields %s in %s" % (missing, d)
assert sorted(d["verdicts"]) == ["blocked", "fork", "none", "win"], d["verdicts"]
for k in ("positions", "filtered", "questions"):
    assert type(d[k]) is int and d[k] >= 0, (k, d[k])
for k, v in d["verdicts"].items():
    assert type(v) is int and v >= 0, (k, v)
assert isinstance(d["format"], str) and d["format"], d["format"]
' "$T/enum.json"
check_py "enumerate oTTT N=4: game oTTT, moves 4, 756 positions, sequences \"3024\"" '
d = load(sys.argv[1])
got = (d["game"], d["moves"], d["positions"], d["sequences"])
assert got == ("oTTT", 4, 756, "3024"), got
' "$T/enum.json"
check_py "enumerate: positions == filtered + questions + none" '
d = load(sys.argv[1])
assert d["positions"] == d["filtered"] + d["questions"] + d["verdicts"]["none"], d
' "$T/enum.json"
check_py "enumerate: questions == win + blocked + fork" '
d = load(sys.argv[1])
v = d["verdicts"]
assert d["questions"] == v["win"] + v["blocked"] + v["fork"], d
assert d["questions"] > 0, d
' "$T/enum.json"

for name in ottt OTTT; do
    check_exit 0 "enumerate --game $name exits 0" vp ttt enumerate --game $name --moves 4 --json
    check_py "enumerate --game $name gives the same result as oTTT" '
a, b = load(sys.argv[1]), load(sys.argv[2])
a.pop("seconds", None)
b.pop("seconds", None)
assert a == b, (a, b)
' "$T/enum.json" "$T/out"
done

check_exit 0 "enumerate --game oTTT --moves 4 --verify --json exits 0" \
    vp ttt enumerate --game oTTT --moves 4 --verify --json
cp "$T/out" "$T/verify.json"
check_py "enumerate --verify: verify has equal/subset/contradicts per verdict summing to its count" '
d = load(sys.argv[1])
v = d["verify"]
for verdict in ("win", "blocked", "fork"):
    o = v[verdict]
    parts = [o[k] for k in ("equal", "subset", "contradicts")]
    assert all(type(p) is int and p >= 0 for p in parts), (verdict, o)
    assert sum(parts) == d["verdicts"][verdict], (verdict, o, d["verdicts"])
' "$T/verify.json"
check_py "enumerate --verify: the exact values per verdict sum to its count" '
d = load(sys.argv[1])
for verdict in ("win", "blocked", "fork"):
    val = d["verify"][verdict]["value"]
    assert sum(val[k] for k in ("win", "draw", "loss")) == d["verdicts"][verdict], (verdict, val)
' "$T/verify.json"
check_py "enumerate --verify: an immediate win (verdict win) always has the value win" '
d = load(sys.argv[1])
val = d["verify"]["win"]["value"]
assert val["draw"] == 0 and val["loss"] == 0, val
' "$T/verify.json"
check_py "enumerate --verify leaves the counts unchanged" '
a, b = load(sys.argv[1]), load(sys.argv[2])
for k in ("positions", "sequences", "filtered", "questions", "verdicts"):
    assert a[k] == b[k], (k, a[k], b[k])
' "$T/enum.json" "$T/verify.json"

# ------------------------------------------------------------ question
echo "# question"
check_exit 0 "vp ttt question --game oTTT --play A,B,H,C --json exits 0" \
    vp ttt question --game oTTT --play A,B,H,C --json
cp "$T/out" "$T/question.json"
check_py "question A,B,H,C: verdict fork, answers [G, I]" '
d = load(sys.argv[1])
assert d["verdict"] == "fork", d["verdict"]
assert d["answers"] == ["G", "I"], d["answers"]
' "$T/question.json"
check_py "question A,B,H,C: the text ends with \"Where should Alice play next?\"" '
d = load(sys.argv[1])
assert d["problem"].endswith("Where should Alice play next?"), d["problem"][-80:]
assert d["next_player"] == "Alice" and d["n"] == 4, (d["next_player"], d["n"])
' "$T/question.json"
check_py "question A,B,H,C: the answers are winning moves and agreement matches optimal_moves" '
d = load(sys.argv[1])
ans, opt = set(d["answers"]), set(d["optimal_moves"])
assert d["value"] == "win", d["value"]
want = "equal" if ans == opt else "subset" if ans < opt else "contradicts"
assert d["agreement"] == want, (d["agreement"], want, d["answers"], d["optimal_moves"])
assert set(d["fastest_moves"]) <= opt, d
' "$T/question.json"

# --------------------------------------------------------------- solve
echo "# solve"
check_exit 0 "vp ttt solve --game oTTT --json exits 0" vp ttt solve --game oTTT --json
cp "$T/out" "$T/solve_o.json"
check_py "solve oTTT: value draw in 9 plies, every cell optimal, complete" '
d = load(sys.argv[1])
got = (d["value"], d["value_plies"], d["optimal_moves"], d["complete"])
assert got == ("draw", 9, letters(9), True), got
' "$T/solve_o.json"
check_py "solve oTTT: every first move is a draw" '
d = load(sys.argv[1])
assert d["move_values"] == {c: "draw" for c in letters(9)}, d["move_values"]
' "$T/solve_o.json"

check_exit 0 "vp ttt solve --game dTTT --json -q exits 0" vp ttt solve --game dTTT --json -q
cp "$T/out" "$T/solve_d.json"
check "solve -q prints no progress on stderr" test ! -s "$T/err"
if have_python; then
    "$PYTHON3" -c "$PY_PRELUDE"'
d = load(sys.argv[1])
print("  (dTTT: value %s in %s plies, optimal first moves %s)"
      % (d.get("value"), d.get("value_plies"), ",".join(d.get("optimal_moves", []))))
' "$T/solve_d.json" 2>/dev/null || true
fi
check_py "solve dTTT: complete, value is win, draw or loss" '
d = load(sys.argv[1])
assert d["complete"] is True, d
assert d["value"] in ("win", "draw", "loss"), d["value"]
' "$T/solve_d.json"
check_py "solve dTTT: optimal_moves is a non-empty subset of A..O" '
d = load(sys.argv[1])
opt = d["optimal_moves"]
assert opt and set(opt) <= set(letters(15)) and len(set(opt)) == len(opt), opt
' "$T/solve_d.json"
check_py "solve dTTT: optimal_moves are exactly the first moves with the value" '
d = load(sys.argv[1])
mv = d["move_values"]
assert sorted(mv) == letters(15), sorted(mv)
best = sorted(c for c, v in mv.items() if v == d["value"])
assert best == sorted(d["optimal_moves"]), (best, d["optimal_moves"])
rank = {"loss": 0, "draw": 1, "win": 2}
assert max(rank[v] for v in mv.values()) == rank[d["value"]], mv
assert set(d["fastest_moves"]) <= set(d["optimal_moves"]), d
' "$T/solve_d.json"

# ------------------------------------------------------------ generate
echo "# generate"
G="$T/gen"
mkdir "$G"
check_exit 0 "generate oTTT --count 40 --seed 7 --threads 1 exits 0" \
    vp ttt generate --game oTTT --count 40 --seed 7 --threads 1 -o "$G/t1.jsonl"
check_exit 0 "generate oTTT --count 40 --seed 7 --threads 2 exits 0" \
    vp ttt generate --game oTTT --count 40 --seed 7 --threads 2 -o "$G/t2.jsonl"
check "--threads 1 and --threads 2 give byte-identical files" cmp "$G/t1.jsonl" "$G/t2.jsonl"
check_exit 0 "generate oTTT --count 40 --seed 8 exits 0" \
    vp ttt generate --game oTTT --count 40 --seed 8 --threads 2 -o "$G/s8.jsonl"
differ() { ! cmp -s "$1" "$2"; }
check "another seed gives another file" differ "$G/t1.jsonl" "$G/s8.jsonl"

if command -v gzip >/dev/null 2>&1; then
    check_exit 0 "generate to a .gz name exits 0" \
        vp ttt generate --game oTTT --count 40 --seed 7 --threads 2 -o "$G/t1.jsonl.gz"
    check "the .gz file is valid gzip" gzip -t "$G/t1.jsonl.gz"
    gunzips_to() { gzip -dc "$1" >"$T/gunzipped" && cmp "$T/gunzipped" "$2"; }
    check "gzip -dc of the .gz file is byte-identical to the plain file" \
        gunzips_to "$G/t1.jsonl.gz" "$G/t1.jsonl"
else
    vp ttt generate --game oTTT --count 40 --seed 7 --threads 2 -o "$G/t1.jsonl.gz" >/dev/null 2>&1 || true
    skip "generate to a .gz name writes gzip" "no gzip"
fi

check "the file has 40 lines" has_lines "$G/t1.jsonl" 40
F="$G/t1.jsonl"
check_py "every line is a JSON object with all the record fields" '
fields = ("format", "id", "game", "n", "problem", "solution", "verdict", "is_unique_solution",
          "next_player", "board_visualization", "currect_board_visualization", "moves",
          "answers", "value", "value_plies", "optimal_moves", "fastest_moves", "agreement")
for i, r in enumerate(records(sys.argv[1])):
    assert isinstance(r, dict), (i, r)
    missing = [k for k in fields if k not in r]
    assert not missing, (i, missing)
    for k in ("format", "id", "problem", "solution", "board_visualization",
              "currect_board_visualization"):
        assert isinstance(r[k], str) and r[k], (r.get("id"), k, r[k])
' "$F"
check_py "records: game oTTT, n 4 or 5 (the defaults), moves are n distinct cells" '
rs = records(sys.argv[1])
for r in rs:
    assert r["game"] == "oTTT", (r["id"], r["game"])
    assert r["n"] in (4, 5), (r["id"], r["n"])
    m = r["moves"]
    assert len(m) == r["n"] and len(set(m)) == len(m) and set(m) <= set(letters(9)), (r["id"], m)
assert {r["n"] for r in rs} == {4, 5}, "both move counts expected"
' "$F"
check_py "records: ids are unique" '
ids = [r["id"] for r in records(sys.argv[1])]
assert len(set(ids)) == len(ids), sorted(i for i in ids if ids.count(i) > 1)
' "$F"
check_py "records: verdict is win, blocked or fork" '
for r in records(sys.argv[1]):
    assert r["verdict"] in ("win", "blocked", "fork"), (r["id"], r["verdict"])
' "$F"
check_py "records: verdicts balanced (each at least 10 of 40)" '
rs = records(sys.argv[1])
c = {v: sum(r["verdict"] == v for r in rs) for v in ("win", "blocked", "fork")}
assert all(k >= 10 for k in c.values()), c
' "$F"
check_py "records: answers non-empty, distinct, on empty cells" '
for r in records(sys.argv[1]):
    a = r["answers"]
    assert a and len(set(a)) == len(a), (r["id"], a)
    assert set(a) <= set(letters(9)) - set(r["moves"]), (r["id"], a, r["moves"])
' "$F"
check_py "records: is_unique_solution is a bool, true iff exactly one answer" '
for r in records(sys.argv[1]):
    u = r["is_unique_solution"]
    assert type(u) is bool and u == (len(r["answers"]) == 1), (r["id"], u, r["answers"])
' "$F"
check_py "records: next_player is Alice when n is even, Bob when odd" '
for r in records(sys.argv[1]):
    want = "Bob" if r["n"] % 2 else "Alice"
    assert r["next_player"] == want, (r["id"], r["n"], r["next_player"])
' "$F"
check_py "records: the problem asks where next_player should play" '
for r in records(sys.argv[1]):
    tail = "Where should %s play next?" % r["next_player"]
    assert r["problem"].endswith(tail), (r["id"], r["problem"][-60:])
' "$F"
check_py "records: the problem mentions every move letter" '
for r in records(sys.argv[1]):
    words = set(re.findall(r"\b[A-Z]\b", r["problem"]))
    assert set(r["moves"]) <= words, (r["id"], r["moves"])
' "$F"
check_py "records: the problem narrates the moves in order" '
for r in records(sys.argv[1]):
    single = re.findall(r"\b[A-Z]\b", r["problem"])
    assert single[-r["n"]:] == r["moves"], (r["id"], single, r["moves"])
' "$F"
check_py "records: the solution names every answer" '
for r in records(sys.argv[1]):
    words = set(re.findall(r"\b[A-Z]\b", r["solution"]))
    assert set(r["answers"]) <= words, (r["id"], r["solution"], r["answers"])
' "$F"
check_py "records: the current board shows exactly the stones played" '
for r in records(sys.argv[1]):
    cells = r["board_visualization"].split()
    marks = r["currect_board_visualization"].split()
    assert sorted(cells) == letters(9) and len(marks) == 9, (r["id"], cells, marks)
    assert [len(l.split()) for l in r["board_visualization"].splitlines()] == \
        [len(l.split()) for l in r["currect_board_visualization"].splitlines()], r["id"]
    at = dict(zip(cells, marks))
    alice = {at[c] for c in r["moves"][0::2]}
    bob = {at[c] for c in r["moves"][1::2]}
    empty = {at[c] for c in cells if c not in r["moves"]}
    assert len(alice) == 1 and len(bob) <= 1 and len(empty) == 1, (r["id"], alice, bob, empty)
    assert len(alice | bob | empty) == len(alice) + len(bob) + len(empty), (r["id"], marks)
' "$F"
check_py "records: value is win, draw or loss with an integer value_plies" '
for r in records(sys.argv[1]):
    assert r["value"] in ("win", "draw", "loss"), (r["id"], r["value"])
    p = r["value_plies"]
    assert type(p) is int and 1 <= p <= 9 - r["n"], (r["id"], p)
' "$F"
check_py "records: optimal_moves non-empty on empty cells, fastest_moves a non-empty subset" '
for r in records(sys.argv[1]):
    opt, fast = set(r["optimal_moves"]), set(r["fastest_moves"])
    assert opt and opt <= set(letters(9)) - set(r["moves"]), (r["id"], opt)
    assert fast and fast <= opt, (r["id"], fast, opt)
' "$F"
check_py "records: agreement is equal / subset / contradicts as answers compare to optimal_moves" '
for r in records(sys.argv[1]):
    a, o = set(r["answers"]), set(r["optimal_moves"])
    want = "equal" if a == o else "subset" if a < o else "contradicts"
    assert r["agreement"] == want, (r["id"], r["agreement"], want, sorted(a), sorted(o))
' "$F"
check_py "records: a win verdict is a win in 1 ply whose fastest moves are the answers" '
for r in records(sys.argv[1]):
    if r["verdict"] == "win":
        got = (r["value"], r["value_plies"], sorted(r["fastest_moves"]))
        assert got == ("win", 1, sorted(r["answers"])), (r["id"], got, r["answers"])
' "$F"

check_exit 0 "generate --game all --count 12 exits 0" \
    vp ttt generate --game all --count 12 -o "$G/all.jsonl"
check "the all-games file has 48 lines" has_lines "$G/all.jsonl" 48
check_py "the all-games file has 12 records of each of the four games" '
rs = records(sys.argv[1])
c = {}
for r in rs:
    c[r["game"]] = c.get(r["game"], 0) + 1
assert c == {"oTTT": 12, "dTTT": 12, "cTTT": 12, "sTTT": 12}, c
' "$G/all.jsonl"
check_py "the all-games file: agreement and answers consistent in every game" '
for r in records(sys.argv[1]):
    a, o = set(r["answers"]), set(r["optimal_moves"])
    want = "equal" if a == o else "subset" if a < o else "contradicts"
    assert a and r["agreement"] == want, (r["id"], r["agreement"], want)
    assert len(r["moves"]) == r["n"] and not a & set(r["moves"]), r["id"]
' "$G/all.jsonl"

ls -A "$G" | LC_ALL=C sort >"$T/files.got"
printf '%s\n' all.jsonl s8.jsonl t1.jsonl t1.jsonl.gz t2.jsonl | LC_ALL=C sort >"$T/files.want"
check "no stray temporary files are left beside the outputs" cmp "$T/files.got" "$T/files.want"

# -o into something that is not a regular file (a pipe here; /dev/stdout
# alike) writes through it: renaming a temporary file over it would
# replace it.
check_pipe "generate -o into a pipe" "$G/t1.jsonl" vp ttt generate --game oTTT --count 40 --seed 7 --threads 1 -o "$T/fifo"

finish cli_ttt
